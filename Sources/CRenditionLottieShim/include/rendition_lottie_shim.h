#ifndef RENDITION_LOTTIE_SHIM_H
#define RENDITION_LOTTIE_SHIM_H

/*
 * rlottie, loaded at run time through its C API (rlottie_capi.h, the same functions in
 * Debian's 0.1 and in current rlottie).
 *
 * Nothing links rlottie: the library is opened with dlopen (RTLD_NOW | RTLD_LOCAL) from a path
 * the caller chose, so one process holds one rlottie whose C++ symbols cannot bind to another
 * copy's. Current rlottie's model cache is turned off when the library is opened
 * (lottie_configure_model_cache_size(0)); 0.1 caches only documents loaded under a non-empty
 * key, and every load here passes an empty one, so each load parses its own bytes. rlottie is
 * C++: each call is made inside a C++ try block, so an exception that reaches it comes back as
 * a status code and never crosses a Swift frame.
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

/* An opened rlottie library: its handle and C API functions. */
typedef struct rdn_lottie_library rdn_lottie_library;

/*
 * Opens the rlottie library at `path` and looks up its C API. On failure returns NULL and
 * writes a NUL-terminated sentence (dlerror's, or the missing function's name) into `error`,
 * `error_size` bytes.
 */
rdn_lottie_library *rdn_lottie_library_open(const char *path, char *error, size_t error_size);

/* Frees what rdn_lottie_library_open allocated (NULL is ignored). The library itself stays
 * loaded: rlottie may keep threads and state for the process, so it is never dlclose'd. No
 * animation loaded from `library` may be used afterwards. */
void rdn_lottie_library_free(rdn_lottie_library *library);

/* 1 when the library is current rlottie (it has lottie_configure_model_cache_size, which came
 * after 0.1), 0 for 0.1. */
int rdn_lottie_library_is_current(const rdn_lottie_library *library);

/* The path the library was opened from, as given. */
const char *rdn_lottie_library_path(const rdn_lottie_library *library);

/* A loaded animation. Not thread-safe: one thread at a time. */
typedef struct rdn_lottie rdn_lottie;

/* Parses `length` bytes of Lottie JSON (need not be NUL-terminated) into `*animation`. */
int rdn_lottie_load(const rdn_lottie_library *library, const char *json, size_t length, rdn_lottie **animation);

/* The composition's size, frame count and frame rate as rlottie reads them. */
void rdn_lottie_info(const rdn_lottie *animation, size_t *width, size_t *height,
                     size_t *total_frames, double *frame_rate);

/*
 * Draws frame `frame` (counted from the composition's in point) at `width` x `height` (the
 * C API's lottie_animation_render: the composition scaled to fit, keeping its aspect ratio,
 * centred), then rewrites the buffer from rlottie's native-endian ARGB32 premultiplied to R, G,
 * B, A bytes (still premultiplied; a colour above its alpha is clamped to it). `rgba` holds
 * `height` rows of `bytes_per_row` bytes, 4-byte aligned, `bytes_per_row` a multiple of 4; it
 * is cleared first.
 */
int rdn_lottie_render_rgba(rdn_lottie *animation, size_t frame, uint8_t *rgba,
                           size_t width, size_t height, size_t bytes_per_row);

/* Frees an animation from rdn_lottie_load (NULL is ignored). */
void rdn_lottie_free(rdn_lottie *animation);

#ifdef __cplusplus
}
#endif

#endif
