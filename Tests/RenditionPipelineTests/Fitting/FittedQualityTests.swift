import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

/// `TargetReport.quality`: how close a file fitted under a byte limit stays to the unfitted
/// rendition, measured by decoding the file again.
@Suite("Quality of fitted outputs")
struct FittedQualityTests {
    /// The same target returning pixels instead of a file: the unfitted rendition.
    static func unfitted(_ bytes: [UInt8], side: Int, animates: Bool) throws -> Animation {
        let made = try StickerPipeline().run(
            .bytes(bytes),
            targets: [.pixels(.canvas(CanvasRule(mode: .exact, width: side, height: side)), animates: animates)])
        return try #require(try made.outputs[0].get().pixels)
    }

    static func target(side: Int, format: OutputFormat, limit: Int) -> RenditionTarget {
        RenditionTarget(
            label: "test", size: .canvas(CanvasRule(mode: .exact, width: side, height: side)),
            formats: .one(format), byteLimit: .bytes(limit), preservesFrames: true)
    }

    @Test(
        "a still fitted losslessly scores 1; one fitted by giving something up scores its SSIM against the unfitted pixels"
    )
    func still() throws {
        let bytes = try Fixtures.bytes("stickers/derived/1F405-408.png")
        let side = 408
        let roomy = try StickerPipeline().run(
            .bytes(bytes), targets: [Self.target(side: side, format: .png, limit: 10_000_000)])
        let lossless = try roomy.outputs[0].get()
        #expect(lossless.report.givenUp.isEmpty && lossless.report.quality == 1)

        let tight = try StickerPipeline().run(
            .bytes(bytes), targets: [Self.target(side: side, format: .png, limit: lossless.bytes.count * 2 / 5)])
        let lossy = try tight.outputs[0].get()
        #expect(!lossy.report.givenUp.isEmpty, "\(lossy.report.step)")
        #expect(lossy.bytes.count <= lossless.bytes.count * 2 / 5)
        let decoded = try ImageDecoder.decode(lossy.bytes)
        let expected = StructuralSimilarity.similarity(
            try Self.unfitted(bytes, side: side, animates: false).firstFrame, decoded)
        let quality = try #require(lossy.report.quality)
        #expect(quality == expected)
        #expect(quality > 0.5 && quality < 1, "\(quality)")
    }

    @Test("an animation fitted by giving something up scores its worst frame")
    func animation() throws {
        let bytes = try Fixtures.bytes("lint/animated.png")
        let master = try ImageDecoder.decodeAnimation(bytes)
        let side = 300
        let roomy = try StickerPipeline().run(
            .bytes(bytes), targets: [Self.target(side: side, format: .apng, limit: 10_000_000)])
        let lossless = try roomy.outputs[0].get()
        #expect(lossless.report.quality == 1)
        let tight = try StickerPipeline().run(
            .bytes(bytes), targets: [Self.target(side: side, format: .apng, limit: lossless.bytes.count * 4 / 5)])
        let lossy = try tight.outputs[0].get()
        #expect(!lossy.report.givenUp.isEmpty, "\(lossy.report.step)")
        let decoded = try ImageDecoder.decodeAnimation(lossy.bytes)
        let reference = try Self.unfitted(bytes, side: side, animates: true)
        try #require(decoded.frames.count == reference.frames.count && reference.frames.count == master.frames.count)
        let worst = zip(reference.frames, decoded.frames).map {
            StructuralSimilarity.similarity($0.raster, $1.raster)
        }.min()
        #expect(lossy.report.quality == worst)
        #expect(try #require(lossy.report.quality) < 1)
    }

    @Test("a target with no byte limit has no score")
    func unlimited() throws {
        let made = try StickerPipeline().run(
            .bytes(try Fixtures.bytes("lint/clean.png")), targets: [.rendition(.x2)])
        #expect(try made.outputs[0].get().report.quality == nil)
    }
}
