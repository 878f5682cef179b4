// libwebp 1.2: the simple and advanced decoding API, the encoder, and the container
// libraries (libwebpmux for WebPAnimEncoder, libwebpdemux for WebPDemux and
// WebPAnimDecoder). libwebp reports errors by return codes, never by longjmp, so Swift
// calls it directly.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
