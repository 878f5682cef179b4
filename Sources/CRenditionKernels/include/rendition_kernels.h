#ifndef RENDITION_KERNELS_H
#define RENDITION_KERNELS_H

/*
 * Native (vectorised) inner loops for the Lanczos resampler in RenditionCore.
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

#ifdef __cplusplus
}
#endif

#endif
