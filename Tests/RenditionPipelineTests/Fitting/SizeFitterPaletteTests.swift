import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs
@testable import RenditionPipeline

/// The size ladder's dithered palette step: after the lossless steps, before the undithered
/// palettes of 256 colours and fewer.
@Suite("Size fitting: the dithered palette step")
struct SizeFitterPaletteTests {
    static let stepName = "dithered palette of 256 colours (SSIM ≥ \(PaletteQuantization.defaultMinimumSimilarity))"

    static func sticker(_ file: String, side: Int) throws -> Raster {
        LanczosResampler().resample(try Fixtures.raster("stickers/" + file), width: side, height: side)
    }

    @Test("a still that lossless cannot fit gets the dithered palette, not the undithered 256 colours, which also fit")
    func stillTakesPaletteBeforeUndithered() throws {
        // Noto's person bouncing a ball at @2x: soft shading where undithered colours band.
        let sticker = try Self.sticker("noto-512/emoji_u26f9.png", side: 341)
        let animation = Animation(still: sticker)
        let lossless = try PNGEncoder(options: .init(compressionLevel: 12)).encode(sticker)
        let palette = try PNGEncoder(options: .init(compressionLevel: 12, palette: PaletteQuantization())).encode(
            sticker)
        let medianCut = SizeFitter.quantized(animation, colors: 256).firstFrame
        let medianCutBytes = try PNGEncoder(options: .init(compressionLevel: 12)).encode(medianCut)
        // Both lossy results fit this limit and lossless does not: the ladder's order decides.
        let limit = max(palette.count, medianCutBytes.count)
        try #require(limit < lossless.count)
        let fitted = try SizeFitter(limit: limit).fit(animation, as: .png)
        #expect(fitted.step == Self.stepName && fitted.stepIndex == 3 && !fitted.givenUp.isEmpty, "\(fitted.step)")
        let isPalette = fitted.bytes == palette
        #expect(isPalette)
        let decoded = try PNGDecoder.decode(fitted.bytes)
        let similarity = StructuralSimilarity.similarity(sticker, decoded)
        let undithered = decoded == medianCut.tightlyPacked()
        #expect(similarity >= PaletteQuantization.defaultMinimumSimilarity && !undithered, "SSIM \(similarity)")
        // What fits losslessly still fits losslessly.
        #expect(try SizeFitter(limit: lossless.count).fit(animation, as: .png).step == "lossless (deflate level 12)")
    }

    @Test(
        "an APNG that lossless cannot fit gets the shared dithered palette, also when the ladder is steered by a sample of frames",
        arguments: [8, 20])
    func animationTakesPaletteBeforeUndithered(frames: Int) throws {
        let sticker = try Self.sticker("noto-512/emoji_u1f3c2.png", side: 160)
        let animation = Animation(
            width: 160, height: 200,
            frames: (0..<frames).map { k in
                var canvas = Raster(width: 160, height: 200)
                for y in 0..<160 { for x in 0..<160 { canvas[x, y + (k * 5) % 40] = sticker[x, y] } }
                return AnimationFrame(raster: canvas, delay: .centiseconds(5))
            }, loopCount: 0)
        #expect((frames > SizeFitter.sampledAbove) == (frames == 20))
        let lossless = try APNGEncoder(options: .init(compressionLevel: PNGEncoder.defaultCompressionLevel)).encode(
            animation)
        let palette = try APNGEncoder(options: .init(compressionLevel: 12, palette: PaletteQuantization())).encode(
            animation)
        let medianCut = try APNGEncoder(options: .init(compressionLevel: 12)).encode(
            SizeFitter.quantized(animation, colors: 256))
        // A margin over both, as a sampled prediction needs (it aims 3 % under the limit).
        let limit = max(palette.count, medianCut.count) * 21 / 20
        try #require(limit < lossless.count * 9 / 10)
        let fitted = try SizeFitter(limit: limit).fit(animation, as: .apng)
        #expect(fitted.step == Self.stepName && fitted.stepIndex == 2, "\(fitted.step)")
        let isPalette = fitted.bytes == palette
        #expect(isPalette)
        #expect(try APNGDecoder.decode(fitted.bytes).frames.count == frames)
    }

    @Test(
        "a dithered palette refused by its similarity floor is skipped: the ladder goes on to the undithered 256 colours"
    )
    func refusedPaletteIsSkipped() throws {
        // Smooth colour and alpha ramps: more than 256 colours that a dithered palette cannot
        // hold at SSIM 0.98.
        let animation = Animation(still: TestImages.gradient())
        guard case .refused = try DitheredPaletteQuantizer().quantize(animation.firstFrame) else {
            Issue.record("the default floors accepted the gradient")
            return
        }
        let medianCut = try PNGEncoder(options: .init(compressionLevel: 12)).encode(
            SizeFitter.quantized(animation, colors: 256).firstFrame)
        let fitted = try SizeFitter(limit: medianCut.count).fit(animation, as: .png)
        #expect(fitted.step == "palette of 256 colours" && fitted.stepIndex == 4, "\(fitted.step)")
        let isMedianCut = fitted.bytes == medianCut
        #expect(isMedianCut)
    }
}
