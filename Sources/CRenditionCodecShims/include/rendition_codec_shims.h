#ifndef RENDITION_CODEC_SHIMS_H
#define RENDITION_CODEC_SHIMS_H

/*
 * Thin C wrappers around libpng and libjpeg-turbo.
 *
 * Both libraries report errors by longjmp. These functions own the setjmp, so a
 * longjmp never crosses a Swift frame: every failure comes back as a non-zero
 * status with a NUL-terminated message in `error`.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes shared by the shims. */
enum {
    RDN_SHIM_OK = 0,
    RDN_SHIM_CORRUPT = 1,          /* the library rejected the data */
    RDN_SHIM_SIZE_MISMATCH = 2,    /* the decoded size differs from what the caller expected */
    RDN_SHIM_OUT_OF_MEMORY = 3,
    RDN_SHIM_LIMIT = 4             /* a caller-provided limit was exceeded */
};

/*
 * Decodes a whole PNG (first frame only: APNG chunks are ignored by libpng) into
 * straight-alpha RGBA8. `out` holds `expected_height` rows of `out_stride` bytes.
 * Palette, grey, tRNS and bit depths 1-16 are expanded; 16-bit samples are scaled to
 * 8 bits with rounding; gamma and colour-space chunks are ignored.
 * `max_chunk_bytes` caps the memory libpng may allocate for one ancillary chunk.
 */
int rdn_png_decode_rgba8(const uint8_t *data, size_t size,
                         uint8_t *out, size_t out_stride,
                         uint32_t expected_width, uint32_t expected_height,
                         size_t max_chunk_bytes,
                         char *error, size_t error_capacity);

/* Reads a JPEG header: pixel size and number of components. */
int rdn_jpeg_read_header(const uint8_t *data, size_t size,
                         uint32_t *width, uint32_t *height, int *components,
                         char *error, size_t error_capacity);

/*
 * Decodes a baseline or progressive JPEG (grey, YCbCr, RGB, CMYK or YCCK) into
 * opaque RGBA8. `out` holds `expected_height` rows of `out_stride` bytes.
 * A file with more than `max_scans` scans fails with RDN_SHIM_LIMIT.
 */
int rdn_jpeg_decode_rgba8(const uint8_t *data, size_t size,
                          uint8_t *out, size_t out_stride,
                          uint32_t expected_width, uint32_t expected_height,
                          int max_scans,
                          char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif
