extension WebPEncoder {
    /// How a WebP is compressed: libwebp's settings, checked and documented.
    public struct Options: Sendable, Equatable {
        /// Lossless (`VP8L`) or lossy (`VP8` with an alpha plane).
        public enum Compression: Sendable, Equatable {
            /// Every pixel kept exactly (straight RGBA where alpha > 0).
            case lossless
            /// VP8 colour (YUV 4:2:0), alpha compressed separately with `alphaQuality`.
            case lossy
        }

        /// Lossless (the default, right for sticker art) or lossy.
        public var compression: Compression
        /// 0...100. Lossy: visual quality (75 is libwebp's default, higher is larger).
        /// Lossless: compression effort (higher is smaller and slower).
        public var quality: Int
        /// 0...100, lossy only: quality of the alpha plane; 100 keeps alpha lossless.
        public var alphaQuality: Int
        /// 0...6: speed/size trade-off (libwebp's `method`; 6 is slowest and smallest).
        public var method: Int
        /// Keep the colour of fully transparent pixels. Rendition's pixels are premultiplied,
        /// so those are always black: `false` (the default) lets libwebp change them to
        /// whatever compresses best, which no viewer can see.
        public var exact: Bool
        /// Lossy only: convert RGB to YUV with libwebp's "sharp" (iterative) conversion, which
        /// keeps hard colour edges crisper at some cost in time.
        public var sharpYUV: Bool
        /// Animations: try every dispose method per frame to minimise size (slower; no key
        /// frames are inserted).
        public var minimizeSize: Bool
        /// Animations: distance between key frames (frames decodable on their own), as
        /// libwebp's `kmin...kmax`; `nil` (the default) makes only the first frame a key
        /// frame. libwebp moves `kmin` into `kmax / 2 + 1 ... kmax - 1`.
        public var keyframeInterval: ClosedRange<Int>?
        /// Animations: let libwebp pick lossy or lossless per frame, whichever is smaller.
        public var allowMixed: Bool

        /// Creates options; the defaults are lossless at libwebp's default effort.
        public init(
            compression: Compression = .lossless, quality: Int = 75, alphaQuality: Int = 100, method: Int = 4,
            exact: Bool = false, sharpYUV: Bool = false, minimizeSize: Bool = false,
            keyframeInterval: ClosedRange<Int>? = nil, allowMixed: Bool = false
        ) {
            self.compression = compression
            self.quality = quality
            self.alphaQuality = alphaQuality
            self.method = method
            self.exact = exact
            self.sharpYUV = sharpYUV
            self.minimizeSize = minimizeSize
            self.keyframeInterval = keyframeInterval
            self.allowMixed = allowMixed
        }

        /// Lossless at libwebp's default effort (quality 75, method 4).
        public static let lossless = Options()

        /// Lossy at `quality`, with `alphaQuality` for the alpha plane.
        public static func lossy(quality: Int, alphaQuality: Int = 100) -> Options {
            Options(compression: .lossy, quality: quality, alphaQuality: alphaQuality)
        }

        /// Throws `encodingFailed` naming the first setting out of range.
        func validate() throws(CodecError) {
            func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws(CodecError) {
                if !range.contains(value) {
                    throw .encodingFailed(
                        format: .webp, reason: "\(name) \(value) is outside \(range.lowerBound)...\(range.upperBound)")
                }
            }
            try check("quality", quality, 0...100)
            try check("alpha quality", alphaQuality, 0...100)
            try check("method", method, 0...6)
            if let interval = keyframeInterval {
                try check("minimum key frame distance", interval.lowerBound, 0...Int(Int32.max))
            }
            if let interval = keyframeInterval {
                try check("maximum key frame distance", interval.upperBound, 0...Int(Int32.max))
            }
        }
    }
}
