import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

/// An output whose every pixel of every frame is fully transparent is an error, never a file
/// that shows nothing: a master that draws nothing, or a Lottie whose renderer draws nothing of it.
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

    @Test("a Lottie that draws nothing is an error naming the renderer, not two empty PNGs")
    func blankLottie() throws {
        // One shape layer at opacity 0: a valid document with nothing to see.
        let json = """
            {"v":"5.5.2","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,\
            "ks":{"o":{"a":0,"k":0},"p":{"a":0,"k":[50,50,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},\
            "r":{"a":0,"k":0}},"shapes":[{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},\
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        let made = try StickerPipeline().run(.bytes(Array(json.utf8)), targets: [.rendition(.x2), .rendition(.x1)])
        let renderer = try LottieRenderer.shared.get()
        for output in made.outputs {
            guard case .failure(.blank(let text)) = output else {
                Issue.record("expected a blank error, got \(output)")
                continue
            }
            #expect(text.contains("draws nothing with \(renderer)"), "\(text)")
        }
        // A track-matted Lottie, which Debian's rlottie 0.1 draws blank, draws.
        let matted = try StickerPipeline().run(
            .bytes(try Fixtures.bytes("lottie/lottie-android/MattWithParentAlpha.json")), targets: [.rendition(.x2)])
        #expect(try matted.outputs[0].get().bytes.count > 0)
    }

    @Test("pixels targets still return blank pixels: preview and lint show what is there")
    func pixelsStayAvailable() throws {
        let made = try StickerPipeline().run(
            .bytes(try Self.transparentPNG(width: 90, height: 90)), targets: [.pixels(.scale(.x2))])
        let pixels = try #require(try made.outputs[0].get().pixels)
        #expect(!pixels.hasVisiblePixel && pixels.width == 60)
    }
}
