#include "rendition_kernels.h"

#include <string.h>

#include "alpha_groups.h"

/*
 * GIF alpha resolution fused with the colour count, as GIFAlphaResolver and
 * GIFColourHistogram define them (their Swift code is the reference the tests compare with).
 */

static inline uint32_t rdn_gif_premultiply(uint32_t v, uint32_t a) {
    const uint32_t t = v * a + 128;
    return (t + (t >> 8)) >> 8;
}

/* One pixel, resolved: 0 below the threshold, else opaque (alpha 255). */
static inline uint32_t rdn_gif_resolve_pixel(const uint8_t *p, const rdn_gif_alpha *alpha) {
    const uint32_t a = p[3];
    if (a == 255) return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | 0xFF000000u;
    if (a < alpha->threshold) return 0;
    uint32_t r, g, b;
    if (alpha->has_matte) {
        const uint32_t inverse = 255 - a;
        r = p[0] + rdn_gif_premultiply(alpha->matte_r, inverse);
        g = p[1] + rdn_gif_premultiply(alpha->matte_g, inverse);
        b = p[2] + rdn_gif_premultiply(alpha->matte_b, inverse);
        r = r > 255 ? 255 : r;
        g = g > 255 ? 255 : g;
        b = b > 255 ? 255 : b;
    } else {
        const uint8_t *row = alpha->unpremultiply + ((size_t)a << 8);
        r = row[p[0]];
        g = row[p[1]];
        b = row[p[2]];
    }
    return r | g << 8 | b << 16 | 0xFF000000u;
}

typedef struct {
    int64_t *cells;
    uint64_t *runs;
    size_t run_count;
    uint32_t last;
    int64_t run;
    int transparent;
} rdn_gif_count;

/* Ends the current run: it is written out as (length << 32 | colour) and, when opaque,
   added to its cell. */
static inline void rdn_gif_flush(rdn_gif_count *c) {
    if (c->run == 0) return;
    const uint32_t p = c->last;
    c->runs[c->run_count++] = (uint64_t)c->run << 32 | p;
    if ((p >> 24) == 0) {
        c->transparent = 1;
    } else {
        int64_t *cell = c->cells + 4 * (((p >> 3) & 0x1F) | ((p >> 11) & 0x1F) << 5 | ((p >> 19) & 0x1F) << 10);
        cell[0] += c->run;
        cell[1] += c->run * (int64_t)(p & 0xFF);
        cell[2] += c->run * (int64_t)((p >> 8) & 0xFF);
        cell[3] += c->run * (int64_t)((p >> 16) & 0xFF);
    }
}

static inline void rdn_gif_count_pixel(rdn_gif_count *c, uint32_t p) {
    if (p == c->last && c->run > 0) {
        c->run++;
    } else {
        rdn_gif_flush(c);
        c->last = p;
        c->run = 1;
    }
}

int rdn_gif_resolve_runs(const uint8_t *src, size_t stride, size_t width, size_t height, const rdn_gif_alpha *alpha,
                         uint64_t *runs, size_t *run_count, int64_t *cells) {
    rdn_gif_count c = {cells, runs, 0, 0, 0, 0};
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = src + y * stride;
        size_t x = 0;
#if defined(__SSE2__)
        /* Four pixels at a time where each is opaque or fully transparent (all of a sticker but
           its edges): the pixel itself or 0, and four equal to the run's colour extend it. */
        for (; x + 4 <= width; x += 4) {
            const rdn_alpha_group g = rdn_alpha_group_load(row + 4 * x);
            if (!rdn_alpha_group_is_hard(g)) {
                for (size_t i = x; i < x + 4; i++) rdn_gif_count_pixel(&c, rdn_gif_resolve_pixel(row + 4 * i, alpha));
                continue;
            }
            const __m128i resolved = rdn_alpha_group_opaque_pixels(g);
            const __m128i same = _mm_cmpeq_epi32(resolved, _mm_set1_epi32((int)c.last));
            if (c.run > 0 && _mm_movemask_ps(_mm_castsi128_ps(same)) == 0xF) {
                c.run += 4;
                continue;
            }
            uint32_t four[4];
            _mm_storeu_si128((__m128i *)four, resolved);
            for (int i = 0; i < 4; i++) rdn_gif_count_pixel(&c, four[i]);
        }
#endif
        for (; x < width; x++) rdn_gif_count_pixel(&c, rdn_gif_resolve_pixel(row + 4 * x, alpha));
    }
    rdn_gif_flush(&c);
    *run_count = c.run_count;
    return c.transparent;
}
