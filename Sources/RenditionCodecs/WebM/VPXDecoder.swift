import CVPX

/// One libvpx decoder (VP8 or VP9, one thread), fed frame by frame.
final class VPXDecoder {
    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>
    let codec: WebMCodec

    init(codec: WebMCodec) throws(CodecError) {
        self.codec = codec
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        let status = rdn_vpx_decoder_init(context, codec == .vp9 ? 1 : 0, 1)
        guard status == VPX_CODEC_OK else {
            context.deallocate()
            throw .limitExceeded(format: .webm, reason: "libvpx could not open a \(codec) decoder (\(status.rawValue))")
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
    }

    /// Decodes one coded frame; returns the frame it shows, if any (a hidden frame shows
    /// none). The image stays valid until the next call. Key frames are checked against
    /// `width` x `height` before libvpx allocates anything for them.
    func decode(_ data: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(CodecError) -> UnsafeMutablePointer<
        vpx_image_t
    >? {
        guard data.count < Int(UInt32.max) else {
            throw .limitExceeded(format: .webm, reason: "a frame of \(data.count) bytes")
        }
        var peekWidth: UInt32 = 0, peekHeight: UInt32 = 0
        var isKey: Int32 = 0
        if rdn_vpx_peek(codec == .vp9 ? 1 : 0, data.baseAddress, UInt32(data.count), &peekWidth, &peekHeight, &isKey)
            == VPX_CODEC_OK,
            isKey != 0, Int(peekWidth) != width || Int(peekHeight) != height
        {
            throw .unsupported(
                format: .webm, reason: "a key frame of \(peekWidth)x\(peekHeight) in a \(width)x\(height) track")
        }
        let status = vpx_codec_decode(context, data.baseAddress, UInt32(data.count), nil, 0)
        guard status == VPX_CODEC_OK else {
            let detail =
                vpx_codec_error_detail(context).map { String(cString: $0) }
                ?? String(cString: vpx_codec_err_to_string(status))
            if status == VPX_CODEC_MEM_ERROR {
                throw .limitExceeded(format: .webm, reason: "out of memory decoding \(codec): \(detail)")
            }
            throw .corrupt(format: .webm, reason: "libvpx could not decode a \(codec) frame: \(detail)")
        }
        var iterator: vpx_codec_iter_t?
        var shown: UnsafeMutablePointer<vpx_image_t>?
        while let image = vpx_codec_get_frame(context, &iterator) { shown = image }
        return shown
    }
}
