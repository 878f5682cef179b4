#include "rendition_yuv.h"
#include "rendition_kernels.h"

static inline uint8_t clamp_u8(int32_t value)
{
    return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value;
}

/* Chroma row `r` vertically interpolated for luma row `row` (times 4): 3 near + 1 far. */
static void chroma_row(const uint8_t *plane, ptrdiff_t stride, int chroma_height, int chroma_width,
                       int row, int32_t *out)
{
    int near = row >> 1;
    int far = (row & 1) ? near + 1 : near - 1;
    if (far < 0) far = 0;
    if (far >= chroma_height) far = chroma_height - 1;
    const uint8_t *n = plane + near * stride, *f = plane + far * stride;
    for (int x = 0; x < chroma_width; x++) out[x] = 3 * (int32_t)n[x] + (int32_t)f[x];
}

void rdn_yuv420_to_rgba_portable(const uint8_t *y, ptrdiff_t y_stride,
                        const uint8_t *u, ptrdiff_t u_stride,
                        const uint8_t *v, ptrdiff_t v_stride,
                        const uint8_t *a, ptrdiff_t a_stride,
                        uint8_t *rgba, ptrdiff_t rgba_stride,
                        int width, int height, const rdn_yuv_to_rgb *m, int32_t *scratch)
{
    int cw = (width + 1) >> 1, ch = (height + 1) >> 1;
    int32_t *urow = scratch, *vrow = scratch + cw, *uup = scratch + 2 * width, *vup = scratch + 3 * width;
    for (int row = 0; row < height; row++) {
        chroma_row(u, u_stride, ch, cw, row, urow);
        chroma_row(v, v_stride, ch, cw, row, vrow);
        /* Horizontal: output x takes 3/4 of chroma x/2 and 1/4 of its neighbour on the
         * side x lies; the sum is 16 times the sample. */
        for (int x = 0; x < width; x++) {
            int c = x >> 1;
            int other = (x & 1) ? c + 1 : c - 1;
            if (other < 0) other = 0;
            if (other >= cw) other = cw - 1;
            uup[x] = 3 * urow[c] + urow[other];
            vup[x] = 3 * vrow[c] + vrow[other];
        }
        const uint8_t *yr = y + row * y_stride;
        const uint8_t *ar = a ? a + row * a_stride : 0;
        uint8_t *out = rgba + row * rgba_stride;
        for (int x = 0; x < width; x++) {
            /* Chroma in 4 fractional bits: (sum + 8) >> 4 would round; keep the bits instead. */
            int32_t luma = m->y_scale * ((int32_t)yr[x] - m->y_offset);
            int32_t cb = uup[x] - 128 * 16, cr = vup[x] - 128 * 16;
            int32_t r = luma + ((m->r_v * cr) >> 4);
            int32_t g = luma - ((m->g_u * cb + m->g_v * cr) >> 4);
            int32_t b = luma + ((m->b_u * cb) >> 4);
            out[4 * x + 0] = clamp_u8((r + 32768) >> 16);
            out[4 * x + 1] = clamp_u8((g + 32768) >> 16);
            out[4 * x + 2] = clamp_u8((b + 32768) >> 16);
            out[4 * x + 3] = ar ? ar[x] : 255;
        }
    }
}

void rdn_rgba_to_yuv420_portable(const uint8_t *rgba, ptrdiff_t rgba_stride, int width, int height,
                        uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                        uint8_t *v, ptrdiff_t v_stride, uint8_t *alpha, ptrdiff_t alpha_stride,
                        const rdn_rgb_to_yuv *m)
{
    for (int row = 0; row < height; row++) {
        const uint8_t *in = rgba + row * rgba_stride;
        uint8_t *yr = y + row * y_stride;
        for (int x = 0; x < width; x++) {
            int32_t r = in[4 * x], g = in[4 * x + 1], b = in[4 * x + 2];
            yr[x] = clamp_u8(m->y_offset + ((m->y_r * r + m->y_g * g + m->y_b * b + 32768) >> 16));
        }
        if (alpha) {
            uint8_t *ar = alpha + row * alpha_stride;
            for (int x = 0; x < width; x++) ar[x] = in[4 * x + 3];
        }
    }
    for (int cy = 0; cy < (height + 1) / 2; cy++) {
        for (int cx = 0; cx < (width + 1) / 2; cx++) {
            int64_t sr = 0, sg = 0, sb = 0, sa = 0, pr = 0, pg = 0, pb = 0;
            int n = 0;
            for (int dy = 0; dy < 2; dy++) {
                int py = 2 * cy + dy;
                if (py >= height) continue;
                for (int dx = 0; dx < 2; dx++) {
                    int px = 2 * cx + dx;
                    if (px >= width) continue;
                    const uint8_t *p = rgba + py * rgba_stride + 4 * px;
                    sr += p[3] * p[0]; sg += p[3] * p[1]; sb += p[3] * p[2]; sa += p[3];
                    pr += p[0]; pg += p[1]; pb += p[2];
                    n++;
                }
            }
            int32_t r, g, b;
            if (sa > 0) {
                r = (int32_t)((sr + sa / 2) / sa); g = (int32_t)((sg + sa / 2) / sa); b = (int32_t)((sb + sa / 2) / sa);
            } else {
                r = (int32_t)((pr + n / 2) / n); g = (int32_t)((pg + n / 2) / n); b = (int32_t)((pb + n / 2) / n);
            }
            u[cy * u_stride + cx] = clamp_u8(128 + ((m->u_r * r + m->u_g * g + m->u_b * b + 32768) >> 16));
            v[cy * v_stride + cx] = clamp_u8(128 + ((m->v_r * r + m->v_g * g + m->v_b * b + 32768) >> 16));
        }
    }
}

/*
 * The same conversions without a branch or a 64-bit division in their inner loops, so the
 * compiler vectorises them; compiled twice (yuv_fast_body.h), plainly and for AVX2, the
 * copy chosen at run time. Every result equals the portable functions' above: the same
 * integer expressions, chroma edges handled apart, and each alpha-weighted average divided
 * in double precision, which gives the exact integer quotient for every sum a 2x2 block can
 * have (checked exhaustively by the kernels' tests).
 */
#define NAME(x) rdn_plain_##x
#include "yuv_fast_body.h"
#undef NAME

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define NAME(x) rdn_avx2_##x
#include "yuv_fast_body.h"
#undef NAME
#pragma clang attribute pop
#define RDN_YUV_HAVE_AVX2 1
#endif

void rdn_yuv420_to_rgba(const uint8_t *y, ptrdiff_t y_stride,
                        const uint8_t *u, ptrdiff_t u_stride,
                        const uint8_t *v, ptrdiff_t v_stride,
                        const uint8_t *a, ptrdiff_t a_stride,
                        uint8_t *rgba, ptrdiff_t rgba_stride,
                        int width, int height, const rdn_yuv_to_rgb *m, int32_t *scratch)
{
#ifdef RDN_YUV_HAVE_AVX2
    if (rdn_kernels_available()) {
        rdn_avx2_yuv420_to_rgba(y, y_stride, u, u_stride, v, v_stride, a, a_stride, rgba, rgba_stride, width,
                                height, m, scratch);
        return;
    }
#endif
    rdn_plain_yuv420_to_rgba(y, y_stride, u, u_stride, v, v_stride, a, a_stride, rgba, rgba_stride, width, height,
                             m, scratch);
}

void rdn_rgba_to_yuv420(const uint8_t *rgba, ptrdiff_t rgba_stride, int width, int height,
                        uint8_t *y, ptrdiff_t y_stride, uint8_t *u, ptrdiff_t u_stride,
                        uint8_t *v, ptrdiff_t v_stride, uint8_t *alpha, ptrdiff_t alpha_stride,
                        const rdn_rgb_to_yuv *m)
{
#ifdef RDN_YUV_HAVE_AVX2
    if (rdn_kernels_available()) {
        rdn_avx2_rgba_to_yuv420(rgba, rgba_stride, width, height, y, y_stride, u, u_stride, v, v_stride, alpha,
                                alpha_stride, m);
        return;
    }
#endif
    rdn_plain_rgba_to_yuv420(rgba, rgba_stride, width, height, y, y_stride, u, u_stride, v, v_stride, alpha,
                             alpha_stride, m);
}

int rdn_any_alpha_below_255(const uint8_t *rgba, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride)
{
    for (ptrdiff_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + y * stride;
        uint8_t all = 255;
        for (ptrdiff_t x = 0; x < width; x++) all &= row[4 * x + 3];
        if (all != 255) return 1;
    }
    return 0;
}
