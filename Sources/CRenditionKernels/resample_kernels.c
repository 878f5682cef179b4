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
#define RDN_MUL(ptr, w) _mm256_mul_ps(_mm256_loadu_ps(ptr), w)

/* Stores two accumulators of four RGBA pixels each (rows A and B) as four interleaved
   pixels: A's then B's RGBA for each. */
#define RDN_STORE_PAIR(d, a, b)                                        \
    do {                                                               \
        _mm256_storeu_ps((d), _mm256_permute2f128_ps(a, b, 0x20));     \
        _mm256_storeu_ps((d) + 8, _mm256_permute2f128_ps(a, b, 0x31)); \
    } while (0)

/* The vertical sums of windows a and b, interleaved into `out` (8 floats a pixel). Each
   sum starts from its first tap's product (0 + x and x differ at most in the sign of a zero,
   which rounding to bytes does not see) and adds the others in order. */
RDN_AVX2 static void rdn_vertical_two(const rdn_window *wa, const rdn_window *wb, size_t from, size_t to, float *out) {
    const int na = wa->count, nb = wb->count, both = na < nb ? na : nb;
    const float *const *ra = wa->rows, *const *rb = wb->rows;
    const float *fa = wa->weights, *fb = wb->weights;
    size_t p = from;
    for (; p + 8 <= to; p += 8) {
        const size_t o = p * 4;
        __m256 w = _mm256_broadcast_ss(fa);
        const float *r = ra[0] + o;
        __m256 a0 = RDN_MUL(r, w), a1 = RDN_MUL(r + 8, w), a2 = RDN_MUL(r + 16, w), a3 = RDN_MUL(r + 24, w);
        w = _mm256_broadcast_ss(fb);
        r = rb[0] + o;
        __m256 b0 = RDN_MUL(r, w), b1 = RDN_MUL(r + 8, w), b2 = RDN_MUL(r + 16, w), b3 = RDN_MUL(r + 24, w);
        int k = 1;
        for (; k < both; k++) {
            w = _mm256_broadcast_ss(fa + k);
            r = ra[k] + o;
            RDN_MAC(a0, r, w);
            RDN_MAC(a1, r + 8, w);
            RDN_MAC(a2, r + 16, w);
            RDN_MAC(a3, r + 24, w);
            w = _mm256_broadcast_ss(fb + k);
            r = rb[k] + o;
            RDN_MAC(b0, r, w);
            RDN_MAC(b1, r + 8, w);
            RDN_MAC(b2, r + 16, w);
            RDN_MAC(b3, r + 24, w);
        }
        for (int j = k; j < na; j++) {
            w = _mm256_broadcast_ss(fa + j);
            r = ra[j] + o;
            RDN_MAC(a0, r, w);
            RDN_MAC(a1, r + 8, w);
            RDN_MAC(a2, r + 16, w);
            RDN_MAC(a3, r + 24, w);
        }
        for (int j = k; j < nb; j++) {
            w = _mm256_broadcast_ss(fb + j);
            r = rb[j] + o;
            RDN_MAC(b0, r, w);
            RDN_MAC(b1, r + 8, w);
            RDN_MAC(b2, r + 16, w);
            RDN_MAC(b3, r + 24, w);
        }
        float *d = out + p * 8;
        RDN_STORE_PAIR(d, a0, b0);
        RDN_STORE_PAIR(d + 16, a1, b1);
        RDN_STORE_PAIR(d + 32, a2, b2);
        RDN_STORE_PAIR(d + 48, a3, b3);
    }
    for (; p < to; p++) {
        __m128 a = _mm_mul_ps(_mm_loadu_ps(ra[0] + p * 4), _mm_set1_ps(fa[0]));
        __m128 b = _mm_mul_ps(_mm_loadu_ps(rb[0] + p * 4), _mm_set1_ps(fb[0]));
        for (int k = 1; k < na; k++) a = _mm_add_ps(a, _mm_mul_ps(_mm_loadu_ps(ra[k] + p * 4), _mm_set1_ps(fa[k])));
        for (int k = 1; k < nb; k++) b = _mm_add_ps(b, _mm_mul_ps(_mm_loadu_ps(rb[k] + p * 4), _mm_set1_ps(fb[k])));
        _mm_storeu_ps(out + p * 8, a);
        _mm_storeu_ps(out + p * 8 + 4, b);
    }
}

RDN_AVX2 void rdn_vertical_quad(const rdn_window *windows, size_t pixels, float *out_ab, float *out_cd) {
    /* Column blocks small enough that the source rows of all four windows stay in L1 while
       both pairs are summed: the second pair reads mostly the lines the first one loaded. */
    const size_t block = 64;
    for (size_t p = 0; p < pixels; p += block) {
        const size_t end = pixels - p < block ? pixels : p + block;
        rdn_vertical_two(&windows[0], &windows[1], p, end, out_ab);
        rdn_vertical_two(&windows[2], &windows[3], p, end, out_cd);
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

/* Clamps and rounds the lanes of one accumulator (RGBA of row A, then of row B) to the
   integers 0-255 in 32-bit lanes. */
RDN_AVX2 static inline __m256i rdn_round_pair(__m256 acc) {
    const __m256 zero = _mm256_setzero_ps();
    __m256 alpha = _mm256_permute_ps(acc, 0xFF);
    alpha = _mm256_min_ps(_mm256_max_ps(alpha, zero), _mm256_set1_ps(255.0f));
    const __m256 clamped = _mm256_min_ps(_mm256_max_ps(acc, zero), alpha);
    return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(clamped, _mm256_set1_ps(12582912.0f))),
                            _mm256_set1_epi32(0xFF));
}

/* Four accumulators (pixels x..x+3 of rows A and B) as bytes: the packs keep 128-bit lanes
   apart, so the low lane gathers row A's four pixels and the high lane row B's. */
RDN_AVX2 static inline void rdn_quantize_four(__m256 p0, __m256 p1, __m256 p2, __m256 p3, uint8_t *a, uint8_t *b) {
    const __m256i words01 = _mm256_packus_epi32(rdn_round_pair(p0), rdn_round_pair(p1));
    const __m256i words23 = _mm256_packus_epi32(rdn_round_pair(p2), rdn_round_pair(p3));
    const __m256i bytes = _mm256_packus_epi16(words01, words23);
    _mm_storeu_si128((__m128i *)a, _mm256_castsi256_si128(bytes));
    _mm_storeu_si128((__m128i *)b, _mm256_extracti128_si256(bytes, 1));
}

RDN_AVX2 void rdn_horizontal_quad(const float *row_ab, const float *row_cd, const int32_t *starts,
                                  const float *weights, int taps, size_t count, uint8_t *const *out) {
    uint8_t *out_a = out[0], *out_b = out[1], *out_c = out[2], *out_d = out[3];
    size_t x = 0;
    /* Four output pixels a step, eight independent sums: one weight broadcast feeds both pairs. */
    for (; x + 4 <= count; x += 4) {
        const float *w0 = weights + x * (size_t)taps;
        const float *w1 = w0 + taps, *w2 = w1 + taps, *w3 = w2 + taps;
        const size_t s0 = (size_t)starts[x] * 8, s1 = (size_t)starts[x + 1] * 8;
        const size_t s2 = (size_t)starts[x + 2] * 8, s3 = (size_t)starts[x + 3] * 8;
        __m256 v = _mm256_broadcast_ss(w0);
        __m256 c0 = RDN_MUL(row_ab + s0, v), d0 = RDN_MUL(row_cd + s0, v);
        v = _mm256_broadcast_ss(w1);
        __m256 c1 = RDN_MUL(row_ab + s1, v), d1 = RDN_MUL(row_cd + s1, v);
        v = _mm256_broadcast_ss(w2);
        __m256 c2 = RDN_MUL(row_ab + s2, v), d2 = RDN_MUL(row_cd + s2, v);
        v = _mm256_broadcast_ss(w3);
        __m256 c3 = RDN_MUL(row_ab + s3, v), d3 = RDN_MUL(row_cd + s3, v);
        for (int k = 1; k < taps; k++) {
            const size_t o = 8 * (size_t)k;
            v = _mm256_broadcast_ss(w0 + k);
            RDN_MAC(c0, row_ab + s0 + o, v);
            RDN_MAC(d0, row_cd + s0 + o, v);
            v = _mm256_broadcast_ss(w1 + k);
            RDN_MAC(c1, row_ab + s1 + o, v);
            RDN_MAC(d1, row_cd + s1 + o, v);
            v = _mm256_broadcast_ss(w2 + k);
            RDN_MAC(c2, row_ab + s2 + o, v);
            RDN_MAC(d2, row_cd + s2 + o, v);
            v = _mm256_broadcast_ss(w3 + k);
            RDN_MAC(c3, row_ab + s3 + o, v);
            RDN_MAC(d3, row_cd + s3 + o, v);
        }
        rdn_quantize_four(c0, c1, c2, c3, out_a + 4 * x, out_b + 4 * x);
        rdn_quantize_four(d0, d1, d2, d3, out_c + 4 * x, out_d + 4 * x);
    }
    for (; x < count; x++) {
        const float *w = weights + x * (size_t)taps;
        const size_t s0 = (size_t)starts[x] * 8;
        __m256 v = _mm256_broadcast_ss(w);
        __m256 c = RDN_MUL(row_ab + s0, v), d = RDN_MUL(row_cd + s0, v);
        for (int k = 1; k < taps; k++) {
            v = _mm256_broadcast_ss(w + k);
            RDN_MAC(c, row_ab + s0 + 8 * (size_t)k, v);
            RDN_MAC(d, row_cd + s0 + 8 * (size_t)k, v);
        }
        rdn_quantize_pair(c, out_a + 4 * x, out_b + 4 * x);
        rdn_quantize_pair(d, out_c + 4 * x, out_d + 4 * x);
    }
}

#else

/* No native kernels on this architecture: the portable Swift kernels run instead. */
int rdn_kernels_available(void) { return 0; }
void rdn_widen_u8_f32(const uint8_t *src, float *dst, size_t count) { (void)src; (void)dst; (void)count; }
void rdn_vertical_quad(const rdn_window *windows, size_t pixels, float *out_ab, float *out_cd) {
    (void)windows; (void)pixels; (void)out_ab; (void)out_cd;
}
void rdn_horizontal_quad(const float *row_ab, const float *row_cd, const int32_t *starts, const float *weights,
                         int taps, size_t count, uint8_t *const *out) {
    (void)row_ab; (void)row_cd; (void)starts; (void)weights; (void)taps; (void)count; (void)out;
}

#endif
