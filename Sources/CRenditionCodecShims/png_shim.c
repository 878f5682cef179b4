#include "rendition_codec_shims.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    /* When non-zero, reading past this offset is an error (see the row loop below). */
    size_t limit;
    char *error;
    size_t error_capacity;
} png_shim_source;

/* Compressed bytes libpng may still read once the last row is requested: that row's data
 * (at most 8 bytes a pixel plus its filter byte) and this much more. */
#define SHIM_PNG_TRAILING_ALLOWANCE 65536

static void shim_png_error(png_structp png, png_const_charp message) {
    png_shim_source *source = (png_shim_source *)png_get_error_ptr(png);
    if (source != NULL && source->error != NULL && source->error_capacity > 0) {
        snprintf(source->error, source->error_capacity, "%s", message);
    }
    png_longjmp(png, 1);
}

static void shim_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* Warnings (bad ancillary CRCs, unknown chunks) are not failures. */
}

static void shim_png_read(png_structp png, png_bytep out, png_size_t length) {
    png_shim_source *source = (png_shim_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) {
        png_error(png, "unexpected end of data (file truncated)");
    }
    if (source->limit != 0 && source->offset + length > source->limit) {
        png_error(png, "the image data goes on far past the end of the image "
                       "(a compressed stream that inflates beyond the image's size)");
    }
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

int rdn_png_decode_rgba8(const uint8_t *data, size_t size,
                         uint8_t *out, size_t out_stride,
                         uint32_t expected_width, uint32_t expected_height,
                         size_t max_chunk_bytes,
                         char *error, size_t error_capacity) {
    if (error != NULL && error_capacity > 0) error[0] = 0;
    png_shim_source source = { data, size, 0, 0, error, error_capacity };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source,
                                             shim_png_error, shim_png_warning);
    if (png == NULL) return RDN_SHIM_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return RDN_SHIM_OUT_OF_MEMORY;
    }
    /* volatile: modified between setjmp and a possible longjmp. */
    png_bytep *volatile rows = NULL;
    volatile int status = RDN_SHIM_OK;
    if (setjmp(png_jmpbuf(png))) {
        if (status == RDN_SHIM_OK) status = RDN_SHIM_CORRUPT;
        png_free(png, rows);
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    png_set_read_fn(png, &source, shim_png_read);
    png_set_user_limits(png, expected_width, expected_height);
    png_set_chunk_malloc_max(png, max_chunk_bytes);
    /* Skip every ancillary chunk except tRNS (none affects the pixels Rendition reads). A
     * release libpng treats a chunk over the malloc limit as a benign error, i.e. only a
     * warning, and would allocate a text or profile chunk's claimed length (up to 2 GiB)
     * before noticing that the file is shorter; skipped chunks are read in small pieces. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    if (width != expected_width || height != expected_height) {
        status = RDN_SHIM_SIZE_MISMATCH;
        png_error(png, "image size differs from its header");
    }
    png_set_expand(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        status = RDN_SHIM_CORRUPT;
        png_error(png, "unexpected row layout after expansion to RGBA8");
    }
    rows = (png_bytep *)png_malloc(png, sizeof(png_bytep) * height);
    for (png_uint_32 y = 0; y < height; y++) rows[y] = out + (size_t)y * out_stride;
    /* png_read_image, row by row: after the last row libpng inflates whatever image data is
     * left (to report "too much image data" as a mere warning), so a small stream that
     * inflates to gigabytes past the image would keep it busy for minutes. Before the last
     * row is read, the compressed data still allowed is capped. */
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            if (pass == passes - 1 && y == height - 1) {
                source.limit = source.offset + (size_t)width * 8 + 1 + SHIM_PNG_TRAILING_ALLOWANCE;
            }
            png_read_row(png, rows[y], NULL);
        }
    }
    source.limit = 0;
    png_read_end(png, NULL);
    png_free(png, rows);
    rows = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return RDN_SHIM_OK;
}
