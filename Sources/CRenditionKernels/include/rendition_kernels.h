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

/* One vertical window: `count` (at least 1) source rows and their weights, none zero. */
typedef struct {
    const float *const *rows;
    const float *weights;
    int count;
} rdn_window;

/*
 * The vertical pass of four output rows A-D (windows[0..3]). For every pixel p < pixels
 * writes 8 floats to out_ab + 8p: sum_k weights[k] * rows[k][4p + c] for c = 0..3 of window
 * A, then the same for B; and C and D to out_cd. Each sum starts from its first tap's
 * product and adds the others in order.
 */
void rdn_vertical_quad(const rdn_window *windows, size_t pixels, float *out_ab, float *out_cd);

/*
 * The horizontal pass of four output rows from the pair rows rdn_vertical_quad wrote. For
 * every output pixel x < count and each of the 8 lanes l of both pair rows:
 * acc = sum_k weights[x * taps + k] * row[8 (starts[x] + k) + l], from the first tap's product;
 * lanes 0-3 and 4-7 of row_ab are rows A and B, of row_cd rows C and D. Each is clamped
 * (alpha to [0, 255], colours to [0, alpha]), rounded to nearest even and stored as RGBA8
 * at out[row] + 4x.
 */
void rdn_horizontal_quad(const float *row_ab, const float *row_cd, const int32_t *starts,
                         const float *weights, int taps, size_t count, uint8_t *const *out);

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

/* The deflate compressor for PNG rows, declared in its own header. */
#include "rendition_deflate.h"

#endif
