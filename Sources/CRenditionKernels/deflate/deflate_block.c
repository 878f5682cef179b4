/* Deflate's code tables and the block writer: costs each block in dynamic Huffman, fixed
 * Huffman and stored coding and writes the cheapest. */
#include "deflate_internal.h"

const uint8_t rdn_length_extra_bits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
const uint16_t rdn_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                      31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
const uint8_t rdn_distance_extra_bits[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                             6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
const uint16_t rdn_distance_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,
                                        33,  49,  65,  97,  129, 193,  257,  385,  513,  769,
                                        1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};

/* Extra bits after each code-length symbol: 16 repeats the last length 3-6 times, 17 and 18
   repeat zero 3-10 and 11-138 times. */
static const uint8_t rdn_code_length_extra_bits[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};

/* The order in which code-length code lengths are sent. */
static const uint8_t rdn_code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* The fixed Huffman code's lengths (RFC 1951, 3.2.6). */
static uint8_t rdn_fixed_length(int symbol) {
    return symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8;
}

/* Bits of the block's symbols under the given code lengths, extra bits included. */
static uint64_t rdn_symbol_bits(const rdn_block *block, const uint8_t *litlen, const uint8_t *dist) {
    uint64_t bits = 0;
    for (int s = 0; s < 286; s++)
        bits += (uint64_t)block->litlen_freq[s] * (litlen[s] + (s > 256 ? rdn_length_extra_bits[s - 257] : 0));
    for (int s = 0; s < 30; s++) bits += (uint64_t)block->dist_freq[s] * (dist[s] + rdn_distance_extra_bits[s]);
    return bits;
}

/* Run-length codes of the combined literal/length and distance code lengths: each item is
 * a code-length symbol (0-18) in its low byte and its repeat count's extra bits above. */
static int rdn_run_lengths(const uint8_t *lengths, int n, uint16_t *items, uint32_t *freq) {
    int k = 0, i = 0;
    while (i < n) {
        uint8_t value = lengths[i];
        int run = 1;
        while (i + run < n && lengths[i + run] == value) run++;
        int left = run;
        if (value == 0) {
            while (left >= 11) {
                int r = left > 138 ? 138 : left;
                items[k++] = (uint16_t)(18 | (r - 11) << 8);
                freq[18]++;
                left -= r;
            }
            if (left >= 3) {
                items[k++] = (uint16_t)(17 | (left - 3) << 8);
                freq[17]++;
                left = 0;
            }
        } else {
            items[k++] = value;
            freq[value]++;
            left--;
            while (left >= 3) {
                int r = left > 6 ? 6 : left;
                items[k++] = (uint16_t)(16 | (r - 3) << 8);
                freq[16]++;
                left -= r;
            }
        }
        while (left-- > 0) {
            items[k++] = value;
            freq[value]++;
        }
        i += run;
    }
    return k;
}

static void rdn_write_stored(rdn_bit_writer *w, const uint8_t *input, size_t start, size_t end, int final) {
    size_t position = start;
    do {
        size_t length = end - position > 65535 ? 65535 : end - position;
        int last = final && position + length == end;
        rdn_put_bits(w, (uint64_t)last, 3);
        rdn_flush_bits(w);
        if (w->count) {
            rdn_put_bits(w, 0, 8 - w->count);
            rdn_flush_bits(w);
        }
        rdn_put_bits(w, length | (uint64_t)(length ^ 0xFFFF) << 16, 32);
        rdn_flush_bits(w);
        memcpy(w->out, input + position, length);
        w->out += length;
        position += length;
    } while (position < end);
}

static void rdn_write_symbols(rdn_bit_writer *w, const rdn_block *block, const uint8_t *litlen_lengths,
                              const uint8_t *dist_lengths) {
    uint16_t litlen_codes[RDN_LITLEN_CODES], dist_codes[RDN_DIST_CODES];
    rdn_huffman_codes(litlen_lengths, RDN_LITLEN_CODES, litlen_codes);
    rdn_huffman_codes(dist_lengths, RDN_DIST_CODES, dist_codes);
    /* Each match length's code and extra bits as one value (at most 15 + 5 bits). */
    uint32_t length_bits[256];
    uint8_t length_count[256];
    for (unsigned n = 0; n < 256; n++) {
        const unsigned lc = rdn_length_code(n), len = litlen_lengths[257 + lc];
        length_bits[n] = litlen_codes[257 + lc] | (uint32_t)(n + 3 - rdn_length_base[lc]) << len;
        length_count[n] = (uint8_t)(len + rdn_length_extra_bits[lc]);
    }
    const uint32_t *symbols = block->symbols;
    const size_t count = block->count;
    for (size_t i = 0; i < count; i++) {
        uint32_t symbol = symbols[i];
        if (!(symbol & RDN_MATCH_FLAG)) {
            /* Up to three literals (15 bits each) fit with the 7 bits a flush may leave. */
            const size_t last = i + 2 < count ? i + 2 : count - 1;
            rdn_put_bits(w, litlen_codes[symbol], litlen_lengths[symbol]);
            while (i < last && !(symbols[i + 1] & RDN_MATCH_FLAG)) {
                symbol = symbols[++i];
                rdn_put_bits(w, litlen_codes[symbol], litlen_lengths[symbol]);
            }
        } else {
            const unsigned length_minus_3 = symbol & 0xFF, distance_minus_1 = (symbol >> 8) & 0x7FFF;
            const unsigned dc = rdn_distance_code(distance_minus_1);
            rdn_put_bits(w, length_bits[length_minus_3], length_count[length_minus_3]);
            rdn_flush_bits(w);
            rdn_put_bits(w, dist_codes[dc], dist_lengths[dc]);
            rdn_put_bits(w, distance_minus_1 + 1 - rdn_distance_base[dc], rdn_distance_extra_bits[dc]);
        }
        rdn_flush_bits(w);
    }
    rdn_put_bits(w, litlen_codes[RDN_END_OF_BLOCK], litlen_lengths[RDN_END_OF_BLOCK]);
    rdn_flush_bits(w);
}

void rdn_write_block(rdn_bit_writer *w, rdn_block *block, const uint8_t *input, size_t start, size_t end,
                     int final) {
    block->litlen_freq[RDN_END_OF_BLOCK] = 1;
    uint8_t litlen[RDN_LITLEN_CODES], dist[RDN_DIST_CODES];
    rdn_huffman_lengths(block->litlen_freq, 286, 15, litlen);
    rdn_huffman_lengths(block->dist_freq, 30, 15, dist);
    memset(litlen + 286, 0, RDN_LITLEN_CODES - 286);
    memset(dist + 30, 0, RDN_DIST_CODES - 30);
    int hlit = 286, hdist = 30;
    while (hlit > 257 && !litlen[hlit - 1]) hlit--;
    while (hdist > 1 && !dist[hdist - 1]) hdist--;
    uint8_t lengths[286 + 30];
    memcpy(lengths, litlen, (size_t)hlit);
    memcpy(lengths + hlit, dist, (size_t)hdist);
    uint16_t items[286 + 30];
    uint32_t length_freq[19] = {0};
    int item_count = rdn_run_lengths(lengths, hlit + hdist, items, length_freq);
    uint8_t length_lengths[19];
    rdn_huffman_lengths(length_freq, 19, 7, length_lengths);
    int hclen = 19;
    while (hclen > 4 && !length_lengths[rdn_code_length_order[hclen - 1]]) hclen--;

    uint64_t dynamic_bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen + rdn_symbol_bits(block, litlen, dist);
    for (int s = 0; s < 19; s++)
        dynamic_bits += (uint64_t)length_freq[s] * (length_lengths[s] + rdn_code_length_extra_bits[s]);
    uint8_t fixed_litlen[RDN_LITLEN_CODES], fixed_dist[RDN_DIST_CODES];
    for (int s = 0; s < RDN_LITLEN_CODES; s++) fixed_litlen[s] = rdn_fixed_length(s);
    memset(fixed_dist, 5, sizeof fixed_dist);
    uint64_t fixed_bits = 3 + rdn_symbol_bits(block, fixed_litlen, fixed_dist);
    uint64_t raw = end - start;
    uint64_t stored_bits = ((w->count + 3 + 7) & ~7u) - w->count + 32 * ((raw + 65534) / 65535 + (raw == 0)) + 8 * raw;

    if (stored_bits < dynamic_bits && stored_bits < fixed_bits) {
        rdn_write_stored(w, input, start, end, final);
    } else if (fixed_bits <= dynamic_bits) {
        rdn_put_bits(w, (uint64_t)(final | 1 << 1), 3);
        rdn_write_symbols(w, block, fixed_litlen, fixed_dist);
    } else {
        rdn_put_bits(w, (uint64_t)(final | 2 << 1), 3);
        rdn_put_bits(w, (uint64_t)(hlit - 257), 5);
        rdn_put_bits(w, (uint64_t)(hdist - 1), 5);
        rdn_put_bits(w, (uint64_t)(hclen - 4), 4);
        rdn_flush_bits(w);
        for (int i = 0; i < hclen; i++) {
            rdn_put_bits(w, length_lengths[rdn_code_length_order[i]], 3);
            rdn_flush_bits(w);
        }
        uint16_t length_codes[19];
        rdn_huffman_codes(length_lengths, 19, length_codes);
        for (int i = 0; i < item_count; i++) {
            int s = items[i] & 0xFF, extra = items[i] >> 8;
            rdn_put_bits(w, length_codes[s], length_lengths[s]);
            rdn_put_bits(w, (uint64_t)extra, rdn_code_length_extra_bits[s]);
            rdn_flush_bits(w);
        }
        rdn_write_symbols(w, block, litlen, dist);
    }
}
