#include "rendition_lottie_shim.h"

#include <rlottie.h>

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

struct rdn_lottie {
    std::unique_ptr<rlottie::Animation> animation;
};

extern "C" int rdn_lottie_load(const char *json, size_t length, rdn_lottie **animation)
{
    *animation = nullptr;
    try {
        // No cache key and cachePolicy false: every load parses its own bytes.
        auto loaded = rlottie::Animation::loadFromData(std::string(json, length), std::string(), std::string(), false);
        if (!loaded) return RDN_LOTTIE_INVALID;
        *animation = new rdn_lottie{std::move(loaded)};
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
    animation->animation->size(*width, *height);
    *total_frames = animation->animation->totalFrame();
    *frame_rate = animation->animation->frameRate();
}

extern "C" int rdn_lottie_render_rgba(rdn_lottie *animation, size_t frame, uint8_t *rgba,
                                      size_t width, size_t height, size_t bytes_per_row)
{
    try {
        uint32_t *pixels = reinterpret_cast<uint32_t *>(rgba);
        animation->animation->renderSync(frame, rlottie::Surface(pixels, width, height, bytes_per_row), false);
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
    delete animation;
}
