import CRenditionKernels
import CVPX
import RenditionCore

/// What a WebM file holds, read from its container without decoding any frame.
public struct WebMInfo: Sendable, Equatable {
    /// VP8 or VP9.
    public let codec: WebMCodec
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Whether the track carries an alpha stream (`AlphaMode` 1).
    public let hasAlpha: Bool
    /// Whether the file has an audio track.
    public let hasAudio: Bool
    /// Coded video frames (blocks) in the file.
    public let blockCount: Int
    /// The constant frame rate the timestamps follow, if they follow one.
    public let frameRate: FrameRate?
    /// How long one loop lasts, as decoding times the frames (`WebMFrameTiming`); `nil` when
    /// the timing cannot be read.
    public let duration: FrameDelay?
    /// How long the shortest frame is shown (as `duration`).
    public let shortestFrame: FrameDelay?
    /// The container's `DocType`: `webm` or `matroska`.
    public let docType: String
}

/// Decodes WebM (and Matroska) video: Rendition's own EBML reader (`WebMContainer`) finds the
/// video track's frames, libvpx decodes them (VP8 or VP9, one thread), and the alpha stream
/// that `AlphaMode` 1 announces — a second VP8/VP9 stream in each block's `BlockAdditional` —
/// is decoded by a second libvpx decoder into the alpha channel.
///
/// - Colour: Y'CbCr 4:2:0 to RGB with the matrix and range the VP9 bitstream states (VP8
///   states none), else the track's `Colour` element, else BT.601 limited range; chroma is
///   upsampled bilinearly (centred samples). Frames come out premultiplied.
/// - Timing: see `WebMFrameTiming` (exact delays for constant frame rates); the animation
///   loops forever (video has no loop count).
/// - Audio tracks are ignored; hidden frames (shown by no block) give no frame.
/// - Limits: the canvas and the block count are checked from the container before anything
///   is decoded, and every frame size a frame header states (VP8 key frames; VP9 key,
///   intra-only and inter frames, each frame of a superframe) is checked against the track
///   before libvpx allocates for it (`VPXDecoder`). A frame lasting over a day is refused
///   (`WebMFrameTiming`).
public enum WebMDecoder {
    /// Reads the container: codec, size, alpha, audio, frame count and rate.
    public static func info(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> WebMInfo {
        try limits.check(inputBytes: bytes.count, format: .webm)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(CodecError) in
            let container = try WebMContainer(buffer, limits: limits)
            let rate = WebMFrameTiming.constantRate(
                timestamps: container.blocks.map(\.timestamp), scale: container.timecodeScale,
                defaultDuration: container.video.defaultDuration)
            let visible = container.blocks.filter { !$0.invisible }
            let delays = try? WebMFrameTiming.delays(
                timestamps: visible.map(\.timestamp), scale: container.timecodeScale,
                defaultDuration: container.video.defaultDuration, lastBlockDuration: visible.last?.duration,
                segmentDuration: container.duration)
            return WebMInfo(
                codec: container.video.codec, width: container.video.width, height: container.video.height,
                hasAlpha: container.video.hasAlpha, hasAudio: container.hasAudio, blockCount: container.blocks.count,
                frameRate: rate, duration: delays?.reduce(FrameDelay.zero, +), shortestFrame: delays?.min(),
                docType: container.docType)
        }
    }

    /// Decodes every frame.
    /// - Throws: `.corrupt` for truncated or damaged files and frames libvpx rejects,
    ///   `.unsupported` for other codecs, laced or encrypted blocks, high bit depth or
    ///   non-4:2:0 video, size changes and frames lasting over a day, `.limitExceeded` for the
    ///   limits.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        var frames: [AnimationFrame] = []
        let outline = try decode(bytes, limits: limits) { frames.append($0) }
        return Animation(width: outline.width, height: outline.height, frames: frames, loopCount: 0)
    }

    /// Decodes frame by frame, handing each to `body` as soon as the next one is decoded (a
    /// frame's delay lasts until the next frame shown). Every error the container can show
    /// comes before the first frame; a frame libvpx rejects can come after some frames were
    /// handed over.
    public static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = .default, frames body: (AnimationFrame) -> Void
    ) throws(CodecError) -> AnimationOutline {
        DecodeCount.record(bytes)
        var converter: PictureConverter?
        var pending: AnimationFrame?
        var count = 0
        let container = try decodePictures(bytes, limits: limits) { (picture, alpha, delay, track) throws(CodecError) in
            guard let picture else {
                // Nothing shown: the frame before stays on screen for this block's time too.
                if let previous = pending {
                    pending = AnimationFrame(raster: previous.raster, delay: previous.delay + delay)
                }
                return
            }
            if converter == nil { converter = PictureConverter(width: track.width, height: track.height, track: track) }
            let raster = try converter!.convert(picture, alpha: alpha)
            if let previous = pending { body(previous) }
            pending = AnimationFrame(raster: raster, delay: delay)
            count += 1
        }
        guard let last = pending else { throw .corrupt(format: .webm, reason: "no frame is shown") }
        body(last)
        return AnimationOutline(width: container.width, height: container.height, frameCount: count, loopCount: 0)
    }

    /// Decodes every block of `bytes`, calling `body` for each visible one with the picture
    /// it shows (`nil` when it shows none), the alpha stream's picture (when the track has
    /// one and the block carries it), the block's delay and the track; returns the track.
    /// The pictures stay valid only during the call.
    static func decodePictures(
        _ bytes: [UInt8], limits: DecodeLimits,
        _ body: (UnsafeMutablePointer<vpx_image_t>?, UnsafeMutablePointer<vpx_image_t>?, FrameDelay, WebMVideoTrack)
            throws(CodecError) -> Void
    ) throws(CodecError) -> WebMVideoTrack {
        try limits.check(inputBytes: bytes.count, format: .webm)
        return try bytes.withUnsafeBufferPointer { (file) throws(CodecError) in
            let container = try WebMContainer(file, limits: limits)
            let visible = container.blocks.filter { !$0.invisible }
            let delays = try WebMFrameTiming.delays(
                timestamps: visible.map(\.timestamp), scale: container.timecodeScale,
                defaultDuration: container.video.defaultDuration, lastBlockDuration: visible.last?.duration,
                segmentDuration: container.duration)
            let track = container.video
            let main = try VPXDecoder(codec: track.codec, stream: "colour")
            let alpha = track.hasAlpha ? try VPXDecoder(codec: track.codec, stream: "alpha") : nil
            var visibleIndex = 0
            for (index, block) in container.blocks.enumerated() {
                let picture = try main.decode(
                    UnsafeBufferPointer(rebasing: file[block.data]), frame: index + 1, width: track.width,
                    height: track.height)
                // The alpha stream is decoded for every block that carries it: its frames
                // refer to each other like the colour stream's.
                var alphaPicture: UnsafeMutablePointer<vpx_image_t>?
                if let alpha, let range = block.alpha {
                    alphaPicture = try alpha.decode(
                        UnsafeBufferPointer(rebasing: file[range]), frame: index + 1, width: track.width,
                        height: track.height)
                }
                guard !block.invisible else { continue }
                try body(picture, alphaPicture, delays[visibleIndex], track)
                visibleIndex += 1
            }
            return track
        }
    }

    /// Decodes every frame to its Y, U, V (and, with alpha, A) planes, tightly packed one
    /// after another as `-pix_fmt yuv(a)420p` lays them out: for comparing with other
    /// libvpx decodings bit for bit.
    static func decodePlanes(_ bytes: [UInt8], limits: DecodeLimits = .default, _ body: ([UInt8]) -> Void)
        throws(CodecError)
    {
        _ = try decodePictures(bytes, limits: limits) { (picture, alpha, _, track) throws(CodecError) in
            guard let picture else { return }
            let image = picture.pointee
            let (w, h) = (Int(image.d_w), Int(image.d_h))
            let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
            var planes: [UInt8] = []
            func append(_ plane: UnsafeMutablePointer<UInt8>, stride: Int32, width: Int, height: Int) {
                for y in 0..<height {
                    planes.append(contentsOf: UnsafeBufferPointer(start: plane + y * Int(stride), count: width))
                }
            }
            append(image.planes.0!, stride: image.stride.0, width: w, height: h)
            append(image.planes.1!, stride: image.stride.1, width: cw, height: ch)
            append(image.planes.2!, stride: image.stride.2, width: cw, height: ch)
            if track.hasAlpha {
                if let alpha {
                    append(alpha.pointee.planes.0!, stride: alpha.pointee.stride.0, width: w, height: h)
                } else {
                    planes.append(contentsOf: [UInt8](repeating: 255, count: w * h))
                }
            }
            body(planes)
        }
    }
}

/// Turns libvpx pictures into premultiplied RGBA rasters of one size, reusing its scratch.
struct PictureConverter {
    let width: Int
    let height: Int
    let track: WebMVideoTrack
    private var scratch: [Int32]

    init(width: Int, height: Int, track: WebMVideoTrack) {
        self.width = width
        self.height = height
        self.track = track
        scratch = [Int32](repeating: 0, count: 4 * width)
    }

    /// The matrix for `picture`: the bitstream's colour space and range, else the track's
    /// `Colour`, else BT.601 limited.
    func matrix(for picture: vpx_image_t) throws(CodecError) -> YCbCrMatrix {
        let full = picture.range == VPX_CR_FULL_RANGE || track.range == 2
        switch picture.cs {
        case VPX_CS_BT_709: return .bt709(fullRange: full)
        case VPX_CS_BT_2020: return .bt2020(fullRange: full)
        case VPX_CS_BT_601, VPX_CS_SMPTE_170, VPX_CS_SMPTE_240: return .bt601(fullRange: full)
        case VPX_CS_SRGB: throw .unsupported(format: .webm, reason: "RGB (sRGB) video; only Y'CbCr 4:2:0 is decoded")
        default:
            switch track.matrixCoefficients {
            case 1: return .bt709(fullRange: full)
            case 9: return .bt2020(fullRange: full)
            default: return .bt601(fullRange: full)
            }
        }
    }

    /// `picture` (and the alpha stream's `alpha`, whose luma is the alpha channel) as a
    /// premultiplied raster.
    mutating func convert(_ picture: UnsafeMutablePointer<vpx_image_t>, alpha: UnsafeMutablePointer<vpx_image_t>?)
        throws(CodecError) -> Raster
    {
        let image = picture.pointee
        guard image.fmt == VPX_IMG_FMT_I420 else {
            throw .unsupported(
                format: .webm,
                reason: image.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) != 0
                    ? "high bit depth video" : "video whose chroma is not 4:2:0")
        }
        guard Int(image.d_w) == width, Int(image.d_h) == height else {
            throw .unsupported(
                format: .webm, reason: "a frame of \(image.d_w)x\(image.d_h) in a \(width)x\(height) track")
        }
        var alphaPlane: (UnsafeMutablePointer<UInt8>, Int)?
        if let alpha {
            let a = alpha.pointee
            guard a.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) == 0, Int(a.d_w) == width, Int(a.d_h) == height
            else {
                throw .unsupported(format: .webm, reason: "an alpha stream whose frames differ from the video's")
            }
            alphaPlane = (a.planes.0!, Int(a.stride.0))
        }
        var coefficients = try matrix(for: image).toRGB
        var raster = Raster.uninitialized(width: width, height: height)
        let (w, h) = (width, height)
        raster.bytes.withUnsafeMutableBufferPointer { out in
            scratch.withUnsafeMutableBufferPointer { scratch in
                rdn_yuv420_to_rgba(
                    image.planes.0, Int(image.stride.0), image.planes.1, Int(image.stride.1), image.planes.2,
                    Int(image.stride.2),
                    alphaPlane?.0, alphaPlane?.1 ?? 0, out.baseAddress, w * 4, Int32(w), Int32(h), &coefficients,
                    scratch.baseAddress)
                if alphaPlane != nil {
                    AlphaConversion.premultiply(out.baseAddress!, into: out.baseAddress!, pixelCount: w * h)
                }
            }
        }
        return raster
    }
}
