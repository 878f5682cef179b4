/* The deflate compressor's match finder and entry points (rendition_deflate.h).
 *
 * Hash chains over the last 32 KB, keyed on six bytes. Settings of level 6, measured on the
 * 269 RGBA renditions of the OpenMoji fixtures against zlib level 6 with Z_FILTERED (what
 * Pillow writes) and libdeflate level 6:
 * - matches of at least 6 bytes: with 5, two files come out larger than zlib's; with 4, 41;
 * - up to 128 chain candidates (32 after a match of 32 bytes is found, 64 for the position
 *   after a match), stopping at 128 bytes: fewer candidates make files larger than zlib's;
 * - the inner positions of a run of repeated bytes stay out of the chains: smaller files
 *   (the chains reach further back) and a third less time than inserting every position.
 * Level 5 searches 16 candidates, looks one position ahead only below 8 bytes, and inserts
 * only the last position of a match longer than 32 bytes: on the 24-frame APNG sticker of the
 * peer benchmark, the whole render takes about 0.73 times level 6's time for 1.3 % more bytes
 * (0.9 % fewer than libdeflate's level 5); over the 396 still renditions of the fixtures it
 * is 0.2 % larger than libdeflate's level 5 in total, and their render 1.8 times as fast.
 */
#include <stdlib.h>

#include "../include/rendition_deflate.h"
#include "deflate_internal.h"

#define RDN_HASH_BITS 15
#define RDN_MIN_MATCH 6
#define RDN_GOOD_MATCH 32     /* with a match this long, search a quarter of the chain */
#define RDN_NICE_MATCH 128    /* stop searching at this length */
#define RDN_HASH_MASK ((1ull << (8 * RDN_MIN_MATCH)) - 1)

/* How hard a level searches. */
typedef struct {
    int max_chain;           /* chain candidates searched at a position */
    unsigned lazy_below;     /* below this length, see whether the next position does better */
    unsigned insert_up_to;   /* a longer match puts only its last position in the chains */
} rdn_effort;

static const rdn_effort rdn_level6 = {128, 16, RDN_MAX_MATCH};
static const rdn_effort rdn_level5 = {16, 8, 32};

struct rdn_deflate_state {
    rdn_effort effort;
    /* Chain entries are `base` + position, so that entries from earlier inputs fall below
     * `base` and need no clearing between calls. */
    uint32_t base;
    uint32_t head[1u << RDN_HASH_BITS];
    uint32_t prev[RDN_WINDOW];
    uint32_t symbols[RDN_BLOCK_SYMBOLS];
    rdn_block block;
};

rdn_deflate_state *rdn_deflate_new(int level) {
    rdn_deflate_state *state = calloc(1, sizeof *state);
    if (!state) return NULL;
    state->effort = level <= 5 ? rdn_level5 : rdn_level6;
    state->base = RDN_WINDOW;
    state->block.symbols = state->symbols;
    return state;
}

void rdn_deflate_free(rdn_deflate_state *state) { free(state); }

size_t rdn_deflate_bound(size_t count) {
    /* Every block may be stored: 5 header bytes per 65,535 input bytes and per block (a
     * block ends after 32,766 symbols), plus slack for the bit writer's 8-byte stores. */
    return count + 5 * (count / 65535 + count / (RDN_BLOCK_SYMBOLS - 2) + 2) + 24;
}

static inline uint64_t rdn_load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint32_t rdn_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The six bytes at p, the chains' key. */
static inline uint64_t rdn_key(const uint8_t *p) { return rdn_load64(p) & RDN_HASH_MASK; }

static inline uint32_t rdn_hash_key(uint64_t key) {
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - RDN_HASH_BITS));
}

/* Length of the common prefix of a and b, at most `limit`. */
static inline unsigned rdn_match_length(const uint8_t *a, const uint8_t *b, unsigned limit) {
    unsigned n = 0;
    while (n + 8 <= limit) {
        uint64_t x = rdn_load64(a + n) ^ rdn_load64(b + n);
        if (x) return n + ((unsigned)__builtin_ctzll(x) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

typedef struct {
    unsigned length;
    unsigned distance; /* 0: no match */
} rdn_match;

/* The longest match at `q` longer than `at_least`, among up to `chain` candidates of the
 * chain that starts at `cursor` (stored positions, newest first). */
static inline rdn_match rdn_longest_match(const rdn_deflate_state *state, const uint8_t *input, size_t count,
                                          size_t q, uint32_t cursor, unsigned at_least, int chain) {
    rdn_match best = {at_least, 0};
    const unsigned limit = count - q > RDN_MAX_MATCH ? RDN_MAX_MATCH : (unsigned)(count - q);
    const uint32_t here = state->base + (uint32_t)q;
    const uint32_t lowest = q >= RDN_WINDOW - 1 ? here - (RDN_WINDOW - 1) : state->base;
    const int good_chain = state->effort.max_chain >> 2;
    const uint8_t *target = input + q;
    if (best.length >= limit) return best;
    while (cursor >= lowest && chain-- > 0) {
        const uint8_t *candidate = input + (cursor - state->base);
        if (rdn_load32(candidate + best.length - 3) == rdn_load32(target + best.length - 3) &&
            rdn_load32(candidate) == rdn_load32(target)) {
            unsigned length = rdn_match_length(candidate, target, limit);
            if (length > best.length) {
                best.length = length;
                best.distance = here - cursor;
                if (length >= RDN_NICE_MATCH || length >= limit) break;
                if (length >= RDN_GOOD_MATCH && chain > good_chain) chain = good_chain;
            }
        }
        cursor = state->prev[cursor & RDN_WINDOW_MASK];
    }
    return best;
}

/* Adds `q`, whose key is `key`, to its chain and returns the chain's previous head. */
static inline uint32_t rdn_insert_key(rdn_deflate_state *state, uint64_t key, size_t q) {
    uint32_t h = rdn_hash_key(key), stored = state->base + (uint32_t)q;
    uint32_t previous = state->head[h];
    state->prev[stored & RDN_WINDOW_MASK] = previous;
    state->head[h] = stored;
    return previous;
}

static inline uint32_t rdn_insert(rdn_deflate_state *state, const uint8_t *input, size_t q) {
    return rdn_insert_key(state, rdn_key(input + q), q);
}

static inline void rdn_emit_literal(rdn_block *block, uint8_t byte) {
    block->symbols[block->count++] = byte;
    block->litlen_freq[byte]++;
}

static inline void rdn_emit_match(rdn_block *block, rdn_match m) {
    block->symbols[block->count++] = RDN_MATCH_FLAG | (m.distance - 1) << 8 | (m.length - 3);
    block->litlen_freq[257 + rdn_length_code(m.length - 3)]++;
    block->dist_freq[rdn_distance_code(m.distance - 1)]++;
}

static void rdn_reset_block(rdn_block *block) {
    block->count = 0;
    memset(block->litlen_freq, 0, sizeof block->litlen_freq);
    memset(block->dist_freq, 0, sizeof block->dist_freq);
}

size_t rdn_deflate_compress(rdn_deflate_state *state, const uint8_t *input, size_t count, uint8_t *output,
                            size_t capacity) {
    if (capacity < rdn_deflate_bound(count) || count > 0x40000000u) return 0;
    if (state->base > UINT32_MAX - (uint32_t)count - 2 * RDN_WINDOW) { /* positions would wrap */
        memset(state->head, 0, sizeof state->head);
        state->base = RDN_WINDOW;
    }
    rdn_block *block = &state->block;
    const rdn_effort effort = state->effort;
    rdn_reset_block(block);
    rdn_bit_writer w = {output, 0, 0};
    /* Positions with 8 readable bytes can be hashed; the last few are literals or inside
     * matches. */
    const size_t hashable = count >= 8 ? count - 7 : 0;
    size_t i = 0, block_start = 0;
    size_t inserted = 0; /* positions below this are in the chains or were skipped */
    while (i < count) {
        rdn_match m = {0, 0};
        if (i < hashable) {
            uint32_t cursor = rdn_insert(state, input, i);
            inserted = i + 1;
            m = rdn_longest_match(state, input, count, i, cursor, RDN_MIN_MATCH - 1, effort.max_chain);
            if (m.distance && m.length < effort.lazy_below && i + 1 < hashable) {
                /* Lazy evaluation: a longer match one byte later wins over this one. */
                cursor = rdn_insert(state, input, i + 1);
                inserted = i + 2;
                rdn_match next = rdn_longest_match(state, input, count, i + 1, cursor, m.length, effort.max_chain >> 1);
                if (next.distance) {
                    rdn_emit_literal(block, input[i]);
                    i++;
                    m = next;
                }
            }
        }
        if (!m.distance) {
            rdn_emit_literal(block, input[i]);
            i++;
        } else {
            rdn_emit_match(block, m);
            size_t end = i + m.length;
            size_t stop = end < hashable ? end : hashable;
            /* Inner positions of a run of repeated bytes stay out: only the last position
             * with a given six-byte key is inserted. Past the level's length, only the last
             * position of the match goes in. */
            if (inserted < stop) {
                size_t q = m.length <= effort.insert_up_to ? inserted : stop - 1;
                uint64_t key = rdn_key(input + q);
                for (; q + 1 < stop; q++) {
                    uint64_t next = rdn_key(input + q + 1);
                    if (next != key) rdn_insert_key(state, key, q);
                    key = next;
                }
                rdn_insert_key(state, key, stop - 1);
            }
            if (end > inserted) inserted = end;
            i = end;
        }
        if (block->count >= RDN_BLOCK_SYMBOLS - 2) {
            rdn_write_block(&w, block, input, block_start, i, 0);
            block_start = i;
            rdn_reset_block(block);
        }
    }
    rdn_write_block(&w, block, input, block_start, count, 1);
    if (w.count) {
        rdn_put_bits(&w, 0, 8 - w.count);
        rdn_flush_bits(&w);
    }
    state->base += (uint32_t)count + RDN_WINDOW;
    return (size_t)(w.out - output);
}
