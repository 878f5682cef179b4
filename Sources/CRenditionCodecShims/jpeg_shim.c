#include "rendition_codec_shims.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *error;
    size_t error_capacity;
} jpeg_shim_error;

/* Stops decoding when a progressive JPEG has more scans than allowed: each scan revisits
 * every block of the image, so a small file of many (even empty) scans can keep the decoder
 * busy for minutes (libjpeg-turbo's "LJT-01-003"; its advice is this progress monitor). */
typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
    volatile int exceeded; /* read after the longjmp */
} jpeg_shim_progress;

static void shim_jpeg_progress(j_common_ptr cinfo) {
    jpeg_shim_progress *progress = (jpeg_shim_progress *)cinfo->progress;
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (cinfo->is_decompressor && decompress->input_scan_number > progress->max_scans) {
        jpeg_shim_error *err = (jpeg_shim_error *)cinfo->err;
        if (err->error != NULL && err->error_capacity > 0) {
            snprintf(err->error, err->error_capacity,
                     "progressive JPEG with more than %d scans", progress->max_scans);
        }
        progress->exceeded = 1;
        longjmp(err->jump, 1);
    }
}

static void shim_jpeg_error_exit(j_common_ptr cinfo) {
    jpeg_shim_error *err = (jpeg_shim_error *)cinfo->err;
    if (err->error != NULL && err->error_capacity > 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        snprintf(err->error, err->error_capacity, "%s", buffer);
    }
    longjmp(err->jump, 1);
}

static void shim_jpeg_silence(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level; /* Corrupt-data warnings are tolerated, as browsers do. */
}

static void shim_jpeg_setup(struct jpeg_decompress_struct *cinfo, jpeg_shim_error *err,
                            char *error, size_t error_capacity) {
    memset(cinfo, 0, sizeof(*cinfo));
    cinfo->err = jpeg_std_error(&err->base);
    err->base.error_exit = shim_jpeg_error_exit;
    err->base.emit_message = shim_jpeg_silence;
    err->error = error;
    err->error_capacity = error_capacity;
    if (error != NULL && error_capacity > 0) error[0] = 0;
}

int rdn_jpeg_read_header(const uint8_t *data, size_t size,
                         uint32_t *width, uint32_t *height, int *components,
                         char *error, size_t error_capacity) {
    struct jpeg_decompress_struct cinfo;
    jpeg_shim_error err;
    shim_jpeg_setup(&cinfo, &err, error, error_capacity);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return RDN_SHIM_CORRUPT;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    *components = cinfo.num_components;
    jpeg_destroy_decompress(&cinfo);
    return RDN_SHIM_OK;
}

int rdn_jpeg_decode_rgba8(const uint8_t *data, size_t size,
                          uint8_t *out, size_t out_stride,
                          uint32_t expected_width, uint32_t expected_height,
                          int max_scans,
                          char *error, size_t error_capacity) {
    struct jpeg_decompress_struct cinfo;
    jpeg_shim_error err;
    jpeg_shim_progress progress;
    volatile int status = RDN_SHIM_OK;
    shim_jpeg_setup(&cinfo, &err, error, error_capacity);
    memset(&progress, 0, sizeof(progress));
    progress.base.progress_monitor = shim_jpeg_progress;
    progress.max_scans = max_scans;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        if (progress.exceeded) return RDN_SHIM_LIMIT;
        return status == RDN_SHIM_OK ? RDN_SHIM_CORRUPT : status;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != expected_width || cinfo.output_height != expected_height) {
        status = RDN_SHIM_SIZE_MISMATCH;
        snprintf(error, error_capacity, "image size differs from its header");
        longjmp(err.jump, 1);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out + (size_t)cinfo.output_scanline * out_stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
        if (cmyk) {
            /* Adobe writes inverted CMYK; R = C*K/255 on the stored (inverted) values. */
            for (uint32_t x = 0; x < cinfo.output_width; x++) {
                uint8_t *p = row + 4 * x;
                unsigned k = p[3];
                p[0] = (uint8_t)((p[0] * k + 127) / 255);
                p[1] = (uint8_t)((p[1] * k + 127) / 255);
                p[2] = (uint8_t)((p[2] * k + 127) / 255);
                p[3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return RDN_SHIM_OK;
}
