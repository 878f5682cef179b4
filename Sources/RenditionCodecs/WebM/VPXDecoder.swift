import CVPX

/// One libvpx decoder (VP8 or VP9, one thread) for one stream of a WebM file (the colour
/// stream or the alpha stream), fed frame by frame.
///
/// Every frame size a frame header states is checked against the track's size before libvpx
/// sees the frame, so libvpx never allocates for a size the container and the limits did not
/// allow: VP8 key frames, and VP9 key frames, intra-only frames and inter frames that state
/// their own size, each frame of a superframe on its own (`VP9FrameHeaders`). A VP9 block
/// without a superframe index is handed over with a one-frame index appended, so that libvpx
/// decodes exactly the one frame checked and never reads bytes after it as further frames.
/// Errors name the frame and the stream.
final class VPXDecoder {
    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>
    let codec: WebMCodec
    /// `colour` or `alpha`, for messages.
    let stream: String
    /// A VP9 block with the index appended (reused).
    private var indexed: [UInt8] = []

    init(codec: WebMCodec, stream: String) throws(CodecError) {
        self.codec = codec
        self.stream = stream
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        let status = rdn_vpx_decoder_init(context, codec == .vp9 ? 1 : 0, 1)
        guard status == VPX_CODEC_OK else {
            context.deallocate()
            throw .limitExceeded(
                format: .webm,
                limit: .outOfMemory(
                    "libvpx could not open a \(codec) decoder for the \(stream) stream (\(status.rawValue))"))
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
    }

    /// Decodes block number `frame` (counted from 1, for messages) of the stream; returns the
    /// frame it shows, if any (a hidden frame shows none). The image stays valid until the
    /// next call.
    func decode(_ data: UnsafeBufferPointer<UInt8>, frame: Int, width: Int, height: Int) throws(CodecError)
        -> UnsafeMutablePointer<vpx_image_t>?
    {
        do {
            return try checkedDecode(data, width: width, height: height)
        } catch {
            throw error.within("frame \(frame) of the \(stream) stream")
        }
    }

    private func checkedDecode(_ data: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(CodecError)
        -> UnsafeMutablePointer<vpx_image_t>?
    {
        // Room for the 6-byte index and 4-byte sizes.
        guard data.count < Int(UInt32.max) - 16 else {
            throw .limitExceeded(
                format: .webm,
                limit: ExceededLimit(
                    fixed: "a frame of \(data.count) bytes", found: data.count, maximum: Int(UInt32.max) - 17))
        }
        func check(_ size: (width: Int, height: Int)?, kind: String, part: String = "") throws(CodecError) {
            guard let size, size.width != width || size.height != height else { return }
            throw .unsupported(
                format: .webm, reason: "\(part)\(kind) of \(size.width)x\(size.height) in a \(width)x\(height) track")
        }
        let status: vpx_codec_err_t
        switch codec {
        case .vp8:
            try check(try VP8FrameHeader.keyFrameSize(data), kind: "a key frame")
            status = vpx_codec_decode(context, data.baseAddress, UInt32(data.count), nil, 0)
        case .vp9:
            let headers = try VP9FrameHeaders(data)
            for (i, frame) in headers.frames.enumerated() {
                let part = headers.frames.count > 1 ? "superframe frame \(i + 1) of \(headers.frames.count): " : ""
                try check(frame.size, kind: frame.kind, part: part)
            }
            if headers.hasIndex {
                status = vpx_codec_decode(context, data.baseAddress, UInt32(data.count), nil, 0)
            } else {
                // Marker 110 11 000: four bytes per size, one frame.
                let marker: UInt8 = 0xD8
                let size = UInt32(data.count)
                indexed.removeAll(keepingCapacity: true)
                indexed.append(contentsOf: data)
                indexed.append(marker)
                for i in 0..<4 { indexed.append(UInt8(truncatingIfNeeded: size >> (8 * UInt32(i)))) }
                indexed.append(marker)
                status = indexed.withUnsafeBufferPointer {
                    vpx_codec_decode(context, $0.baseAddress, UInt32($0.count), nil, 0)
                }
            }
        }
        guard status == VPX_CODEC_OK else {
            let detail =
                vpx_codec_error_detail(context).map { String(cString: $0) }
                ?? String(cString: vpx_codec_err_to_string(status))
            if status == VPX_CODEC_MEM_ERROR {
                throw .limitExceeded(
                    format: .webm, limit: .outOfMemory("libvpx ran out of memory decoding \(codec): \(detail)"))
            }
            throw .corrupt(format: .webm, reason: "libvpx could not decode the \(codec) frame: \(detail)")
        }
        var iterator: vpx_codec_iter_t?
        var shown: UnsafeMutablePointer<vpx_image_t>?
        while let image = vpx_codec_get_frame(context, &iterator) { shown = image }
        return shown
    }
}

extension CodecError {
    /// The same error met inside `part` of the input: `part` is put before its reason.
    func within(_ part: String) -> CodecError {
        let prefix = "\(part): "
        return switch self {
        case .unrecognizedFormat: self
        case .corrupt(let format, let reason): .corrupt(format: format, reason: prefix + reason)
        case .unsupported(let format, let reason): .unsupported(format: format, reason: prefix + reason)
        case .limitExceeded(let format, let limit): .limitExceeded(format: format, limit: limit.within(part))
        case .encodingFailed(let format, let reason): .encodingFailed(format: format, reason: prefix + reason)
        case .blank(let format, let reason): .blank(format: format, reason: prefix + reason)
        }
    }
}
