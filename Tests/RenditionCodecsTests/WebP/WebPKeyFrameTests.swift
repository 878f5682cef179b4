import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// `WebPEncoder.Options.keyframeInterval = 1...1` (libwebp's `kmax = 1`) makes every frame
/// decodable on its own; without it, later frames hold only what changed.
@Suite("WebP key frames")
struct WebPKeyFrameTests {
    @Test("by default only the first frame is a key frame: the others hold only the flying bee")
    func defaultFirstOnly() throws {
        let keys = try WebPKeyFrames.keyFrames(
            WebPEncoder(options: .lossless).encode(try TestAnimations.burgerAndFlyingBee()))
        #expect(keys.count > 5)
        #expect(keys.first == true)
        #expect(keys.dropFirst().contains(false), "\(keys)")
    }

    @Test(
        "kmax = 1: every frame is a key frame, lossless and lossy, and the frames are the same",
        arguments: [
            WebPEncoder.Options.lossless, .lossy(quality: 60),
        ])
    func everyFrame(options: WebPEncoder.Options) throws {
        let bee = try TestAnimations.burgerAndFlyingBee()
        var keyed = options
        keyed.keyframeInterval = 1...1
        let bytes = try WebPEncoder(options: keyed).encode(bee)
        let keys = try WebPKeyFrames.keyFrames(bytes)
        #expect(keys.count == bee.frames.count)
        #expect(keys.allSatisfy { $0 }, "\(keys)")
        if options.compression == .lossless {
            #expect(try WebPDecoder.decode(bytes).frames.map(\.raster) == bee.frames.map(\.raster))
        }
    }
}
