import CRenditionCodecShims

/// An image's canvas size read from its header, without decoding pixels.
public struct ImageDimensions: Sendable, Equatable {
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int

    /// Reads the size of a PNG/APNG, GIF, JPEG or WebP file, or the canvas of a TGS or Lottie
    /// animation (which means reading its JSON document, but not drawing it) or a WebM video
    /// track.
    public init(_ bytes: [UInt8]) throws(CodecError) {
        guard let format = ImageFormat.sniff(bytes) else { throw .unrecognizedFormat }
        switch format {
        case .png:
            let header = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in
                try PNGHeader(UnsafeRawBufferPointer(buffer))
            }
            (width, height) = (header.width, header.height)
        case .gif:
            guard bytes.count >= 10 else {
                throw .corrupt(format: .gif, reason: "file ends inside the GIF header (truncated)")
            }
            (width, height) = (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case .jpeg:
            var w: UInt32 = 0, h: UInt32 = 0
            var components: Int32 = 0
            try bytes.withUnsafeBufferPointer { input throws(CodecError) in
                try callShim(format: .jpeg) { message, capacity in
                    rdn_jpeg_read_header(input.baseAddress, input.count, &w, &h, &components, message, capacity)
                }
            }
            (width, height) = (Int(w), Int(h))
        case .webp:
            let info = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in try WebPContainerInfo(buffer) }
            (width, height) = (info.width, info.height)
        case .tgs, .lottie:
            let document = try LottieComposition.read(bytes, limits: .default).2
            (width, height) = (document.width, document.height)
        case .webm:
            let info = try WebMDecoder.info(bytes)
            (width, height) = (info.width, info.height)
        }
    }
}
