// libvpx 1.12: VP8 and VP9 decoders and the VP9 encoder. libvpx reports errors by return
// codes (vpx_codec_err_t), never by longjmp or exceptions, so Swift calls it directly,
// except for what Swift cannot call: the init macros (which pass the ABI version) and the
// variadic vpx_codec_control_, wrapped here as static inline functions.
#include <vpx/vpx_decoder.h>
#include <vpx/vpx_encoder.h>
#include <vpx/vp8dx.h>
#include <vpx/vp8cx.h>

/* Opens a VP9 (vp9 != 0) or VP8 decoder using `threads` threads. */
static inline vpx_codec_err_t rdn_vpx_decoder_init(vpx_codec_ctx_t *ctx, int vp9, unsigned int threads) {
    vpx_codec_dec_cfg_t cfg = {threads, 0, 0};
    return vpx_codec_dec_init(ctx, vp9 ? vpx_codec_vp9_dx() : vpx_codec_vp8_dx(), &cfg, 0);
}

/* The VP9 encoder's default configuration. */
static inline vpx_codec_err_t rdn_vpx_vp9_encoder_defaults(vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_config_default(vpx_codec_vp9_cx(), cfg, 0);
}

/* Opens a VP9 encoder with `cfg`. */
static inline vpx_codec_err_t rdn_vpx_vp9_encoder_init(vpx_codec_ctx_t *ctx, const vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_init(ctx, vpx_codec_vp9_cx(), cfg, 0);
}

/* vpx_codec_control with an int argument. */
static inline vpx_codec_err_t rdn_vpx_control_int(vpx_codec_ctx_t *ctx, int id, int value) {
    return vpx_codec_control_(ctx, id, value);
}
