import CRenditionKernels
import CVPX
import RenditionCore

/// Encodes animations as WebM: VP9 (libvpx, constant quality, one thread) in a WebM file
/// written by Rendition's own muxer (`WebMMuxer`). Transparency is kept the way browsers and
/// Telegram read it: the alpha channel is coded as a second VP9 stream, one frame of it in
/// each block's `BlockAdditional`, and the track says `AlphaMode` 1. An animation with no
/// transparent pixel gets no alpha stream.
///
/// Colour goes to Y'CbCr 4:2:0 with BT.601 limited range (what VP9 decoders assume); each
/// chroma sample is the alpha-weighted average of its 2x2 pixels, so colour under transparent
/// pixels does not bleed into edges. Times are kept to the millisecond (WebM's own
/// resolution); frames that would start in the same millisecond are merged. Same animation,
/// same options, same bytes.
public struct WebMEncoder: Sendable {
    /// Encoder settings.
    public struct Options: Sendable, Equatable, CustomStringConvertible {
        /// libvpx's constant-quality level, 0 (best) ... 63 (smallest files).
        public var quality: Int
        /// libvpx's `cpu-used`, 0 (slowest, smallest) ... 8 (fastest). Up to 5 runs libvpx's
        /// good-quality mode (a rate-distortion search on every block); 6 and up its real-time
        /// mode tuned for screen content, about five times quicker on sticker art for files
        /// about half as large again at the same quality. The alpha stream (one flat plane)
        /// is always coded in real-time mode: at speed 8 when the colour is, else at speed 6
        /// (`alphaSpeed`).
        public var speed: Int
        /// Frames libvpx may look ahead to place hidden reference frames (0 ... 25).
        public var lookahead: Int

        /// Creates options; the defaults suit stickers: quality 30, speed 6, look-ahead 16.
        public init(quality: Int = 30, speed: Int = 6, lookahead: Int = 16) {
            self.quality = quality
            self.speed = speed
            self.lookahead = lookahead
        }

        /// `VP9 quality Q speed S lookahead L`.
        public var description: String { "VP9 quality \(quality) speed \(speed) lookahead \(lookahead)" }
    }

    /// The settings.
    public let options: Options

    /// The alpha stream's speed when the colour is coded in good-quality mode (speed 0 ... 5):
    /// real-time mode, tuned for screen content. Measured on a 90-frame 512 px VP8 master at
    /// quality 30: the alpha stream took 0.46 s instead of 1.77 s at speed 2 (a quarter of
    /// the time) for 7 % more alpha bytes (3 % of the file), SSIM 0.9879 against 0.9882.
    static let goodQualityAlphaSpeed = 6

    /// Creates an encoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The WebM file of `animation` (a still image becomes a one-frame video).
    public func encode(_ animation: Animation) throws(CodecError) -> [UInt8] {
        let (width, height) = (animation.width, animation.height)
        guard width <= 16_384, height <= 16_384 else {
            throw .encodingFailed(
                format: .webm, reason: "VP9 frames are at most 16384 px on a side, not \(width)x\(height)")
        }
        // Start times in ms; frames starting in the same millisecond as the one before are dropped.
        var times: [Int] = []
        var kept: [Int] = []
        var elapsed = FrameDelay.zero
        for (index, frame) in animation.frames.enumerated() {
            guard elapsed.seconds < 1e9 else { break }
            let time = Int((elapsed.seconds * 1000).rounded())
            if times.last != time {
                times.append(time)
                kept.append(index)
            }
            elapsed = elapsed + frame.delay
        }
        // Milliseconds and one frame's nanoseconds stay far inside Int below 10^9 s (31 years).
        guard elapsed.seconds < 1e9 else {
            throw .encodingFailed(format: .webm, reason: "the animation lasts \(elapsed.seconds) s, over 10^9 s")
        }
        let total = max(Int((elapsed.seconds * 1000).rounded()), (times.last ?? 0) + 1)
        let hasAlpha = animation.frames.contains { frame in
            frame.raster.bytes.withUnsafeBufferPointer {
                rdn_any_alpha_below_255(
                    $0.baseAddress, frame.raster.width, frame.raster.height, frame.raster.bytesPerRow) != 0
            }
        }
        let colour = try VPXEncoder(
            width: width, height: height, quality: options.quality, speed: options.speed, lag: options.lookahead)
        let alphaSpeed = options.speed >= VPXEncoder.firstRealtimeSpeed ? 8 : Self.goodQualityAlphaSpeed
        let alpha =
            hasAlpha
            ? try VPXEncoder(
                width: width, height: height, quality: options.quality, speed: alphaSpeed, lag: options.lookahead) : nil
        guard let picture = vpx_img_alloc(nil, VPX_IMG_FMT_I420, UInt32(width), UInt32(height), 32),
            let alphaPicture = vpx_img_alloc(nil, VPX_IMG_FMT_I420, UInt32(width), UInt32(height), 32)
        else {
            throw .encodingFailed(format: .webm, reason: "out of memory for a \(width)x\(height) picture")
        }
        defer {
            vpx_img_free(picture)
            vpx_img_free(alphaPicture)
        }
        // The alpha stream's chroma is neutral and never changes.
        let chromaRows = (height + 1) / 2
        for plane in [1, 2] {
            let base = plane == 1 ? alphaPicture.pointee.planes.1! : alphaPicture.pointee.planes.2!
            let stride = Int(plane == 1 ? alphaPicture.pointee.stride.1 : alphaPicture.pointee.stride.2)
            base.update(repeating: 128, count: stride * chromaRows)
        }
        var matrix = YCbCrMatrix.bt601().toYCbCr
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        for (position, index) in kept.enumerated() {
            let raster = animation.frames[index].raster
            straight.withUnsafeMutableBufferPointer { out in
                raster.bytes.withUnsafeBufferPointer { source in
                    for y in 0..<height {
                        AlphaConversion.unpremultiply(
                            source.baseAddress! + y * raster.bytesPerRow, into: out.baseAddress! + y * width * 4,
                            pixelCount: width)
                    }
                }
                let p = picture.pointee, a = alphaPicture.pointee
                rdn_rgba_to_yuv420(
                    out.baseAddress, width * 4, Int32(width), Int32(height),
                    p.planes.0, Int(p.stride.0), p.planes.1, Int(p.stride.1), p.planes.2, Int(p.stride.2),
                    hasAlpha ? a.planes.0 : nil, Int(a.stride.0), &matrix)
            }
            let duration = (position + 1 < times.count ? times[position + 1] : total) - times[position]
            try colour.encode(picture, pts: times[position], duration: duration)
            try alpha?.encode(alphaPicture, pts: times[position], duration: duration)
        }
        try colour.finish()
        try alpha?.finish()
        guard colour.packets.count == times.count, alpha.map({ $0.packets.count == times.count }) ?? true else {
            throw .encodingFailed(
                format: .webm, reason: "libvpx returned \(colour.packets.count) frames for \(times.count)")
        }
        let frames = colour.packets.enumerated().map { (i, packet) in
            WebMMuxer.Frame(data: packet.data, alpha: alpha?.packets[i].data, time: times[i], isKey: packet.isKey)
        }
        // A constant frame time, in ns, lets readers recover the exact rate.
        let delays = kept.map { animation.frames[$0].delay }
        let constant =
            kept.count == animation.frames.count && delays.allSatisfy { $0 == delays[0] } && delays[0] > .zero
        let defaultDuration = constant ? Int((delays[0].seconds * 1e9).rounded()) : nil
        return WebMMuxer.mux(
            frames: frames, width: width, height: height, hasAlpha: hasAlpha,
            durationMilliseconds: Double(total), defaultDurationNanoseconds: defaultDuration)
    }
}
