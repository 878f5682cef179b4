#ifndef RENDITION_ALPHA_GROUPS_H
#define RENDITION_ALPHA_GROUPS_H

/*
 * Four RGBA8 pixels at a time, sorted by alpha: sticker art is mostly opaque inside and fully
 * transparent outside, so the kernels that convert or composite pixels take such groups with
 * a select and leave the rest (soft edges) to their per-pixel code.
 */

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>

typedef struct {
    __m128i pixels;  /* the four pixels as loaded */
    __m128i opaque;  /* all ones in the lanes of opaque pixels (alpha 255) */
    int opaque_bits; /* bit k: pixel k is opaque */
    int clear_bits;  /* bit k: pixel k is fully transparent (alpha 0) */
} rdn_alpha_group;

static inline rdn_alpha_group rdn_alpha_group_load(const uint8_t *p) {
    const __m128i alpha_mask = _mm_set1_epi32((int)0xFF000000u);
    rdn_alpha_group g;
    g.pixels = _mm_loadu_si128((const __m128i *)p);
    const __m128i alpha = _mm_and_si128(g.pixels, alpha_mask);
    g.opaque = _mm_cmpeq_epi32(alpha, alpha_mask);
    g.opaque_bits = _mm_movemask_ps(_mm_castsi128_ps(g.opaque));
    g.clear_bits = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(alpha, _mm_setzero_si128())));
    return g;
}

/* Whether every pixel of the group is opaque or fully transparent. */
static inline int rdn_alpha_group_is_hard(rdn_alpha_group g) { return (g.opaque_bits | g.clear_bits) == 0xF; }

/* The group with its transparent pixels zeroed and its opaque ones kept. */
static inline __m128i rdn_alpha_group_opaque_pixels(rdn_alpha_group g) { return _mm_and_si128(g.pixels, g.opaque); }

#endif

#endif
