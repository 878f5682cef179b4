import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// An animation of key frames only is written frame by frame: every `ANMF` covers the whole
/// canvas and neither blends nor disposes (the layout libwebp's animation encoder gives such
/// frames), identical frames are shown once for their total time, and the millisecond timing
/// is the same as the animation encoder's.
@Suite("WebP key-frame layout")
struct WebPKeyFrameLayoutTests {
    static func keyed(_ options: WebPEncoder.Options) -> WebPEncoder {
        var options = options
        options.keyframeInterval = 1...1
        return WebPEncoder(options: options)
    }

    /// Frame `index` of a 64 x 64 test animation: a square in one of three places.
    static func frame(_ index: Int, delay: FrameDelay) -> AnimationFrame {
        var raster = Raster(width: 64, height: 64)
        for y in 8..<24 {
            for x in (8 + index * 12)..<(24 + index * 12) { raster[x, y] = RGBA(200, 40, 40, 255) }
        }
        return AnimationFrame(raster: raster, delay: delay)
    }

    @Test("every frame covers the canvas, no blending, no disposal; 1/30 s frames keep the encoder's timing")
    func layoutAndTiming() throws {
        let third = FrameDelay(numerator: 1, denominator: 30)
        let animation = Animation(width: 64, height: 64, frames: (0..<6).map { Self.frame($0 % 3, delay: third) })
        let bytes = try Self.keyed(.lossless).encode(animation)
        let fragments = WebPKeyFrames.fragments(bytes)
        #expect(fragments.count == 6)
        #expect(fragments.allSatisfy { $0.x == 0 && $0.y == 0 && $0.width == 64 && $0.height == 64 })
        let flags = WebPKeyFrames.frameFlags(bytes)
        #expect(flags.allSatisfy { $0.noBlend && !$0.disposeToBackground }, "\(flags)")
        let decoded = try WebPDecoder.decode(bytes)
        #expect(decoded.frames.map(\.raster) == animation.frames.map(\.raster))
        #expect(decoded.frames.map(\.delay) == [33, 34, 33, 33, 34, 33].map { FrameDelay.milliseconds($0) })
        // The same timing as libwebp's animation encoder, which writes the other layouts.
        let plain = try WebPDecoder.decode(try WebPEncoder(options: .lossless).encode(animation))
        #expect(plain.frames.map(\.delay) == decoded.frames.map(\.delay))
    }

    @Test(
        "a run of identical frames is one frame for the run's time; frames all alike stay an animation, of two frames")
    func identicalFrames() throws {
        let ten = FrameDelay.milliseconds(100)
        let frames = [0, 0, 1, 1, 1, 0].map { Self.frame($0, delay: ten) }
        let decoded = try WebPDecoder.decode(
            try Self.keyed(.lossy(quality: 80)).encode(Animation(width: 64, height: 64, frames: frames)))
        #expect(decoded.frames.map(\.delay) == [200, 300, 100].map { FrameDelay.milliseconds($0) })
        let still = [0, 0, 0].map { Self.frame($0, delay: ten) }
        let alike = try Self.keyed(.lossless).encode(Animation(width: 64, height: 64, frames: still))
        #expect(WebPKeyFrames.fragments(alike).count == 2)
        #expect(try WebPDecoder.decode(alike).frames.map(\.delay) == [200, 100].map { FrameDelay.milliseconds($0) })
    }
}
