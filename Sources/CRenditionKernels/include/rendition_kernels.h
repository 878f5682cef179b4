#ifndef RENDITION_KERNELS_H
#define RENDITION_KERNELS_H

/*
 * Native (vectorised) inner loops: the Lanczos resampler in RenditionCore and PNG row
 * filtering in RenditionCodecs.
 *
 * Each function carries its own target attribute (AVX2) and is only called when
 * rdn_kernels_available() says the CPU supports it, so the package needs no compiler flags.
 * They compute exactly what the portable Swift kernels compute, lane by lane, in the same
 * order and without fused multiply-add, so both give identical bytes.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Non-zero when the native kernels can run on this CPU. */
int rdn_kernels_available(void);

/* dst[i] = (float)src[i] for i < count. */
void rdn_widen_u8_f32(const uint8_t *src, float *dst, size_t count);

/*
 * For every pixel p < pixels writes 8 floats to out + 8p: sum_k wa[k] * rows_a[k][4p + c]
 * for c = 0..3, then the same for rows_b / wb. Zero weights are skipped.
 */
void rdn_vertical_pair(const float *const *rows_a, const float *wa,
                       const float *const *rows_b, const float *wb,
                       int taps, size_t pixels, float *out);

/*
 * For every output pixel x < count: acc = sum_k weights[x * taps + k] * row[8 (starts[x] + k) + l]
 * for the 8 lanes l; lanes 0-3 (row A) and 4-7 (row B) are clamped (alpha to [0, 255],
 * colours to [0, alpha]), rounded to nearest even and stored as RGBA8 at out_a + 4x and
 * out_b + 4x.
 */
void rdn_horizontal_pair(const float *row, const int32_t *starts, const float *weights,
                         int taps, size_t count, uint8_t *out_a, uint8_t *out_b);

/*
 * Filters `height` PNG rows of `row_bytes` bytes (filter distance `bpp`) into `out`, each row
 * prefixed by its filter type: adaptive per row among None, Up, Sub and Paeth (minimum sum of
 * absolute values) or, when `adaptive` is 0, filter None. `scratch` must hold 5 * row_bytes bytes.
 * Uses AVX2 when available; rdn_png_filter_image_portable never does. Same bytes either way.
 */
void rdn_png_filter_image(const uint8_t *raw, size_t row_bytes, size_t height, size_t bpp,
                          int adaptive, uint8_t *scratch, uint8_t *out);
void rdn_png_filter_image_portable(const uint8_t *raw, size_t row_bytes, size_t height, size_t bpp,
                                   int adaptive, uint8_t *scratch, uint8_t *out);

/*
 * Reverses the PNG filters of `height` rows stored at `data`, each a filter-type byte followed
 * by `row_bytes` bytes, in place; `bpp` is the filter's byte distance (at least 1) and
 * `zero_row` holds `row_bytes` zeros (the row above the first). Returns 0, or y + 1 for the
 * first row y whose filter type is above 4 (rows before it are unfiltered). Any CPU.
 */
size_t rdn_png_unfilter_image(uint8_t *data, size_t row_bytes, size_t height, size_t bpp, const uint8_t *zero_row);

/* dst = src with every colour channel premultiplied: round(v * a / 255). May alias. */
void rdn_premultiply_rgba(const uint8_t *src, uint8_t *dst, size_t pixels);

/* dst = src un-premultiplied through `table` (indexed by alpha << 8 | value). May alias. */
void rdn_unpremultiply_rgba(const uint8_t *src, uint8_t *dst, size_t pixels, const uint8_t *table);

/* Porter-Duff OVER of premultiplied src onto dst in place: d = s + round(d * (255 - sa) / 255)
   per channel, with PremultipliedBlend's rounding (t = v * (255 - sa) + 128, (t + (t >> 8)) >> 8). */
void rdn_over_rgba(const uint8_t *src, uint8_t *dst, size_t pixels);

/* The pixels of an RGBA8 row that are not all-zero lie in [*first, *end); both are 0 when
   every pixel is (0, 0, 0, 0). */
void rdn_rgba_nonzero_span(const uint8_t *row, size_t pixels, size_t *first, size_t *end);

/* Bits of rdn_rgba_stats. */
enum { RDN_STATS_TRANSLUCENT = 1, RDN_STATS_COLORED = 2 };

/* Whether any pixel has alpha below 255, and whether any has R, G, B not all equal. */
uint32_t rdn_rgba_stats(const uint8_t *pixels, size_t count);

/* How rdn_gif_resolve_runs turns premultiplied pixels into GIF pixels (GIFAlphaResolver). */
typedef struct {
    uint8_t threshold;    /* alpha below this (at least 1) becomes transparent */
    uint8_t has_matte;    /* kept semi-transparent pixels: over the matte, or un-premultiplied */
    uint8_t matte_r, matte_g, matte_b;
    const uint8_t *unpremultiply;  /* table indexed by alpha << 8 | value (when has_matte is 0) */
} rdn_gif_alpha;

/*
 * Resolves `height` rows of `width` premultiplied RGBA8 pixels (rows `stride` bytes apart),
 * row after row, into runs of equal GIF pixels: each written to `runs` as
 * (length << 32 | pixel), the pixel 0 for alpha below the threshold, otherwise the opaque
 * colour as little-endian RGBA with alpha 255; a run may go on from one row to the next.
 * `runs` must hold width * height entries; `*run_count` receives how many were written. Adds
 * each opaque pixel to its cell of 5 bits per channel, four numbers per cell:
 * cells[4 cell] += 1, cells[4 cell + 1 + c] += channel c. Returns 1 if any pixel became
 * transparent, else 0. Any CPU (SSE2 where there is one; same results).
 */
int rdn_gif_resolve_runs(const uint8_t *src, size_t stride, size_t width, size_t height, const rdn_gif_alpha *alpha,
                         uint64_t *runs, size_t *run_count, int64_t *cells);

#ifdef __cplusplus
}
#endif

/* The colour conversion kernels of the WebM codec, declared in their own header. */
#include "rendition_yuv.h"

#endif
