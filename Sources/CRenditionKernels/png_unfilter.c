#include "rendition_kernels.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * PNG scanline unfiltering (the decoder side). Exact integer arithmetic, so every path gives
 * the same bytes. Sub, Average and Paeth depend on the pixel to the left, so a row is walked
 * pixel by pixel; for 3- and 4-byte pixels (RGB, RGBA) SSE2, part of every x86-64 CPU,
 * handles a whole pixel per step, as libpng's intrinsics do; Sub on 4-byte pixels takes four
 * pixels per step as a prefix sum. Up has no such dependency: sixteen bytes per step.
 */

/* Up: the row and the one above never overlap (consecutive rows of one buffer), so sixteen
   bytes at a time. */
static void unfilter_up(uint8_t *restrict row, const uint8_t *restrict prior, size_t n) {
    size_t i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(row + i));
        const __m128i b = _mm_loadu_si128((const __m128i *)(prior + i));
        _mm_storeu_si128((__m128i *)(row + i), _mm_add_epi8(x, b));
    }
#endif
    for (; i < n; i++) row[i] = (uint8_t)(row[i] + prior[i]);
}

static inline uint8_t paeth_scalar(int a, int b, int c) {
    int pa = b - c, pb = a - c, pc = pa + pb;
    pa = pa < 0 ? -pa : pa;
    pb = pb < 0 ? -pb : pb;
    pc = pc < 0 ? -pc : pc;
    return (uint8_t)((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c));
}

static void unfilter_scalar(int type, uint8_t *row, const uint8_t *prior, size_t n, size_t bpp) {
    size_t head = bpp < n ? bpp : n;
    switch (type) {
    case 1:
        for (size_t i = head; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        break;
    case 3:
        for (size_t i = 0; i < head; i++) row[i] = (uint8_t)(row[i] + (prior[i] >> 1));
        for (size_t i = head; i < n; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prior[i]) >> 1));
        break;
    case 4:
        for (size_t i = 0; i < head; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        for (size_t i = head; i < n; i++) row[i] = (uint8_t)(row[i] + paeth_scalar(row[i - bpp], prior[i], prior[i - bpp]));
        break;
    default:
        break;
    }
}

#if defined(__SSE2__)
/* Loads `bpp` (3 or 4) bytes as the low 16-bit lanes of a vector; stores them back. */
static inline __attribute__((always_inline)) __m128i load_pixel(const uint8_t *p, size_t bpp) {
    uint32_t v = 0;
    memcpy(&v, p, bpp);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)v), _mm_setzero_si128());
}

static inline __attribute__((always_inline)) void store_pixel(uint8_t *p, __m128i v, size_t bpp) {
    uint32_t out = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, v));
    memcpy(p, &out, bpp);
}

static inline __m128i abs16(__m128i x) {
    return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

/* Sub on a row of 4-byte pixels (n a multiple of 4), four pixels per step: byte-wise sums
   are exact modulo 256, so the running sum is a prefix sum over the four pixels (two shifted
   adds) plus the last pixel of the step before, broadcast. */
static void unfilter_sub4(uint8_t *row, size_t n) {
    __m128i a = _mm_setzero_si128();
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(row + i));
        x = _mm_add_epi8(x, _mm_slli_si128(x, 4));
        x = _mm_add_epi8(x, _mm_slli_si128(x, 8));
        x = _mm_add_epi8(x, a);
        _mm_storeu_si128((__m128i *)(row + i), x);
        a = _mm_shuffle_epi32(x, 0xFF);
    }
    uint32_t last = (uint32_t)_mm_cvtsi128_si32(a);
    for (; i < n; i += 4) {
        for (int k = 0; k < 4; k++) row[i + k] = (uint8_t)(row[i + k] + ((last >> (8 * k)) & 0xFF));
        memcpy(&last, row + i, 4);
    }
}

/* Sub, Average or Paeth on a row of 3- or 4-byte pixels (n a multiple of bpp). */
static inline __attribute__((always_inline)) void unfilter_pixels(int type, uint8_t *row, const uint8_t *prior,
                                                                  size_t n, size_t bpp) {
    const __m128i low = _mm_set1_epi16(0xFF);
    __m128i a = _mm_setzero_si128(), c = a;
    for (size_t i = 0; i < n; i += bpp) {
        __m128i x = load_pixel(row + i, bpp);
        __m128i result;
        if (type == 1) {
            result = _mm_and_si128(_mm_add_epi16(x, a), low);
        } else {
            __m128i b = load_pixel(prior + i, bpp);
            if (type == 3) {
                result = _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(_mm_add_epi16(a, b), 1)), low);
            } else {
                __m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);
                __m128i pc = abs16(_mm_add_epi16(pa, pb));
                pa = abs16(pa);
                pb = abs16(pb);
                __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
                __m128i useA = _mm_cmpeq_epi16(pa, smallest);
                __m128i useB = _mm_andnot_si128(useA, _mm_cmpeq_epi16(pb, smallest));
                __m128i useC = _mm_andnot_si128(_mm_or_si128(useA, useB), _mm_set1_epi16(-1));
                __m128i predictor = _mm_or_si128(_mm_or_si128(_mm_and_si128(useA, a), _mm_and_si128(useB, b)),
                                                 _mm_and_si128(useC, c));
                result = _mm_and_si128(_mm_add_epi16(x, predictor), low);
                c = b;
            }
        }
        store_pixel(row + i, result, bpp);
        a = result;
    }
}
#endif

size_t rdn_png_unfilter_image(uint8_t *data, size_t row_bytes, size_t height, size_t bpp, const uint8_t *zero_row) {
    for (size_t y = 0; y < height; y++) {
        uint8_t *line = data + y * (row_bytes + 1);
        uint8_t *row = line + 1;
        const uint8_t *prior = y == 0 ? zero_row : line - row_bytes;
        int type = line[0];
        if (type > 4) return y + 1;
        if (type == 0) continue;
        if (type == 2) {
            unfilter_up(row, prior, row_bytes);
            continue;
        }
#if defined(__SSE2__)
        /* Constant pixel sizes, so that the pixel loads and stores are plain moves. */
        if (bpp == 4 && row_bytes % 4 == 0) {
            if (type == 1) unfilter_sub4(row, row_bytes);
            else unfilter_pixels(type, row, prior, row_bytes, 4);
            continue;
        }
        if (bpp == 3 && row_bytes % 3 == 0) {
            unfilter_pixels(type, row, prior, row_bytes, 3);
            continue;
        }
#endif
        unfilter_scalar(type, row, prior, row_bytes, bpp);
    }
    return 0;
}
