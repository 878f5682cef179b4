#ifndef RENDITION_DEFLATE_H
#define RENDITION_DEFLATE_H

/*
 * A deflate (RFC 1951) compressor made for filtered PNG scanlines of sticker art: long runs
 * of transparent pixels, flat colour, anti-aliased edges.
 *
 * It finds matches of at least six bytes (shorter ones cost more than the literals they
 * replace in filtered image data, the reason zlib's Z_FILTERED strategy exists) through hash
 * chains keyed on six bytes, evaluates one position ahead before taking a match, and leaves
 * the inner positions of a run of repeated bytes out of the chains, which keeps the chains
 * short and the window searched long. Blocks hold up to 32,767 symbols and each is written
 * with the smallest of its dynamic Huffman, fixed Huffman or stored coding.
 *
 * A state is not thread-safe; keep one per thread and reuse it across images.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rdn_deflate_state rdn_deflate_state;

/*
 * A new state (about 400 KB of tables), or NULL when memory is short. `level` 6 (or more)
 * searches hardest; 5 (or less) searches 16 chain candidates instead of 128, looks one
 * position ahead only below 8 bytes instead of 16, and puts only the last position of a match
 * longer than 32 bytes in the chains: faster, for slightly larger output.
 */
rdn_deflate_state *rdn_deflate_new(int level);

/* Frees a state from rdn_deflate_new (NULL is allowed). */
void rdn_deflate_free(rdn_deflate_state *state);

/* The output capacity rdn_deflate_compress needs for `count` input bytes, whatever they are. */
size_t rdn_deflate_bound(size_t count);

/*
 * Compresses `count` bytes at `input` into one raw deflate stream (no zlib or gzip wrapper)
 * at `output`, which must hold rdn_deflate_bound(count) bytes. Returns the stream's length,
 * or 0 when `capacity` is below that bound or the input is over 1 GiB. Same input, same
 * bytes, whatever the state compressed before.
 */
size_t rdn_deflate_compress(rdn_deflate_state *state, const uint8_t *input, size_t count,
                            uint8_t *output, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
