#include "rendition_kernels.h"

#include <string.h>

/*
 * Per-pixel conversions on RGBA8, integer and exact, written for the auto-vectoriser, with
 * an AVX2 copy chosen at run time (same results).
 */

#define RDN_PIXEL_BODY                                                                          \
    static void NAME(premultiply)(const uint8_t *src, uint8_t *dst, size_t pixels) {            \
        for (size_t i = 0; i < pixels; i++) {                                                    \
            const uint32_t a = src[4 * i + 3];                                                   \
            for (int c = 0; c < 3; c++) {                                                        \
                uint32_t t = src[4 * i + c] * a + 128;                                           \
                dst[4 * i + c] = (uint8_t)((t + (t >> 8)) >> 8);                                 \
            }                                                                                    \
            dst[4 * i + 3] = (uint8_t)a;                                                         \
        }                                                                                        \
    }                                                                                            \
    static uint32_t NAME(stats)(const uint8_t *px, size_t pixels) {                              \
        uint32_t translucent = 0, colored = 0;                                                  \
        for (size_t i = 0; i < pixels; i++) {                                                    \
            const uint8_t r = px[4 * i], g = px[4 * i + 1], b = px[4 * i + 2], a = px[4 * i + 3]; \
            translucent |= (uint32_t)(a != 255);                                                  \
            colored |= (uint32_t)((r != g) | (g != b));                                          \
        }                                                                                        \
        return (translucent ? RDN_STATS_TRANSLUCENT : 0) | (colored ? RDN_STATS_COLORED : 0);  \
    }

#define NAME(x) rdn_portable_##x
RDN_PIXEL_BODY
#undef NAME

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define NAME(x) rdn_avx2_##x
RDN_PIXEL_BODY
#undef NAME
#pragma clang attribute pop
#define RDN_HAVE_AVX2_PATH 1
#endif

#ifdef RDN_HAVE_AVX2_PATH
#include <immintrin.h>
#include <string.h>

/* 8 pixels at a time: widen to 16 bits, multiply each colour by its pixel's alpha,
   round-divide by 255 exactly as the scalar code does, restore alpha, narrow. */
__attribute__((target("avx2"))) static void rdn_avx2_premultiply_vector(const uint8_t *src, uint8_t *dst, size_t pixels) {
    const __m256i alpha_spread = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i alpha_lane = _mm256_setr_epi16(0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1);
    const __m256i bias = _mm256_set1_epi16(128);
    size_t i = 0;
    for (; i + 8 <= pixels; i += 8) {
        const __m256i in = _mm256_loadu_si256((const __m256i *)(src + 4 * i));
        /* lo: pixels 0,1 and 4,5; hi: pixels 2,3 and 6,7 (per 128-bit lane unpacking). */
        const __m256i zero = _mm256_setzero_si256();
        __m256i lo = _mm256_unpacklo_epi8(in, zero);
        __m256i hi = _mm256_unpackhi_epi8(in, zero);
        const __m256i alo = _mm256_shuffle_epi8(lo, alpha_spread);
        const __m256i ahi = _mm256_shuffle_epi8(hi, alpha_spread);
        __m256i tlo = _mm256_add_epi16(_mm256_mullo_epi16(lo, alo), bias);
        __m256i thi = _mm256_add_epi16(_mm256_mullo_epi16(hi, ahi), bias);
        tlo = _mm256_srli_epi16(_mm256_add_epi16(tlo, _mm256_srli_epi16(tlo, 8)), 8);
        thi = _mm256_srli_epi16(_mm256_add_epi16(thi, _mm256_srli_epi16(thi, 8)), 8);
        lo = _mm256_blendv_epi8(tlo, lo, alpha_lane);
        hi = _mm256_blendv_epi8(thi, hi, alpha_lane);
        _mm256_storeu_si256((__m256i *)(dst + 4 * i), _mm256_packus_epi16(lo, hi));
    }
    if (i < pixels) rdn_avx2_premultiply(src + 4 * i, dst + 4 * i, pixels - i);
}
#endif

void rdn_premultiply_rgba(const uint8_t *src, uint8_t *dst, size_t pixels) {
#ifdef RDN_HAVE_AVX2_PATH
    if (rdn_kernels_available()) { rdn_avx2_premultiply_vector(src, dst, pixels); return; }
#endif
    rdn_portable_premultiply(src, dst, pixels);
}

uint32_t rdn_rgba_stats(const uint8_t *pixels, size_t count) {
#ifdef RDN_HAVE_AVX2_PATH
    if (rdn_kernels_available()) return rdn_avx2_stats(pixels, count);
#endif
    return rdn_portable_stats(pixels, count);
}

/* One premultiplied OVER pixel, exactly as PremultipliedBlend documents it. */
static inline void rdn_over_pixel(const uint8_t *s, uint8_t *d) {
    const uint32_t sa = s[3];
    if (sa == 255) {
        memcpy(d, s, 4);
    } else if (sa != 0) {
        const uint32_t inverse = 255 - sa;
        for (int c = 0; c < 4; c++) {
            uint32_t t = d[c] * inverse + 128;
            d[c] = (uint8_t)(s[c] + ((t + (t >> 8)) >> 8));
        }
    }
}

#include "alpha_groups.h"

/* One premultiplied pixel to straight alpha through `table` (row a, column v: v * 255 / a). */
static inline void rdn_unpremultiply_pixel(const uint8_t *s, uint8_t *d, const uint8_t *table) {
    const uint8_t a = s[3];
    /* Opaque and fully transparent pixels need no lookup: the table gives v at alpha 255 and
     * 0 at alpha 0. */
    if (a == 255) {
        memmove(d, s, 4);
        return;
    }
    if (a == 0) {
        memset(d, 0, 4);
        return;
    }
    const uint8_t *row = table + ((size_t)a << 8);
    d[0] = row[s[0]];
    d[1] = row[s[1]];
    d[2] = row[s[2]];
    d[3] = a;
}

void rdn_unpremultiply_rgba(const uint8_t *src, uint8_t *dst, size_t pixels, const uint8_t *table) {
    size_t i = 0;
#if defined(__SSE2__)
    /* Four pixels at a time when each is opaque (kept) or fully transparent (zeroed), most of
       a sticker: a select, no lookups. Mixed groups go pixel by pixel. `dst` may be `src`. */
    for (; i + 4 <= pixels; i += 4) {
        const rdn_alpha_group g = rdn_alpha_group_load(src + 4 * i);
        if (rdn_alpha_group_is_hard(g)) {
            _mm_storeu_si128((__m128i *)(dst + 4 * i), rdn_alpha_group_opaque_pixels(g));
            continue;
        }
        for (size_t k = i; k < i + 4; k++) rdn_unpremultiply_pixel(src + 4 * k, dst + 4 * k, table);
    }
#endif
    for (; i < pixels; i++) rdn_unpremultiply_pixel(src + 4 * i, dst + 4 * i, table);
}

void rdn_over_rgba(const uint8_t *src, uint8_t *dst, size_t pixels) {
    size_t i = 0;
#if defined(__SSE2__)
    /* Four pixels at a time when each is opaque or fully transparent (GIF frames, the
       inside and outside of art): a select, no arithmetic. Mixed groups go pixel by pixel. */
    for (; i + 4 <= pixels; i += 4) {
        const rdn_alpha_group g = rdn_alpha_group_load(src + 4 * i);
        if (rdn_alpha_group_is_hard(g)) {
            if (g.opaque_bits == 0) continue;
            __m128i *d = (__m128i *)(dst + 4 * i);
            if (g.opaque_bits == 0xF) {
                _mm_storeu_si128(d, g.pixels);
            } else {
                const __m128i old = _mm_loadu_si128(d);
                _mm_storeu_si128(d, _mm_or_si128(rdn_alpha_group_opaque_pixels(g), _mm_andnot_si128(g.opaque, old)));
            }
            continue;
        }
        for (size_t j = i; j < i + 4; j++) rdn_over_pixel(src + 4 * j, dst + 4 * j);
    }
#endif
    for (; i < pixels; i++) rdn_over_pixel(src + 4 * i, dst + 4 * i);
}

void rdn_rgba_nonzero_span(const uint8_t *row, size_t pixels, size_t *first, size_t *end) {
    size_t lo = 0;
    for (; lo + 4 <= pixels; lo += 4) {
        uint64_t a, b;
        memcpy(&a, row + 4 * lo, 8);
        memcpy(&b, row + 4 * lo + 8, 8);
        if (a | b) break;
    }
    for (; lo < pixels; lo++) {
        uint32_t v;
        memcpy(&v, row + 4 * lo, 4);
        if (v) break;
    }
    if (lo == pixels) {
        *first = 0;
        *end = 0;
        return;
    }
    size_t hi = pixels;
    for (; hi - lo >= 4; hi -= 4) {
        uint64_t a, b;
        memcpy(&a, row + 4 * (hi - 4), 8);
        memcpy(&b, row + 4 * (hi - 2), 8);
        if (a | b) break;
    }
    for (; hi > lo; hi--) {
        uint32_t v;
        memcpy(&v, row + 4 * (hi - 1), 4);
        if (v) break;
    }
    *first = lo;
    *end = hi;
}
