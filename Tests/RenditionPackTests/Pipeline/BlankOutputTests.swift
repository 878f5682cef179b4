import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

/// An output whose every pixel of every frame is fully transparent is an error, never a file
/// that shows nothing: a master that draws nothing, or a Lottie the linked rlottie cannot draw.
@Suite("Blank outputs")
struct BlankOutputTests {
    /// A fully transparent PNG of `width` x `height`.
    static func transparentPNG(width: Int, height: Int) throws -> [UInt8] {
        try PNGEncoder().encode(Raster(width: width, height: height))
    }

    /// Whether `result` failed as blank, naming `label`.
    static func isBlank(_ result: Result<TargetOutput, TargetError>, label: String) -> Bool {
        guard case .failure(.blank(let text)) = result else { return false }
        return text.contains(label) && text.contains("fully transparent")
    }

    @Test("a fully transparent master gives blank errors on every path: streamed, whole with a limit, sequence")
    func transparentMaster() throws {
        let bytes = try Self.transparentPNG(width: 300, height: 300)
        let streamed = try StickerPipeline().run(.bytes(bytes), targets: [.rendition(.x2), .rendition(.x1)])
        #expect(Self.isBlank(streamed.outputs[0], label: "@2x") && Self.isBlank(streamed.outputs[1], label: "@1x"))
        let limited = RenditionTarget(
            label: "limited", size: .canvas(CanvasRule(mode: .exact, width: 512, height: 512)), formats: .one(.webp),
            byteLimit: .bytes(100_000))
        let whole = try StickerPipeline().run(.bytes(bytes), targets: [limited, .rendition(.x3)])
        #expect(Self.isBlank(whole.outputs[0], label: "limited") && Self.isBlank(whole.outputs[1], label: "@3x"))
    }

    @Test("an animation is blank only when every frame is: one visible pixel in the last frame is enough")
    func lastFrameVisible() throws {
        var frames = [AnimationFrame](
            repeating: AnimationFrame(raster: Raster(width: 64, height: 64), delay: .milliseconds(100)), count: 3)
        var last = Raster(width: 64, height: 64)
        last[10, 10] = RGBA(200, 0, 0, 255)
        frames[2] = AnimationFrame(raster: last, delay: .milliseconds(100))
        let animation = Animation(width: 64, height: 64, frames: frames, loopCount: 0)
        let bytes = try APNGEncoder().encode(animation)
        let made = try StickerPipeline().run(.bytes(bytes), targets: [.rendition(.x3, format: .apng)])
        #expect(try made.outputs[0].get().animated)
        let blank = Animation(width: 64, height: 64, frames: Array(frames[0..<2]), loopCount: 0)
        let none = try StickerPipeline().run(
            .animation(blank, format: .png), targets: [.rendition(.x2, format: .apng)])
        #expect(Self.isBlank(none.outputs[0], label: "@2x"))
    }

    @Test("a Lottie that rlottie 0.1 draws blank is an error naming the cause, not two empty PNGs")
    func blankLottie() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/MattWithParentAlpha.json")
        let made = try StickerPipeline().run(.bytes(bytes), targets: [.rendition(.x2), .rendition(.x1)])
        for output in made.outputs {
            guard case .failure(.blank(let text)) = output else {
                Issue.record("expected a blank error, got \(output)")
                continue
            }
            #expect(text.contains("LOTTIE-FIDELITY.md") && text.contains("track-matted"))
        }
        // A Lottie that draws is not affected.
        let heart = try StickerPipeline().run(
            .bytes(try Fixtures.bytes("lottie/lottie-android/ShapeTypes.json")), targets: [.rendition(.x2)])
        #expect(try heart.outputs[0].get().bytes.count > 0)
    }

    @Test("pixels targets still return blank pixels: preview and lint show what is there")
    func pixelsStayAvailable() throws {
        let made = try StickerPipeline().run(
            .bytes(try Self.transparentPNG(width: 90, height: 90)), targets: [.pixels(.scale(.x2))])
        let pixels = try #require(try made.outputs[0].get().pixels)
        #expect(!pixels.hasVisiblePixel && pixels.width == 60)
    }
}
