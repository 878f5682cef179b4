/// Caps applied before and while decoding, so hostile or broken files (decompression bombs,
/// absurd dimensions) are rejected early with `CodecError.limitExceeded`.
public struct DecodeLimits: Sendable, Equatable, Codable {
    /// Largest accepted width in pixels.
    public var maxWidth: Int
    /// Largest accepted height in pixels.
    public var maxHeight: Int
    /// Largest accepted width x height.
    public var maxPixels: Int
    /// Largest accepted number of frames in an animation.
    public var maxFrames: Int
    /// Largest accepted total of decoded RGBA bytes (all frames together).
    public var maxDecodedBytes: Int
    /// Largest accepted input size in bytes.
    public var maxInputBytes: Int
    /// Largest accepted number of scans in a progressive JPEG. Each scan revisits the whole
    /// image, so a small file of many scans is a CPU bomb; real files have about 10.
    public var maxScans: Int
    /// Largest accepted Lottie JSON document in bytes, after inflating a TGS file (so a small
    /// gzip file cannot expand into a huge one).
    public var maxDocumentBytes: Int
    /// Most shapes a vector animation (Lottie, TGS) may draw per frame: its layers, counting
    /// each use of a precomposition, times the copies of the repeaters around each shape and
    /// the pieces its dash pattern can cut a stroke into. Bounds the memory the drawing
    /// library builds and the work of one frame whatever its size.
    public var maxDrawsPerFrame: Int
    /// Most drawing work for a vector animation at one size: shapes per frame × frames ×
    /// pixels. Bounds the time of drawing all frames (checked for the canvas when the file is
    /// read, and for each size asked of it).
    public var maxDrawingWork: Int

    /// Creates limits; every value must be positive.
    public init(
        maxWidth: Int = 16_384, maxHeight: Int = 16_384, maxPixels: Int = 40_000_000,
        maxFrames: Int = 1_000, maxDecodedBytes: Int = 1 << 30, maxInputBytes: Int = 256 << 20,
        maxScans: Int = 100, maxDocumentBytes: Int = 16 << 20, maxDrawsPerFrame: Int = 10_000,
        maxDrawingWork: Int = 50_000_000_000
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxDecodedBytes = maxDecodedBytes
        self.maxInputBytes = maxInputBytes
        self.maxScans = maxScans
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDrawsPerFrame = maxDrawsPerFrame
        self.maxDrawingWork = maxDrawingWork
    }

    /// Defaults that fit stickers and catalogs: 16,384 px per side, 40 megapixels,
    /// 1,000 frames, 1 GiB decoded, 256 MiB input, 100 progressive JPEG scans, 16 MiB of
    /// Lottie JSON, 10,000 vector shapes per frame and 5 × 10^10 pixel draws per size (about
    /// 10 s of drawing when every shape covers the whole canvas; real stickers draw a small
    /// fraction of that).
    public static let `default` = DecodeLimits()

    /// Throws `limitExceeded` unless a `width` x `height` image (times `frames`) fits.
    public func check(width: Int, height: Int, frames: Int = 1, format: ImageFormat) throws(CodecError) {
        guard width > 0, height > 0 else {
            throw .corrupt(format: format, reason: "image size \(width)x\(height) is empty")
        }
        if width > maxWidth {
            throw .limitExceeded(format: format, limit: ExceededLimit(.width, found: width, maximum: maxWidth))
        }
        if height > maxHeight {
            throw .limitExceeded(format: format, limit: ExceededLimit(.height, found: height, maximum: maxHeight))
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .pixels, found: overflow ? nil : pixels, maximum: maxPixels, measure: "\(width)x\(height) px"))
        }
        if frames > maxFrames {
            throw .limitExceeded(format: format, limit: ExceededLimit(.frames, found: frames, maximum: maxFrames))
        }
        let (rgbaBytes, overflowRGBA) = pixels.multipliedReportingOverflow(by: 4)
        let (bytes, overflowBytes) = rgbaBytes.multipliedReportingOverflow(by: max(frames, 1))
        if overflowRGBA || overflowBytes || bytes > maxDecodedBytes {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .decodedBytes, found: overflowRGBA || overflowBytes ? nil : bytes, maximum: maxDecodedBytes))
        }
    }

    /// Throws `limitExceeded` when the input itself is larger than `maxInputBytes`.
    /// - Parameters:
    ///   - inputBytes: the input's size, or `nil` when reading stopped past the limit (only
    ///     "more than" is known).
    ///   - format: the input's format, for the error.
    public func check(inputBytes: Int?, format: ImageFormat) throws(CodecError) {
        if inputBytes.map({ $0 > maxInputBytes }) ?? true {
            throw .limitExceeded(
                format: format, limit: ExceededLimit(.inputBytes, found: inputBytes, maximum: maxInputBytes))
        }
    }
}
