#include "rendition_lottie_shim.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* rlottie's ARGB32 words (native order, premultiplied) to RGBA bytes in place, each colour
 * clamped to its alpha: in memory B G R A becomes min(R,A) min(G,A) min(B,A) A. */
static void argb_to_rgba(uint8_t *row, size_t width)
{
    size_t x = 0;
#if defined(__SSE2__)
    const __m128i low = _mm_set1_epi32(0xFF), middle = _mm_set1_epi32(int(0xFF00FF00u));
    for (; x + 4 <= width; x += 4) {
        __m128i p = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + 4 * x));
        __m128i a = _mm_srli_epi32(p, 24);
        a = _mm_or_si128(a, _mm_slli_epi32(a, 8));
        a = _mm_or_si128(a, _mm_slli_epi32(a, 16));
        p = _mm_min_epu8(p, a);
        __m128i swapped = _mm_or_si128(_mm_and_si128(p, middle),
                                       _mm_or_si128(_mm_and_si128(_mm_srli_epi32(p, 16), low),
                                                    _mm_slli_epi32(_mm_and_si128(p, low), 16)));
        _mm_storeu_si128(reinterpret_cast<__m128i *>(row + 4 * x), swapped);
    }
#endif
    for (; x < width; x++) {
        uint32_t argb;
        std::memcpy(&argb, row + 4 * x, 4);
        uint8_t a = uint8_t(argb >> 24), r = uint8_t(argb >> 16), g = uint8_t(argb >> 8), b = uint8_t(argb);
        row[4 * x + 0] = r < a ? r : a;
        row[4 * x + 1] = g < a ? g : a;
        row[4 * x + 2] = b < a ? b : a;
        row[4 * x + 3] = a;
    }
}

/* The C API of rlottie_capi.h, as function types (the header is not needed to build). */
extern "C" {
typedef struct Lottie_Animation_S Lottie_Animation;
typedef Lottie_Animation *(*from_data_fn)(const char *data, const char *key, const char *resource_path);
typedef void (*destroy_fn)(Lottie_Animation *animation);
typedef void (*get_size_fn)(const Lottie_Animation *animation, size_t *width, size_t *height);
typedef size_t (*get_totalframe_fn)(const Lottie_Animation *animation);
typedef double (*get_framerate_fn)(const Lottie_Animation *animation);
typedef void (*render_fn)(Lottie_Animation *animation, size_t frame_num, uint32_t *buffer, size_t width,
                          size_t height, size_t bytes_per_line);
typedef void (*configure_cache_fn)(size_t cache_size);
typedef void (*init_fn)(void);
}

struct rdn_lottie_library {
    void *handle;
    std::string path;
    bool current;
    from_data_fn from_data;
    destroy_fn destroy;
    get_size_fn get_size;
    get_totalframe_fn get_totalframe;
    get_framerate_fn get_framerate;
    render_fn render;
};

struct rdn_lottie {
    const rdn_lottie_library *library;
    Lottie_Animation *animation;
};

static void write_error(char *error, size_t error_size, const char *text)
{
    if (error && error_size > 0) std::snprintf(error, error_size, "%s", text);
}

extern "C" rdn_lottie_library *rdn_lottie_library_open(const char *path, char *error, size_t error_size)
{
    try {
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *reason = dlerror();
            write_error(error, error_size, reason ? reason : "dlopen failed with no message");
            return nullptr;
        }
        auto library = std::unique_ptr<rdn_lottie_library>(new rdn_lottie_library{});
        library->handle = handle;
        library->path = path;
        struct Lookup { const char *name; void **slot; };
        const Lookup required[] = {
            {"lottie_animation_from_data", reinterpret_cast<void **>(&library->from_data)},
            {"lottie_animation_destroy", reinterpret_cast<void **>(&library->destroy)},
            {"lottie_animation_get_size", reinterpret_cast<void **>(&library->get_size)},
            {"lottie_animation_get_totalframe", reinterpret_cast<void **>(&library->get_totalframe)},
            {"lottie_animation_get_framerate", reinterpret_cast<void **>(&library->get_framerate)},
            {"lottie_animation_render", reinterpret_cast<void **>(&library->render)},
        };
        for (const Lookup &lookup : required) {
            *lookup.slot = dlsym(handle, lookup.name);
            if (!*lookup.slot) {
                char text[256];
                std::snprintf(text, sizeof text, "%s has no function %s: not rlottie's C API", path, lookup.name);
                write_error(error, error_size, text);
                dlclose(handle);
                return nullptr;
            }
        }
        // Current rlottie: initialise it as its header asks of a dlopen'ed copy, and turn its
        // model cache off.
        if (auto init = reinterpret_cast<init_fn>(dlsym(handle, "lottie_init"))) init();
        if (auto configure = reinterpret_cast<configure_cache_fn>(dlsym(handle, "lottie_configure_model_cache_size"))) {
            configure(0);
            library->current = true;
        }
        return library.release();
    } catch (...) {
        write_error(error, error_size, "out of memory while opening rlottie");
        return nullptr;
    }
}

extern "C" void rdn_lottie_library_free(rdn_lottie_library *library)
{
    delete library;
}

extern "C" int rdn_lottie_library_is_current(const rdn_lottie_library *library)
{
    return library->current ? 1 : 0;
}

extern "C" const char *rdn_lottie_library_path(const rdn_lottie_library *library)
{
    return library->path.c_str();
}

extern "C" int rdn_lottie_load(const rdn_lottie_library *library, const char *json, size_t length, rdn_lottie **animation)
{
    *animation = nullptr;
    try {
        // The C API reads a NUL-terminated string; the empty key keeps it out of any cache.
        std::string text(json, length);
        Lottie_Animation *loaded = library->from_data(text.c_str(), "", "");
        if (!loaded) return RDN_LOTTIE_INVALID;
        *animation = new rdn_lottie{library, loaded};
        return RDN_LOTTIE_OK;
    } catch (const std::bad_alloc &) {
        return RDN_LOTTIE_OUT_OF_MEMORY;
    } catch (...) {
        return RDN_LOTTIE_FAILED;
    }
}

extern "C" void rdn_lottie_info(const rdn_lottie *animation, size_t *width, size_t *height,
                                size_t *total_frames, double *frame_rate)
{
    animation->library->get_size(animation->animation, width, height);
    *total_frames = animation->library->get_totalframe(animation->animation);
    *frame_rate = animation->library->get_framerate(animation->animation);
}

extern "C" int rdn_lottie_render_rgba(rdn_lottie *animation, size_t frame, uint8_t *rgba,
                                      size_t width, size_t height, size_t bytes_per_row)
{
    std::memset(rgba, 0, height * bytes_per_row);
    try {
        uint32_t *pixels = reinterpret_cast<uint32_t *>(rgba);
        animation->library->render(animation->animation, frame, pixels, width, height, bytes_per_row);
    } catch (const std::bad_alloc &) {
        return RDN_LOTTIE_OUT_OF_MEMORY;
    } catch (...) {
        return RDN_LOTTIE_FAILED;
    }
    for (size_t y = 0; y < height; y++) argb_to_rgba(rgba + y * bytes_per_row, width);
    return RDN_LOTTIE_OK;
}

extern "C" void rdn_lottie_free(rdn_lottie *animation)
{
    if (!animation) return;
    animation->library->destroy(animation->animation);
    delete animation;
}
