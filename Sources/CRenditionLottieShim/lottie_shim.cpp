#include "rendition_lottie_shim.h"

#include <rlottie.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>

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
    for (size_t y = 0; y < height; y++) {
        uint8_t *row = rgba + y * bytes_per_row;
        for (size_t x = 0; x < width; x++) {
            uint32_t argb;
            std::memcpy(&argb, row + 4 * x, 4);
            uint8_t a = uint8_t(argb >> 24), r = uint8_t(argb >> 16), g = uint8_t(argb >> 8), b = uint8_t(argb);
            row[4 * x + 0] = r < a ? r : a;
            row[4 * x + 1] = g < a ? g : a;
            row[4 * x + 2] = b < a ? b : a;
            row[4 * x + 3] = a;
        }
    }
    return RDN_LOTTIE_OK;
}

extern "C" void rdn_lottie_free(rdn_lottie *animation)
{
    delete animation;
}
