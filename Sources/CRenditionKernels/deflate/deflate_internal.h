#ifndef RENDITION_DEFLATE_INTERNAL_H
#define RENDITION_DEFLATE_INTERNAL_H

/* Pieces shared by the deflate compressor's files: limits, the symbol buffer of a block, the
 * bit writer, and the Huffman and block functions. */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RDN_WINDOW 32768                 /* deflate's largest distance */
#define RDN_WINDOW_MASK (RDN_WINDOW - 1)
#define RDN_MAX_MATCH 258
#define RDN_LITLEN_CODES 288             /* 286 used, 288 in the fixed code */
#define RDN_DIST_CODES 32                /* 30 used, 32 in the fixed code */
#define RDN_END_OF_BLOCK 256
#define RDN_BLOCK_SYMBOLS 32768          /* symbols buffered per block */

/* A match symbol: bit 31 set, (distance - 1) in bits 8-22, (length - 3) in bits 0-7.
 * A literal symbol is the byte itself. */
#define RDN_MATCH_FLAG 0x80000000u

typedef struct {
    uint32_t *symbols;                   /* RDN_BLOCK_SYMBOLS entries */
    size_t count;
    uint32_t litlen_freq[RDN_LITLEN_CODES];
    uint32_t dist_freq[RDN_DIST_CODES];
} rdn_block;

/* Little-endian bit output. `out` needs 8 bytes of slack past the last byte written. */
typedef struct {
    uint8_t *out;
    uint64_t bits;
    unsigned count;                      /* pending bits in `bits`, below 8 after a flush */
} rdn_bit_writer;

static inline void rdn_put_bits(rdn_bit_writer *w, uint64_t value, unsigned n) {
    w->bits |= value << w->count;
    w->count += n;
}

/* Writes the whole bytes of the pending bits. Call before more than 56 bits are pending. */
static inline void rdn_flush_bits(rdn_bit_writer *w) {
    memcpy(w->out, &w->bits, 8);
    unsigned bytes = w->count >> 3;
    w->out += bytes;
    w->bits = bytes == 8 ? 0 : w->bits >> (bytes * 8);
    w->count &= 7;
}

/* The length code (0-28, add 257 for the symbol) of a match length minus 3 (0-255): the
 * first eight lengths have codes of their own, then each power of two is split in four. */
static inline unsigned rdn_length_code(unsigned length_minus_3) {
    if (length_minus_3 < 8) return length_minus_3;
    if (length_minus_3 == 255) return 28; /* 258 has a code of its own */
    unsigned log = 31 - (unsigned)__builtin_clz(length_minus_3);
    return 4 * (log - 1) + ((length_minus_3 >> (log - 2)) & 3);
}

/* The distance code (0-29) of a distance minus 1 (0-32767): the first four distances have
 * codes of their own, then each power of two is split in two. */
static inline unsigned rdn_distance_code(unsigned distance_minus_1) {
    if (distance_minus_1 < 4) return distance_minus_1;
    unsigned log = 31 - (unsigned)__builtin_clz(distance_minus_1);
    return 2 * log + ((distance_minus_1 >> (log - 1)) & 1);
}

extern const uint8_t rdn_length_extra_bits[29];
extern const uint16_t rdn_length_base[29];
extern const uint8_t rdn_distance_extra_bits[30];
extern const uint16_t rdn_distance_base[30];

/* Optimal code lengths for `count` symbols with frequencies `freq`, none longer than
 * `max_bits`, into `lengths` (0 for unused symbols). A code always has at least two used
 * symbols, so that it is complete. */
void rdn_huffman_lengths(const uint32_t *freq, int count, int max_bits, uint8_t *lengths);

/* Canonical codes, bit-reversed for LSB-first output, for `count` code lengths. */
void rdn_huffman_codes(const uint8_t *lengths, int count, uint16_t *codes);

/* Writes the block's symbols (input bytes [start, end)) as one deflate block, in the
 * cheapest of dynamic, fixed and stored coding. */
void rdn_write_block(rdn_bit_writer *w, rdn_block *block, const uint8_t *input, size_t start, size_t end,
                     int final);

#endif
