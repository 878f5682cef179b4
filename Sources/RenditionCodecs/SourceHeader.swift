/// What a file's headers say about the work of decoding it, read without decoding a pixel:
/// its format, canvas and number of frames. A server sizes a job from this before any decoder
/// runs (width × height × frames), so the figures come from the container alone: PNG's `IHDR`
/// and `acTL`, GIF's image descriptors, WebP's `VP8X`/`ANMF` chunks, WebM's blocks, a
/// Lottie document's canvas and in/out points (TGS and dotLottie inflated under
/// `maxDocumentBytes`), and 1 for JPEG: each format's ``ImageFormatDecoder/header(_:limits:)``.
///
/// The frame count is what the file declares; a decoder that finds more stops at its own
/// limit, so a file that lies here cannot make the work larger than the limits it is decoded
/// under.
public struct SourceHeader: Sendable, Equatable {
    /// The file's format.
    public let format: ImageFormat
    /// Canvas width in pixels (a vector animation's document width).
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// Frames the file declares (1 for a still image).
    public let frameCount: Int

    /// Creates a header from known values.
    public init(format: ImageFormat, width: Int, height: Int, frameCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
    }

    /// Reads the headers of `bytes`.
    /// - Parameters:
    ///   - bytes: a whole file.
    ///   - limits: the input-size and document-size limits applied while reading.
    /// - Throws: `CodecError.unrecognizedFormat` for bytes of no format Rendition reads,
    ///   `.corrupt` for headers that cannot be read, `.limitExceeded` for an input or an
    ///   inflated document over `limits`.
    public init(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) {
        guard let decoder = FormatRegistry.decoder(sniffing: bytes) else { throw .unrecognizedFormat }
        try limits.check(inputBytes: bytes.count, format: decoder.format)
        format = decoder.format
        (width, height, frameCount) = try decoder.header(bytes, limits: limits)
    }

    /// Pixels of all frames together (saturating, never trapping).
    public var pixelsOverFrames: Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (total, overflowTotal) = pixels.multipliedReportingOverflow(by: frameCount)
        return overflow || overflowTotal ? Int.max : total
    }

    /// `num_frames` of the `acTL` chunk before the first `IDAT`, or 1 for a still PNG.
    static func apngFrameCount(_ bytes: [UInt8]) throws(CodecError) -> Int {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let type = bigEndian32(bytes, at: offset + 4)
            if type == PNGChunkType.idat.rawValue { return 1 }
            if type == PNGChunkType.actl.rawValue {
                guard length >= 8, offset + 12 <= bytes.count else {
                    throw .corrupt(format: .png, reason: "the acTL chunk is too short (truncated)")
                }
                return max(1, Int(bigEndian32(bytes, at: offset + 8)))
            }
            // Length, type, data and CRC; a length past the file ends the walk.
            let (next, overflow) = offset.addingReportingOverflow(12 + length)
            guard !overflow else { return 1 }
            offset = next
        }
        return 1
    }

    /// The image descriptors of a GIF, counted by walking its blocks (sub-blocks skipped
    /// unread); a file that ends early counts the frames it has.
    static func gifFrameCount(_ bytes: [UInt8]) throws(CodecError) -> Int {
        guard bytes.count >= 13 else {
            throw .corrupt(format: .gif, reason: "file ends inside the GIF header (truncated)")
        }
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        var frames = 0
        func skipSubBlocks(_ offset: inout Int) {
            while offset < bytes.count {
                let size = Int(bytes[offset])
                offset += 1 + size
                if size == 0 { return }
            }
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x2C:
                frames += 1
                guard offset + 10 <= bytes.count else { return max(frames, 1) }
                let packed = bytes[offset + 9]
                offset += 10
                if packed & 0x80 != 0 { offset += 3 << (Int(packed & 0x07) + 1) }
                offset += 1  // LZW minimum code size
                skipSubBlocks(&offset)
            case 0x21:
                offset += 2
                skipSubBlocks(&offset)
            default:
                return max(frames, 1)
            }
        }
        return max(frames, 1)
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
