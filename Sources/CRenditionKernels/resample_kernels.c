#include "rendition_kernels.h"

#include <string.h>

/* The portable Swift kernels never fuse multiply and add; neither may these. */
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define RDN_AVX2 __attribute__((target("avx2")))

int rdn_kernels_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

RDN_AVX2 void rdn_widen_u8_f32(const uint8_t *src, float *dst, size_t count) {
    const __m256i exponent = _mm256_set1_epi32(0x4B000000);
    const __m256 bias = _mm256_set1_ps(8388608.0f);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        /* Source frames are usually far out of cache (a whole animation is decoded first):
           ask for the lines a few rows' worth ahead, or the loop waits on every load. */
        if ((i & 63) == 0) _mm_prefetch((const char *)(src + i + 2048), _MM_HINT_T0);
        __m256i wide = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(src + i)));
        __m256 value = _mm256_sub_ps(_mm256_castsi256_ps(_mm256_or_si256(wide, exponent)), bias);
        _mm256_storeu_ps(dst + i, value);
    }
    for (; i < count; i++) dst[i] = (float)src[i];
}

#define RDN_MAC(acc, ptr, w) acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_loadu_ps(ptr), w))

RDN_AVX2 void rdn_vertical_pair(const float *const *rows_a, const float *wa,
                                const float *const *rows_b, const float *wb,
                                int taps, size_t pixels, float *out) {
    size_t p = 0;
    for (; p + 8 <= pixels; p += 8) {
        const size_t o = p * 4;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        __m256 b0 = a0, b1 = a0, b2 = a0, b3 = a0;
        for (int k = 0; k < taps; k++) {
            if (wa[k] != 0.0f) {
                const __m256 w = _mm256_set1_ps(wa[k]);
                const float *r = rows_a[k] + o;
                RDN_MAC(a0, r, w);
                RDN_MAC(a1, r + 8, w);
                RDN_MAC(a2, r + 16, w);
                RDN_MAC(a3, r + 24, w);
            }
            if (wb[k] != 0.0f) {
                const __m256 w = _mm256_set1_ps(wb[k]);
                const float *r = rows_b[k] + o;
                RDN_MAC(b0, r, w);
                RDN_MAC(b1, r + 8, w);
                RDN_MAC(b2, r + 16, w);
                RDN_MAC(b3, r + 24, w);
            }
        }
        float *d = out + p * 8;
        _mm256_storeu_ps(d, _mm256_permute2f128_ps(a0, b0, 0x20));
        _mm256_storeu_ps(d + 8, _mm256_permute2f128_ps(a0, b0, 0x31));
        _mm256_storeu_ps(d + 16, _mm256_permute2f128_ps(a1, b1, 0x20));
        _mm256_storeu_ps(d + 24, _mm256_permute2f128_ps(a1, b1, 0x31));
        _mm256_storeu_ps(d + 32, _mm256_permute2f128_ps(a2, b2, 0x20));
        _mm256_storeu_ps(d + 40, _mm256_permute2f128_ps(a2, b2, 0x31));
        _mm256_storeu_ps(d + 48, _mm256_permute2f128_ps(a3, b3, 0x20));
        _mm256_storeu_ps(d + 56, _mm256_permute2f128_ps(a3, b3, 0x31));
    }
    for (; p < pixels; p++) {
        __m128 a = _mm_setzero_ps(), b = a;
        for (int k = 0; k < taps; k++) {
            if (wa[k] != 0.0f) a = _mm_add_ps(a, _mm_mul_ps(_mm_loadu_ps(rows_a[k] + p * 4), _mm_set1_ps(wa[k])));
            if (wb[k] != 0.0f) b = _mm_add_ps(b, _mm_mul_ps(_mm_loadu_ps(rows_b[k] + p * 4), _mm_set1_ps(wb[k])));
        }
        _mm_storeu_ps(out + p * 8, a);
        _mm_storeu_ps(out + p * 8 + 4, b);
    }
}

/* Clamps and rounds two RGBA float pixels (lanes 0-3 and 4-7) and stores them as bytes. */
RDN_AVX2 static inline void rdn_quantize_pair(__m256 acc, uint8_t *a, uint8_t *b) {
    const __m256 zero = _mm256_setzero_ps();
    __m256 alpha = _mm256_permute_ps(acc, 0xFF);
    alpha = _mm256_min_ps(_mm256_max_ps(alpha, zero), _mm256_set1_ps(255.0f));
    const __m256 clamped = _mm256_min_ps(_mm256_max_ps(acc, zero), alpha);
    const __m256i bits = _mm256_and_si256(
        _mm256_castps_si256(_mm256_add_ps(clamped, _mm256_set1_ps(12582912.0f))), _mm256_set1_epi32(0xFF));
    const __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(bits), _mm256_extracti128_si256(bits, 1));
    const __m128i bytes = _mm_packus_epi16(words, words);
    const uint64_t both = (uint64_t)_mm_cvtsi128_si64(bytes);
    memcpy(a, &both, 4);
    memcpy(b, (const uint8_t *)&both + 4, 4);
}

RDN_AVX2 void rdn_horizontal_pair(const float *row, const int32_t *starts, const float *weights,
                                  int taps, size_t count, uint8_t *out_a, uint8_t *out_b) {
    size_t x = 0;
    for (; x + 4 <= count; x += 4) {
        const float *w0 = weights + x * (size_t)taps;
        const float *w1 = w0 + taps, *w2 = w1 + taps, *w3 = w2 + taps;
        const float *p0 = row + (size_t)starts[x] * 8, *p1 = row + (size_t)starts[x + 1] * 8;
        const float *p2 = row + (size_t)starts[x + 2] * 8, *p3 = row + (size_t)starts[x + 3] * 8;
        __m256 c0 = _mm256_setzero_ps(), c1 = c0, c2 = c0, c3 = c0;
        for (int k = 0; k < taps; k++) {
            RDN_MAC(c0, p0 + 8 * k, _mm256_set1_ps(w0[k]));
            RDN_MAC(c1, p1 + 8 * k, _mm256_set1_ps(w1[k]));
            RDN_MAC(c2, p2 + 8 * k, _mm256_set1_ps(w2[k]));
            RDN_MAC(c3, p3 + 8 * k, _mm256_set1_ps(w3[k]));
        }
        rdn_quantize_pair(c0, out_a + 4 * x, out_b + 4 * x);
        rdn_quantize_pair(c1, out_a + 4 * x + 4, out_b + 4 * x + 4);
        rdn_quantize_pair(c2, out_a + 4 * x + 8, out_b + 4 * x + 8);
        rdn_quantize_pair(c3, out_a + 4 * x + 12, out_b + 4 * x + 12);
    }
    for (; x < count; x++) {
        const float *w = weights + x * (size_t)taps;
        const float *p = row + (size_t)starts[x] * 8;
        __m256 c = _mm256_setzero_ps();
        for (int k = 0; k < taps; k++) RDN_MAC(c, p + 8 * k, _mm256_set1_ps(w[k]));
        rdn_quantize_pair(c, out_a + 4 * x, out_b + 4 * x);
    }
}

#else

/* No native kernels on this architecture: the portable Swift kernels run instead. */
int rdn_kernels_available(void) { return 0; }
void rdn_widen_u8_f32(const uint8_t *src, float *dst, size_t count) { (void)src; (void)dst; (void)count; }
void rdn_vertical_pair(const float *const *rows_a, const float *wa, const float *const *rows_b, const float *wb,
                       int taps, size_t pixels, float *out) {
    (void)rows_a; (void)wa; (void)rows_b; (void)wb; (void)taps; (void)pixels; (void)out;
}
void rdn_horizontal_pair(const float *row, const int32_t *starts, const float *weights, int taps, size_t count,
                         uint8_t *out_a, uint8_t *out_b) {
    (void)row; (void)starts; (void)weights; (void)taps; (void)count; (void)out_a; (void)out_b;
}

#endif
