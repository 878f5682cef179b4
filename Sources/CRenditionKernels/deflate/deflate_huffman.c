/* Length-limited Huffman code lengths and canonical codes for the deflate compressor. */
#include <stdlib.h>

#include "deflate_internal.h"

typedef struct {
    uint32_t freq;
    uint16_t symbol;
} rdn_leaf;

/* By frequency, then by symbol: a total order, so the lengths are deterministic. */
static int rdn_leaf_order(const void *a, const void *b) {
    const rdn_leaf *x = a, *y = b;
    if (x->freq != y->freq) return x->freq < y->freq ? -1 : 1;
    return x->symbol < y->symbol ? -1 : 1;
}

/* Moffat and Katajainen's in-place computation of minimum-redundancy code lengths:
 * `a` holds n >= 2 frequencies in ascending order and receives each one's code length. */
static void rdn_minimum_redundancy(uint32_t *a, int n) {
    int root = 0, leaf = 2, next;
    a[0] += a[1];
    for (next = 1; next < n - 1; next++) {
        if (leaf >= n || a[root] < a[leaf]) {
            a[next] = a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= n || (root < next && a[root] < a[leaf])) {
            a[next] += a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] += a[leaf++];
        }
    }
    a[n - 2] = 0;
    for (next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    int available = 1, used = 0, depth = 0;
    root = n - 2;
    next = n - 1;
    while (available > 0) {
        while (root >= 0 && (int)a[root] == depth) {
            used++;
            root--;
        }
        while (available > used) {
            a[next--] = (uint32_t)depth;
            available--;
        }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

void rdn_huffman_lengths(const uint32_t *freq, int count, int max_bits, uint8_t *lengths) {
    rdn_leaf leaves[RDN_LITLEN_CODES];
    uint32_t depth[RDN_LITLEN_CODES];
    int n = 0;
    memset(lengths, 0, (size_t)count);
    for (int s = 0; s < count; s++) {
        if (freq[s]) {
            leaves[n].freq = freq[s];
            leaves[n].symbol = (uint16_t)s;
            n++;
        }
    }
    if (n < 2) { /* one used symbol (or none) still gets a complete two-symbol code */
        int used = n ? leaves[0].symbol : 0;
        lengths[used] = 1;
        lengths[used == 0 ? 1 : 0] = 1;
        return;
    }
    qsort(leaves, (size_t)n, sizeof leaves[0], rdn_leaf_order);
    for (int i = 0; i < n; i++) depth[i] = leaves[i].freq;
    rdn_minimum_redundancy(depth, n);

    /* Leaves per length; lengths over the limit are folded back while keeping the code
     * complete: each step drops one leaf from the deepest level and splits a shallower
     * leaf into two, lowering the Kraft sum by exactly one unit of 2^-max_bits. */
    int per_length[64] = {0};
    for (int i = 0; i < n; i++) per_length[depth[i] > 63 ? 63 : depth[i]]++;
    if ((int)depth[0] > max_bits) {
        for (int l = max_bits + 1; l < 64; l++) {
            per_length[max_bits] += per_length[l];
            per_length[l] = 0;
        }
        uint32_t kraft = 0;
        for (int l = max_bits; l > 0; l--) kraft += (uint32_t)per_length[l] << (max_bits - l);
        while (kraft != (1u << max_bits)) {
            per_length[max_bits]--;
            for (int l = max_bits - 1; l > 0; l--) {
                if (per_length[l]) {
                    per_length[l]--;
                    per_length[l + 1] += 2;
                    break;
                }
            }
            kraft--;
        }
    }
    /* The least frequent symbols get the longest codes. */
    int i = 0;
    for (int l = 63; l > 0; l--)
        for (int k = 0; k < per_length[l]; k++) lengths[leaves[i++].symbol] = (uint8_t)l;
}

void rdn_huffman_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    uint16_t per_length[16] = {0}, next[16] = {0};
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint16_t code = 0;
    for (int b = 1; b < 16; b++) {
        code = (uint16_t)((code + per_length[b - 1]) << 1);
        next[b] = code;
    }
    for (int s = 0; s < count; s++) {
        unsigned length = lengths[s];
        if (!length) {
            codes[s] = 0;
            continue;
        }
        unsigned c = next[length]++, reversed = 0;
        for (unsigned k = 0; k < length; k++) {
            reversed = (reversed << 1) | (c & 1);
            c >>= 1;
        }
        codes[s] = (uint16_t)reversed;
    }
}
