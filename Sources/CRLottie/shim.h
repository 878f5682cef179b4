// rlottie 0.1: Lottie/TGS vector animations rendered to ARGB32 premultiplied. Swift does not
// call it directly: CRenditionLottieShim wraps its C++ API (no model cache, exceptions caught
// in C++), and this module only brings the library in through pkg-config.
#include <rlottie_capi.h>
