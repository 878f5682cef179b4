/*
 * rendition.h — the C interface of Rendition, a sticker rendition engine.
 *
 * Rendition turns sticker art authored at @3x into the @2x and @1x renditions a sticker
 * pack needs (Lanczos-3 on premultiplied alpha, so transparent edges keep no fringe),
 * decodes and re-encodes animations (APNG, GIF, WebP) frame-exactly, checks stickers
 * against a platform's rules and renders whole folders. This header is the whole C API;
 * link with `pkg-config --cflags --libs rendition` (see the README's "C" section).
 *
 * A minimal program:
 *
 *     rdn_image *master = NULL;
 *     rdn_rendition *out = NULL;
 *     size_t count = 0;
 *     rdn_error *error = NULL;
 *     if (rdn_image_decode(bytes, length, NULL, &master, &error) != RDN_OK ||
 *         rdn_render(master, NULL, &out, &count, &error) != RDN_OK) {
 *         fprintf(stderr, "%s\n", rdn_error_message(error));
 *         rdn_error_free(error);
 *     }
 *     for (size_t i = 0; i < count; i++)   // @2x then @1x
 *         printf("@%ux %ux%u: %zu bytes\n", out[i].scale, out[i].width, out[i].height, out[i].length);
 *     rdn_renditions_free(out, count);
 *     rdn_image_free(master);
 *
 * ERRORS. Every function that can fail returns an `rdn_status`: RDN_OK (0) on success,
 * otherwise the kind of failure. Its last parameter is `rdn_error **error`: when it is not
 * NULL, the function always writes it — NULL on success, and on failure a newly allocated
 * error describing this failure (its status and a one-line message for people), which the
 * caller owns and releases with rdn_error_free(). Pass NULL when the status is enough. There
 * is no global or thread-local "last error": each call reports its own failure, so the model
 * is thread-safe by construction. On failure, every out-parameter the caller passed is set to
 * NULL or 0, so freeing it unconditionally is safe.
 *
 * OWNERSHIP. Nothing the library returns is a Swift object; everything is one of:
 *   - rdn_image *         opaque handle   -> rdn_image_free()
 *   - rdn_error *         opaque error    -> rdn_error_free()
 *   - rdn_rendition[]     array + bytes   -> rdn_renditions_free(array, count)
 *   - uint8_t * bytes     encoded file    -> rdn_bytes_free()
 *   - char * string       UTF-8 JSON      -> rdn_string_free()
 * `const char *` results (rdn_version_string, rdn_status_name, rdn_error_message) are owned by
 * the library: static strings, or for rdn_error_message valid until its error is freed.
 * Every free function accepts NULL. Input buffers are only read during the call and never
 * retained: the caller may free them as soon as the call returns.
 *
 * THREADS. Every function may be called from any thread at the same time. An rdn_image is
 * immutable once created: one handle may be read, resized, rendered and encoded from several
 * threads at once, as long as no thread frees it while another still uses it. Errors,
 * renditions, bytes and strings belong to the caller and need no locking by the library.
 * rdn_render, rdn_image_resize and the folder renderers may use worker threads of their own
 * (rdn_render_options.threads); they return only when those are done.
 *
 * PIXELS. Images are RGBA, 8 bits per channel, rows top to bottom. Internally, and by default
 * when copying out, colours are premultiplied by alpha (each colour channel at most alpha, a
 * fully transparent pixel is 0,0,0,0); RDN_ALPHA_STRAIGHT converts to and from straight
 * alpha with rounding to nearest. An animation is a sequence of fully composited,
 * canvas-sized frames with exact delays; a still image is an animation of one frame.
 *
 * VERSIONING. This is version RDN_VERSION_MAJOR.MINOR.PATCH of the interface. Within a major
 * version, functions are only added and structs that the caller allocates
 * (rdn_render_options) only grow at their end, announced by their `struct_size` field.
 */
#ifndef RENDITION_H
#define RENDITION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------- */
/* Version                                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* The numbers are Rendition's version (RenditionVersion in the Swift library, which
 * rdn_version and rdn_version_string return); the tests check that they agree. */
/** Major version of this header: changes when a function or struct changes incompatibly. */
#define RDN_VERSION_MAJOR 0
/** Minor version of this header: changes when functions or struct fields are added. */
#define RDN_VERSION_MINOR 4
/** Patch version of this header: fixes that change no declaration. */
#define RDN_VERSION_PATCH 0
/** The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH (what rdn_version returns). */
#define RDN_VERSION_NUMBER (RDN_VERSION_MAJOR * 10000 + RDN_VERSION_MINOR * 100 + RDN_VERSION_PATCH)
/** The version as text, "MAJOR.MINOR.PATCH" (what rdn_version_string returns). */
#define RDN_VERSION_STRING "0.4.0"

/**
 * The version of the library loaded at run time, as RDN_VERSION_NUMBER encodes it. Compare
 * with RDN_VERSION_NUMBER to detect a program compiled against another header. Never fails.
 */
uint32_t rdn_version(void);

/** The version of the library loaded at run time, "MAJOR.MINOR.PATCH"; a static string. */
const char *rdn_version_string(void);

/* ---------------------------------------------------------------------------------------- */
/* Status codes and errors                                                                   */
/* ---------------------------------------------------------------------------------------- */

/** What a call returns: RDN_OK, or the kind of failure. */
typedef enum rdn_status {
    /** Success. */
    RDN_OK = 0,
    /** A NULL pointer where one is required, a buffer too small, a value out of range, an
     *  unknown profile name or options not set up with rdn_render_options_init. */
    RDN_ERROR_INVALID_ARGUMENT = 1,
    /** The bytes start with no known image signature (PNG, JPEG, GIF, WebP, WebM, TGS or
     *  Lottie JSON). */
    RDN_ERROR_UNRECOGNIZED_FORMAT = 2,
    /** The data claims a format but is damaged: bad CRC, truncated, invalid header or stream. */
    RDN_ERROR_CORRUPT = 3,
    /** Valid input or request that this version does not handle (a codec feature, JPEG
     *  output, a function not available in this build). */
    RDN_ERROR_UNSUPPORTED = 4,
    /** A limit (rdn_limits, rdn_render_options.max_output_pixels) would be exceeded. */
    RDN_ERROR_LIMIT_EXCEEDED = 5,
    /** A file or folder could not be read, created or written. */
    RDN_ERROR_IO = 6,
    /** Memory for the result could not be obtained. */
    RDN_ERROR_OUT_OF_MEMORY = 7,
    /** The encoder could not write the image: a limit of the output format (WebP at most
     *  16,383 px per side, GIF 65,535) or a failure inside an encoding library. */
    RDN_ERROR_ENCODE = 8,
    /** An unexpected failure inside Rendition (a bug: please report it with the message). */
    RDN_ERROR_INTERNAL = 9,
    /** The output would show nothing: every pixel of every frame fully transparent (an empty
     *  master, or Lottie/TGS art that the renderer does not draw). Nothing is written. */
    RDN_ERROR_BLANK = 10
} rdn_status;

/**
 * The name of a status, e.g. "RDN_ERROR_CORRUPT"; "RDN_STATUS_UNKNOWN" for a value this
 * version does not define. A static string. Never fails.
 */
const char *rdn_status_name(rdn_status status);

/** A failure's description, created by a failing call, owned by the caller. */
typedef struct rdn_error rdn_error;

/** The status of the failure `error` describes; RDN_OK when `error` is NULL. */
rdn_status rdn_error_status(const rdn_error *error);

/**
 * A one-line UTF-8 message for people naming what went wrong, e.g.
 * "corrupt PNG data: IHDR chunk has a bad CRC". Owned by `error`, valid until it is freed.
 * For a NULL `error`, a static empty string.
 */
const char *rdn_error_message(const rdn_error *error);

/** Releases an error. NULL is ignored. */
void rdn_error_free(rdn_error *error);

/* ---------------------------------------------------------------------------------------- */
/* Images: decoding, creating, reading                                                       */
/* ---------------------------------------------------------------------------------------- */

/** A decoded still image or animation: immutable, shareable across threads. */
typedef struct rdn_image rdn_image;

/** Image file formats, as sources and as outputs. */
typedef enum rdn_format {
    /** As output: the source's own format (PNG stays PNG, animated PNG stays APNG, GIF stays
     *  GIF, WebP stays WebP, WebM stays WebM; JPEG and images made by rdn_image_create become
     *  PNG; TGS, Lottie and dotLottie become APNG, or PNG for one frame). As a source format:
     *  an image made from pixels. */
    RDN_FORMAT_AUTO = 0,
    /** PNG; as output, a still PNG (an animation keeps its first frame). */
    RDN_FORMAT_PNG = 1,
    /** Animated PNG; as output, a plain PNG when there is one frame. */
    RDN_FORMAT_APNG = 2,
    /** GIF (as output: 1-bit transparency, at most 256 colours per frame). */
    RDN_FORMAT_GIF = 3,
    /** WebP (as output: lossless). */
    RDN_FORMAT_WEBP = 4,
    /** JPEG: a source format only; asking for JPEG output gives RDN_ERROR_UNSUPPORTED. */
    RDN_FORMAT_JPEG = 5,
    /** TGS (Telegram's gzip-compressed Lottie): a source format only, whose frames an
     *  rdn_image draws at the canvas size when its pixels are asked for; as output,
     *  RDN_ERROR_UNSUPPORTED. */
    RDN_FORMAT_TGS = 6,
    /** Lottie JSON: a source format only, like RDN_FORMAT_TGS. */
    RDN_FORMAT_LOTTIE = 7,
    /** WebM video: as a source, VP8 or VP9 with or without an alpha stream; as output, VP9
     *  with an alpha stream (constant quality). */
    RDN_FORMAT_WEBM = 8,
    /** dotLottie (.lottie, a ZIP archive holding Lottie JSON): a source format only, like
     *  RDN_FORMAT_TGS; its manifest's first animation is drawn. */
    RDN_FORMAT_DOTLOTTIE = 9
} rdn_format;

/** How colour channels relate to alpha in a pixel buffer. */
typedef enum rdn_alpha {
    /** Colours multiplied by alpha (each channel at most alpha); Rendition's own format. */
    RDN_ALPHA_PREMULTIPLIED = 0,
    /** Straight (unassociated) alpha, as most file formats store it. */
    RDN_ALPHA_STRAIGHT = 1
} rdn_alpha;

/**
 * Caps applied when decoding, so hostile files (decompression bombs, absurd sizes) are
 * rejected early with RDN_ERROR_LIMIT_EXCEEDED. A field left 0 takes its default, so
 * `rdn_limits limits = {0};` (or passing NULL) means all defaults.
 */
typedef struct rdn_limits {
    /** Largest width in pixels; default 16,384. */
    uint64_t max_width;
    /** Largest height in pixels; default 16,384. */
    uint64_t max_height;
    /** Largest width x height; default 40,000,000. */
    uint64_t max_pixels;
    /** Most frames in an animation; default 1,000. */
    uint64_t max_frames;
    /** Most decoded bytes, width x height x 4 x frames; default 1 GiB. */
    uint64_t max_decoded_bytes;
    /** Largest input in bytes; default 256 MiB. */
    uint64_t max_input_bytes;
} rdn_limits;

/**
 * Decodes a PNG, APNG, GIF, JPEG, WebP, WebM, TGS, Lottie JSON or dotLottie file held in
 * memory. Raster formats and WebM are decoded whole. TGS, Lottie and dotLottie are checked and
 * measured here (canvas, frame count, frame rate: what rdn_image_get_info and
 * rdn_image_get_frame_delay report) but not drawn: the image keeps the file, and its frames
 * are drawn at the canvas size the first time pixels are asked for (rdn_image_copy_pixels,
 * rdn_image_resize, rdn_image_encode), once; rdn_render draws each rendition from the file at
 * its own size and never draws the canvas-sized frames (see rdn_render). A failure of that
 * drawing (a drawing limit of `limits`) is reported by the call that asked for pixels.
 * To render a file, rdn_render_bytes and rdn_render_file do it in one call.
 *
 * bytes, length  the file (read during the call only).
 * limits         caps (NULL: defaults).
 * out_image      receives a new image, freed with rdn_image_free.
 *
 * Fails with RDN_ERROR_INVALID_ARGUMENT (NULL bytes with a non-zero length, NULL out_image),
 * RDN_ERROR_UNRECOGNIZED_FORMAT, RDN_ERROR_CORRUPT, RDN_ERROR_UNSUPPORTED or
 * RDN_ERROR_LIMIT_EXCEEDED.
 */
rdn_status rdn_image_decode(const uint8_t *bytes, size_t length, const rdn_limits *limits,
                            rdn_image **out_image, rdn_error **error);

/**
 * Makes a one-frame image from RGBA pixels (copied; the buffer is not retained).
 *
 * width, height  the size in pixels (at least 1; width x height at most 2^31).
 * pixels         height rows of width RGBA pixels, rows `stride` bytes apart.
 * stride         bytes from one row to the next, at least width * 4.
 * pixels_length  the buffer's size, at least stride * (height - 1) + width * 4.
 * alpha          how the pixels store alpha; premultiplied pixels must have every colour
 *                channel at most its alpha (else RDN_ERROR_INVALID_ARGUMENT).
 *
 * Its source format is RDN_FORMAT_AUTO; it is encoded as PNG unless asked otherwise.
 */
rdn_status rdn_image_create(uint32_t width, uint32_t height, const uint8_t *pixels, size_t stride,
                            size_t pixels_length, rdn_alpha alpha, rdn_image **out_image, rdn_error **error);

/** Releases an image. NULL is ignored. No other thread may be using it. */
void rdn_image_free(rdn_image *image);

/** What an image is. */
typedef struct rdn_image_info {
    /** Canvas width in pixels. */
    uint32_t width;
    /** Canvas height in pixels. */
    uint32_t height;
    /** Number of frames (1 for a still image). */
    uint32_t frame_count;
    /** How many times the animation plays; 0 means forever. 0 for still images. */
    uint32_t loop_count;
    /** The format it was decoded from (RDN_FORMAT_APNG for an animated PNG), or
     *  RDN_FORMAT_AUTO for an image made by rdn_image_create. Resized images keep it. */
    rdn_format source_format;
} rdn_image_info;

/** Fills `out_info` with the image's size, frame count, loop count and source format. */
rdn_status rdn_image_get_info(const rdn_image *image, rdn_image_info *out_info, rdn_error **error);

/**
 * How long frame `frame` (0-based) is shown: exactly numerator / denominator seconds, as the
 * file stores it (APNG delay_num/delay_den, GIF centiseconds over 100, WebP milliseconds over
 * 1000). A still image's only frame has delay 0/1. The denominator is never 0.
 * Fails with RDN_ERROR_INVALID_ARGUMENT when `frame` is not below the frame count.
 */
rdn_status rdn_image_get_frame_delay(const rdn_image *image, uint32_t frame, uint64_t *out_numerator,
                                     uint64_t *out_denominator, rdn_error **error);

/**
 * Copies the pixels of frame `frame` into `buffer`: height rows of width RGBA pixels, rows
 * `stride` bytes apart (bytes between rows are left untouched).
 *
 * alpha          RDN_ALPHA_PREMULTIPLIED copies Rendition's pixels as they are;
 *                RDN_ALPHA_STRAIGHT divides colours by alpha (rounded to nearest; transparent
 *                pixels become 0,0,0,0).
 * stride         at least width * 4.
 * buffer_length  the buffer's size, at least stride * (height - 1) + width * 4.
 */
rdn_status rdn_image_copy_pixels(const rdn_image *image, uint32_t frame, rdn_alpha alpha, uint8_t *buffer,
                                 size_t stride, size_t buffer_length, rdn_error **error);

/* ---------------------------------------------------------------------------------------- */
/* Rendering and encoding                                                                    */
/* ---------------------------------------------------------------------------------------- */

/** Resampling filters. */
typedef enum rdn_filter {
    /** Lanczos-3 on premultiplied alpha, support scaled by the downscale factor, weights
     *  normalised, ringing clamped (the only filter for now). */
    RDN_FILTER_LANCZOS3 = 0
} rdn_filter;

/** Scale bits for rdn_render_options.scales. */
#define RDN_SCALE_1X 1u
/** @2x: 2/3 of the @3x master's pixels on each axis (rounded to nearest). */
#define RDN_SCALE_2X 2u
/** @3x: the master itself, re-encoded. */
#define RDN_SCALE_3X 4u

/**
 * Settings for rdn_render (and rdn_render_bytes, rdn_render_file), rdn_image_resize,
 * rdn_image_encode and the folder renderers.
 * Always start from rdn_render_options_init(), then change fields; passing NULL instead of
 * options means those defaults.
 */
typedef struct rdn_render_options {
    /** sizeof(rdn_render_options) as the caller compiled it; set by rdn_render_options_init. */
    uint32_t struct_size;
    /** Resampling filter; default RDN_FILTER_LANCZOS3 (any other value: INVALID_ARGUMENT). */
    rdn_filter filter;
    /** Output container; default RDN_FORMAT_AUTO (the source's own format). */
    rdn_format format;
    /** Compression effort 0 (fastest) to 12 (smallest), or -1 for the defaults, exactly as
     *  `rendition render --compression`: the PNG and APNG deflate level (defaults 6 and 5) and
     *  libwebp's method for lossless WebP, effort / 2 (default method 4); GIF and WebM ignore
     *  it. rdn_render_pack starts the PNG and APNG steps of its size ladder there (default 6).
     *  Any other value: RDN_ERROR_INVALID_ARGUMENT. */
    int32_t compression;
    /** The platform (UTF-8 identifier, case ignored); NULL means "apple-messages" (also
     *  called "imessage", "messages" or "apple"): @3x masters, @2x and @1x renditions.
     *  rdn_render, rdn_image_resize, rdn_image_encode and rdn_render_directory accept only
     *  Apple Messages; rdn_render_pack also accepts "whatsapp", "signal", "telegram",
     *  "telegram-emoji", "discord", "line", "all" (every platform, Apple's included) and a
     *  comma-separated list of these ("whatsapp,signal"), as `rendition pack --platform`: only
     *  the platforms named are built, Apple's pack (catalog and renditions) when an Apple name
     *  or "all" is among them.
     *  Any other name: RDN_ERROR_INVALID_ARGUMENT. */
    const char *profile;
    /** Which renditions rdn_render makes: RDN_SCALE_* bits; 0 means the profile's set
     *  (RDN_SCALE_2X | RDN_SCALE_1X). Renditions come highest scale first. */
    uint32_t scales;
    /** Threads to use: animation frames resampled in parallel by rdn_render and
     *  rdn_image_resize, stickers in parallel by the folder renderers (which give the spare
     *  threads to each sticker's frames when there are fewer stickers than threads). 0 means
     *  one per CPU core, as `--threads 0`. Output bytes never depend on it. */
    uint32_t threads;
    /** Most pixels (width x height) in any image rdn_image_resize, rdn_render,
     *  rdn_render_bytes or rdn_render_file makes; 0 means 40,000,000. */
    uint64_t max_output_pixels;
} rdn_render_options;

/** Fills `options` with the defaults (struct_size included). NULL is ignored. Never fails. */
void rdn_render_options_init(rdn_render_options *options);

/** One encoded rendition, as returned by rdn_render, rdn_render_bytes and rdn_render_file. */
typedef struct rdn_rendition {
    /** 1, 2 or 3 for @1x, @2x, @3x. */
    uint32_t scale;
    /** Width in pixels. */
    uint32_t width;
    /** Height in pixels. */
    uint32_t height;
    /** The container of `bytes`: RDN_FORMAT_PNG, _APNG, _GIF, _WEBP or _WEBM (file extension
     *  "png" for PNG and APNG, as Messages expects), as the bytes are: RDN_FORMAT_APNG for a PNG
     *  file of more than one frame, RDN_FORMAT_PNG for one that is a still (also when an
     *  animated master's frames were written as one). */
    rdn_format format;
    /** The encoded file, `length` bytes; owned by the array, freed by rdn_renditions_free. */
    uint8_t *bytes;
    /** Size of `bytes`. */
    size_t length;
} rdn_rendition;

/**
 * Renders the renditions of a @3x master: each scale in `options->scales` resampled with
 * Lanczos-3 (@2x = round(2/3 w) x round(2/3 h), @1x = round(1/3 w) x round(1/3 h)) and encoded
 * in `options->format`; animations frame by frame, keeping delays and loop count (except for
 * RDN_FORMAT_PNG, which keeps the first frame). Same master and options, same bytes.
 * A TGS, Lottie or dotLottie master decoded by rdn_image_decode is rendered from its file as
 * rdn_render_bytes renders it: drawn by the vector renderer once at each rendition's size
 * (not resampled, and its canvas-sized frames never drawn), so for every source format the
 * bytes are those `rendition render FILE` writes with the same settings. A master decoded
 * from a raster file is held whole; rdn_render_bytes and rdn_render_file stream it instead.
 *
 * out_renditions  receives an array of `*out_count` renditions, highest scale first, freed
 *                 with rdn_renditions_free(array, count).
 *
 * Fails with RDN_ERROR_LIMIT_EXCEEDED, before any work, when a rendition would be over
 * `options->max_output_pixels`.
 */
rdn_status rdn_render(const rdn_image *master, const rdn_render_options *options, rdn_rendition **out_renditions,
                      size_t *out_count, rdn_error **error);

/**
 * Renders the renditions of a @3x master file held in memory, exactly as `rendition render
 * FILE` renders each file it is given: the same bytes as the files it writes with the same
 * settings, made the same way. The file is decoded once; without RDN_SCALE_3X, animation
 * frames are resampled to every scale as they are decoded (the full-size frames are never all
 * held, so an animation needs far less memory than rdn_image_decode + rdn_render); TGS, Lottie
 * and dotLottie are drawn by the vector renderer once at each rendition's size. Renditions,
 * sizes and formats are those of rdn_render.
 *
 * bytes, length   the file (read during the call only): PNG, APNG, GIF, JPEG, WebP, WebM, TGS,
 *                 Lottie JSON or dotLottie.
 * limits          decoding caps (NULL: defaults), applied as rdn_image_decode applies them.
 * options         as for rdn_render (NULL: defaults).
 * out_renditions  receives an array of `*out_count` renditions, highest scale first, freed
 *                 with rdn_renditions_free(array, count).
 *
 * Fails with RDN_ERROR_INVALID_ARGUMENT (NULL bytes with a non-zero length, NULL out-params,
 * bad options), RDN_ERROR_UNRECOGNIZED_FORMAT, RDN_ERROR_CORRUPT, RDN_ERROR_UNSUPPORTED,
 * RDN_ERROR_LIMIT_EXCEEDED (a limit of `limits`; or a rendition over
 * `options->max_output_pixels`, found from the file's headers before any pixel is decoded),
 * RDN_ERROR_ENCODE or RDN_ERROR_BLANK.
 */
rdn_status rdn_render_bytes(const uint8_t *bytes, size_t length, const rdn_limits *limits,
                            const rdn_render_options *options, rdn_rendition **out_renditions, size_t *out_count,
                            rdn_error **error);

/**
 * rdn_render_bytes on the file at `path` (UTF-8), read as `rendition render` reads a sticker:
 * no more than `limits->max_input_bytes` of it (and one byte to tell a longer file, which
 * fails with RDN_ERROR_LIMIT_EXCEEDED before it is decoded). Nothing is written.
 *
 * Fails as rdn_render_bytes does, and with RDN_ERROR_IO when `path` is missing, is a folder
 * (rdn_render_directory renders folders) or cannot be read, with a message naming the path;
 * an empty file is RDN_ERROR_UNRECOGNIZED_FORMAT; a NULL or empty `path`,
 * RDN_ERROR_INVALID_ARGUMENT.
 */
rdn_status rdn_render_file(const char *path, const rdn_limits *limits, const rdn_render_options *options,
                           rdn_rendition **out_renditions, size_t *out_count, rdn_error **error);

/** Releases an array from rdn_render, rdn_render_bytes or rdn_render_file and every rendition's
 *  bytes. NULL is ignored. */
void rdn_renditions_free(rdn_rendition *renditions, size_t count);

/**
 * Resamples every frame of `image` to exactly width x height (any size, up or down) with
 * `options->filter`; delays, loop count and source format are kept. Encode the result with
 * rdn_image_encode to get a rendition of any target size.
 *
 * Fails with RDN_ERROR_INVALID_ARGUMENT for a zero size, RDN_ERROR_LIMIT_EXCEEDED when
 * width x height is over `options->max_output_pixels`, RDN_ERROR_OUT_OF_MEMORY when the
 * frames' memory cannot be obtained (checked before any work).
 */
rdn_status rdn_image_resize(const rdn_image *image, uint32_t width, uint32_t height,
                            const rdn_render_options *options, rdn_image **out_image, rdn_error **error);

/**
 * Encodes `image` as a file in `options->format` (RDN_FORMAT_AUTO: its source format, see
 * rdn_format) at `options->compression`, without resampling.
 *
 * out_bytes, out_length  receive the file, freed with rdn_bytes_free.
 *
 * Fails with RDN_ERROR_UNSUPPORTED for RDN_FORMAT_JPEG and RDN_ERROR_ENCODE when the format
 * cannot hold the image (WebP over 16,383 px per side, GIF over 65,535).
 */
rdn_status rdn_image_encode(const rdn_image *image, const rdn_render_options *options, uint8_t **out_bytes,
                            size_t *out_length, rdn_error **error);

/** Releases bytes from rdn_image_encode. NULL is ignored. */
void rdn_bytes_free(uint8_t *bytes);

/** Releases a string from rdn_lint_bytes, rdn_render_directory or rdn_render_pack. NULL is ignored. */
void rdn_string_free(char *string);

/* ---------------------------------------------------------------------------------------- */
/* Lint and folders                                                                          */
/* ---------------------------------------------------------------------------------------- */

/**
 * Checks a sticker file against a platform's rules and for edge problems, and returns the
 * JSON document `rendition lint --json` prints for that one file (schema "rendition-lint/1",
 * documented in the README's Lint section): the profile and its byte limit, one entry in
 * "files" with format, size, size class, frames, byte count, measurements and findings (each
 * with a stable code, a severity and a message), and the counts per severity in "summary".
 * A file with error findings (even an undecodable one: finding "unreadable") still returns
 * RDN_OK: the findings are the result.
 *
 * bytes, length  the file (read during the call only).
 * name      the file name reported as the entry's "path" (NULL: "sticker").
 * profile   lint profile identifier, case ignored, as `rendition lint --profile`: NULL or
 *           "apple-messages" (also "imessage", "messages", "apple"), or another platform's
 *           ("whatsapp", "signal", "telegram", "telegram-emoji", "discord", "line"); an
 *           unknown one gives RDN_ERROR_INVALID_ARGUMENT.
 * out_json  receives a UTF-8 JSON string, freed with rdn_string_free.
 */
rdn_status rdn_lint_bytes(const uint8_t *bytes, size_t length, const char *name, const char *profile,
                          char **out_json, rdn_error **error);

/**
 * Renders every image under `input_dir` (searched recursively for .png .apng .gif .jpg .jpeg
 * .webp .tgs .webm, and .json files that are Lottie animations) into `output_dir`, like
 * `rendition render`: NAME.png or NAME@3x.png becomes NAME@2x.png and NAME@1x.png (the
 * scales and format of `options`), stickers in parallel, each file written atomically.
 * Re-runs skip stickers whose outputs are up to date (a manifest in `output_dir`). A sticker
 * that fails is reported and the others go on: the call still returns RDN_OK.
 *
 * out_report_json  receives (unless NULL) a UTF-8 JSON object, freed with rdn_string_free:
 *   {"failed":N,"output":DIR,"rendered":N,"skipped":N,
 *    "stickers":[{"error":…,"input":…,"master":{"height":618,"width":618},"name":…,
 *                 "outputs":[{"bytes":8787,"height":412,"path":…,"scale":2,"width":412}],
 *                 "status":"ok"|"up-to-date"|"failed"}],"total":N}
 *   (keys sorted; "error" only for failed stickers, whose "outputs" is empty; "master" only
 *   when the master was decoded; "warnings", a list of sentences, only when a master rendered
 *   does not look like a sticker: photo-sized, or no transparent pixel). Each sticker entry
 *   is a `rendition render --log jsonl` sticker line without its progress members (event,
 *   done, total, rate, eta_s).
 *
 * Fails with RDN_ERROR_IO when `input_dir` cannot be read or `output_dir` created.
 */
rdn_status rdn_render_directory(const char *input_dir, const char *output_dir, const rdn_render_options *options,
                                char **out_report_json, rdn_error **error);

/**
 * Called by rdn_render_files once per sticker, in input order: as soon as a sticker and every
 * sticker before it are done, from whichever of the batch's threads finished last (so calls
 * never overlap). Suited to progress bars and to streaming per-sticker results.
 *
 * context       the batch options' `context`, as given.
 * done, total   stickers done so far (this one included) and stickers in the batch.
 * sticker_json  this sticker's entry of the report (see rdn_render_directory):
 *               {"input":…,"master"?:{…},"name":…,"outputs":[…],"status":…,"error"?},
 *               UTF-8, owned by the library and valid only during the call.
 */
typedef void (*rdn_sticker_callback)(void *context, size_t done, size_t total, const char *sticker_json);

/**
 * Settings of rdn_render_files besides the rendering ones. Always start from
 * rdn_batch_options_init(); passing NULL means those defaults.
 */
typedef struct rdn_batch_options {
    /** sizeof(rdn_batch_options) as the caller compiled it; set by rdn_batch_options_init. */
    uint32_t struct_size;
    /** Non-zero: render every sticker, even those whose outputs are up to date, and keep no
     *  manifest (`rendition render --force`). Default 0. */
    uint32_t force;
    /** Render only the stickers of shard `shard_index` (0-based) of `shard_count`, split by a
     *  stable hash of their names exactly like `rendition render --shard i/n` (which is
     *  1-based); the others are not part of the batch. shard_count 0 (the default) or 1: all
     *  stickers. shard_index must be below shard_count. */
    uint32_t shard_index;
    /** Number of shards; see shard_index. */
    uint32_t shard_count;
    /** Called once per sticker (NULL: not called). */
    rdn_sticker_callback on_sticker;
    /** Passed to on_sticker as it is. */
    void *context;
} rdn_batch_options;

/** Fills `options` with the defaults (struct_size included). NULL is ignored. Never fails. */
void rdn_batch_options_init(rdn_batch_options *options);

/**
 * Renders stickers into `output_dir` exactly like `rendition render INPUT... -o OUTPUT_DIR`:
 * the same file names, atomic writes, manifest and skipping of up-to-date stickers, the same
 * bytes. `inputs` are files or folders (searched recursively as in rdn_render_directory), in
 * order; two inputs with the same sticker name fail the later one. Every option means what the
 * command line's does, so the manifest and the bytes are the command line's. Several processes may
 * render into the same folder at once (shards of a job array, workers of a cluster): the
 * manifest lines of all of them are kept, and leftover temporary files of killed writers are
 * removed only by a batch that finds no other writer at work.
 *
 * inputs, input_count  the paths (UTF-8); input_count 0 renders nothing (the folder is still
 *                      created, tidied and its manifest compacted).
 * batch                force, shard and the per-sticker callback (NULL: defaults).
 * out_report_json      receives (unless NULL) the report, as for rdn_render_directory.
 *
 * Fails with RDN_ERROR_IO when an input does not exist or `output_dir` cannot be created,
 * RDN_ERROR_INVALID_ARGUMENT for NULL paths, a bad shard or batch options not set up with
 * rdn_batch_options_init. A sticker that fails is reported and the others go on.
 */
rdn_status rdn_render_files(const char *const *inputs, size_t input_count, const char *output_dir,
                            const rdn_render_options *options, const rdn_batch_options *batch,
                            char **out_report_json, rdn_error **error);

/** rdn_list_stickers flag: search folders and check that files exist, as rdn_render_files does. */
#define RDN_LIST_SEARCH 1u

/**
 * Lists the stickers a batch of `inputs` holds, by the rules rdn_render_files and
 * `rendition render` use, so that a caller spreading a catalog over several processes or
 * machines names and splits it exactly as they would.
 *
 * inputs, input_count  the paths (UTF-8).
 * flags                RDN_LIST_SEARCH: folders are searched recursively for images (names
 *                      starting with "." skipped, contents sorted) and a missing input fails
 *                      with RDN_ERROR_IO. 0: each input is taken as a file name only and the
 *                      file system is not touched (URLs and object-store keys are fine).
 * out_json             receives a UTF-8 JSON object, freed with rdn_string_free:
 *   {"stickers":[{"input":…,"name":…,"image":true|false,"same_name_as":…|null}]}
 *   "name" is the sticker name its renditions are named by, "image" whether the file name has
 *   an extension a folder search takes (.png .apng .gif .jpg .jpeg .webp .tgs .webm, or .json
 *   for a Lottie animation), "same_name_as" the earlier input with the same sticker name (a
 *   batch fails the later one) or null.
 *
 * Fails with RDN_ERROR_INVALID_ARGUMENT for NULL paths or an unknown flag, and RDN_ERROR_IO
 * as above.
 */
rdn_status rdn_list_stickers(const char *const *inputs, size_t input_count, uint32_t flags, char **out_json,
                             rdn_error **error);

/**
 * Builds a sticker pack from a folder of @3x stickers, like `rendition pack SRC -o OUT`: in
 * `output_dir`, an Xcode-ready Stickers.xcstickers catalog (stickers, sticker sequences, the
 * iMessage app icon set), the flat @3x/@2x/@1x renditions, other platforms' packs when
 * `options->profile` names them, every file fitted under its byte limit, and pack-report.json.
 * The source folder may hold a pack.json or pack.yaml (order, names, accessibility labels,
 * size class, icon; see the README). Uses options->threads and options->compression (where
 * the size-fitting ladder's PNG and APNG steps start); re-runs skip stickers that are up to date. Each master is
 * linted first, as `rendition pack` does: one lint rejects (too small, empty, opaque, on an
 * opaque background) is not packed and its entry is "failed" with the findings in "error".
 * A sticker that fails is reported and the others go on: the call still returns RDN_OK.
 *
 * out_report_json  receives (unless NULL) the contents of pack-report.json, freed with
 *                  rdn_string_free: {"sizeClass":…,"stickers":[{"name","input","status",
 *                  "files":[{"path","bytes","width","height","limit","step","givenUp",
 *                  "notes"}],"error"?,"problems"?}],"platformProblems":{…}}.
 *
 * Fails with RDN_ERROR_IO when `source_dir` is not a folder or an output cannot be written,
 * RDN_ERROR_INVALID_ARGUMENT for an invalid pack.json/pack.yaml or a folder without stickers.
 */
rdn_status rdn_render_pack(const char *source_dir, const char *output_dir, const rdn_render_options *options,
                           char **out_report_json, rdn_error **error);

#ifdef __cplusplus
}
#endif

#endif /* RENDITION_H */
