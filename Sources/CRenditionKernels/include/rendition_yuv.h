#ifndef RENDITION_YUV_H
#define RENDITION_YUV_H

/*
 * Colour conversion between 8-bit Y'CbCr 4:2:0 (as VP8 and VP9 code video) and RGBA.
 *
 * The matrix is given as fixed-point coefficients (16 fractional bits), so the caller picks
 * BT.601, BT.709 or BT.2020, limited or full range. Portable C that the compiler vectorises,
 * with an AVX2 copy chosen at run time; every build and CPU gives the same bytes.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Y'CbCr -> R'G'B' in 16 fractional bits:
 *   R = y_scale (Y - y_offset) + r_v (V - 128)
 *   G = y_scale (Y - y_offset) - g_u (U - 128) - g_v (V - 128)
 *   B = y_scale (Y - y_offset) + b_u (U - 128)
 * each rounded and clamped to 0...255. */
typedef struct rdn_yuv_to_rgb {
    int32_t y_scale, y_offset, r_v, g_u, g_v, b_u;
} rdn_yuv_to_rgb;

/* R'G'B' -> Y'CbCr in 16 fractional bits:
 *   Y  = y_offset + (y_r R + y_g G + y_b B)
 *   Cb = 128 + (u_r R + u_g G + u_b B)
 *   Cr = 128 + (v_r R + v_g G + v_b B)
 * each rounded and clamped to 0...255. */
typedef struct rdn_rgb_to_yuv {
    int32_t y_offset, y_r, y_g, y_b, u_r, u_g, u_b, v_r, v_g, v_b;
} rdn_rgb_to_yuv;

/*
 * Converts a 4:2:0 picture to straight RGBA. Chroma is upsampled bilinearly with samples
 * centred between each 2x2 block of luma (weights 9/16, 3/16, 3/16, 1/16; edges repeated).
 * Alpha comes from `a` (a full-range plane of luma size) or is 255 when `a` is NULL.
 * `scratch` holds 4 * width int32 values.
 */
void rdn_yuv420_to_rgba(const uint8_t *y, ptrdiff_t y_stride,
                        const uint8_t *u, ptrdiff_t u_stride,
                        const uint8_t *v, ptrdiff_t v_stride,
                        const uint8_t *a, ptrdiff_t a_stride,
                        uint8_t *rgba, ptrdiff_t rgba_stride,
                        int width, int height, const rdn_yuv_to_rgb *matrix, int32_t *scratch);

/*
 * Converts straight RGBA to 4:2:0 planes: luma per pixel; each chroma sample from the 2x2
 * block it covers, the colours weighted by alpha (so the colour under transparent pixels
 * does not bleed into visible ones; a fully transparent block takes its plain average);
 * `alpha`, when not NULL, receives the alpha channel as a plane of luma size.
 */
void rdn_rgba_to_yuv420(const uint8_t *rgba, ptrdiff_t rgba_stride, int width, int height,
                        uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                        uint8_t *v, ptrdiff_t v_stride, uint8_t *alpha, ptrdiff_t alpha_stride,
                        const rdn_rgb_to_yuv *matrix);

/* The same two conversions in plain scalar C, never vectorised: the reference the tests
 * hold the functions above to (same bytes). */
void rdn_yuv420_to_rgba_portable(const uint8_t *y, ptrdiff_t y_stride,
                                 const uint8_t *u, ptrdiff_t u_stride,
                                 const uint8_t *v, ptrdiff_t v_stride,
                                 const uint8_t *a, ptrdiff_t a_stride,
                                 uint8_t *rgba, ptrdiff_t rgba_stride,
                                 int width, int height, const rdn_yuv_to_rgb *matrix, int32_t *scratch);
void rdn_rgba_to_yuv420_portable(const uint8_t *rgba, ptrdiff_t rgba_stride, int width, int height,
                                 uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                                 uint8_t *v, ptrdiff_t v_stride, uint8_t *alpha, ptrdiff_t alpha_stride,
                                 const rdn_rgb_to_yuv *matrix);

/* Non-zero when any pixel of an RGBA picture has alpha below 255. */
int rdn_any_alpha_below_255(const uint8_t *rgba, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride);

#ifdef __cplusplus
}
#endif

#endif
