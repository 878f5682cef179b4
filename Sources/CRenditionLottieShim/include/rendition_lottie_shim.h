#ifndef RENDITION_LOTTIE_SHIM_H
#define RENDITION_LOTTIE_SHIM_H

/*
 * A C face over rlottie's C++ API.
 *
 * rlottie's own C API loads through a model cache keyed by a caller-chosen string (two
 * different files with the same key would share one model); this shim loads with the cache
 * off. rlottie is C++: every call here catches exceptions (std::bad_alloc and the like) in
 * C++, so none crosses a Swift frame; failures come back as status codes.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes of the Lottie shim. */
enum {
    RDN_LOTTIE_OK = 0,
    RDN_LOTTIE_INVALID = 1,        /* rlottie could not build an animation from the JSON */
    RDN_LOTTIE_OUT_OF_MEMORY = 2,
    RDN_LOTTIE_FAILED = 3          /* rlottie threw some other exception */
};

/* A loaded animation (rlottie::Animation). Not thread-safe: one thread at a time. */
typedef struct rdn_lottie rdn_lottie;

/* Parses `length` bytes of Lottie JSON (need not be NUL-terminated) into `*animation`. */
int rdn_lottie_load(const char *json, size_t length, rdn_lottie **animation);

/* The composition's size, frame count and frame rate as rlottie reads them. */
void rdn_lottie_info(const rdn_lottie *animation, size_t *width, size_t *height,
                     size_t *total_frames, double *frame_rate);

/*
 * Draws frame `frame` (counted from the composition's in point) scaled to `width` x `height`
 * (the aspect ratio is not kept: the whole composition fills the buffer), then rewrites the
 * buffer from rlottie's native-endian ARGB32 premultiplied to R, G, B, A bytes (still
 * premultiplied; a colour above its alpha is clamped to it). `rgba` holds `height` rows of
 * `bytes_per_row` bytes, 4-byte aligned, `bytes_per_row` a multiple of 4.
 */
int rdn_lottie_render_rgba(rdn_lottie *animation, size_t frame, uint8_t *rgba,
                           size_t width, size_t height, size_t bytes_per_row);

/* Frees an animation from rdn_lottie_load (NULL is ignored). */
void rdn_lottie_free(rdn_lottie *animation);

#ifdef __cplusplus
}
#endif

#endif
