import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionPack
@testable import RenditionPipeline

/// An Xcode sticker sequence is fitted under Apple's 500 KB as a whole: the limit is the
/// sticker's, all frames together, not each frame's.
@Suite("Sticker sequences under the sticker's limit")
struct StickerSequenceFitTests {
    /// A 408 px tiger (many colours, soft edges) turning on the spot, 12 frames at 10 fps.
    static func turningTiger() throws -> [UInt8] {
        let tiger = try Fixtures.raster("stickers/derived/1F405-408.png")
        let frames = (0..<12).map { i in
            let width = 408 - abs(6 - i) * 40
            let squeezed = LanczosResampler().resample(tiger, width: width, height: 408)
            var canvas = Raster(width: 408, height: 408)
            for y in 0..<408 { for x in 0..<width { canvas[x + (408 - width) / 2, y] = squeezed[x, y] } }
            return AnimationFrame(raster: canvas, delay: .milliseconds(100))
        }
        return try APNGEncoder().encode(Animation(width: 408, height: 408, frames: frames))
    }

    static func sequence(_ master: [UInt8], limit: Int) throws -> TargetOutput {
        let made = try StickerPipeline().run(
            .bytes(master), targets: [AppleMessages.catalogTarget(side: 408, style: .sequence, byteLimit: limit)])
        return try made.outputs[0].get()
    }

    @Test(
        "under a limit below the lossless frames' total: the frames together fit, one palette for all, 12 frames at 10 fps, scored"
    )
    func wholeSequenceFits() throws {
        let master = try Self.turningTiger()
        let roomy = try Self.sequence(master, limit: 100_000_000)
        let lossless = roomy.files.reduce(0) { $0 + $1.count }
        #expect(roomy.report.givenUp.isEmpty && roomy.report.quality == 1)
        // Each frame is far under the limit on its own: fitting frame by frame would keep them all lossless.
        let limit = lossless / 2
        #expect(roomy.files.allSatisfy { $0.count < limit })

        let made = try Self.sequence(master, limit: limit)
        let total = made.files.reduce(0) { $0 + $1.count }
        #expect(total <= limit, "\(total) bytes in \(made.files.count) frames")
        #expect(made.files.count == 12 && made.sequence?.timing == .framesPerSecond(10))
        #expect(!made.report.givenUp.isEmpty && made.report.step.hasPrefix("sequence, "), "\(made.report.step)")
        let quality = try #require(made.report.quality)
        #expect(quality > 0.5 && quality < 1)
        for file in made.files {
            let frame = try PNGDecoder.decode(file)
            #expect(frame.width == 408 && frame.height == 408)
        }
    }

    @Test("tighter: the frame rate is halved with 64 colours, and the sequence says 5 fps")
    func lowerFrameRate() throws {
        let master = try Self.turningTiger()
        let ladder = SequenceFitter(
            limit: .max, compressionLevel: PNGEncoder.defaultCompressionLevel, threads: 2, preserveFrames: false,
            paletteSimilarity: PaletteQuantization.defaultMinimumSimilarity)
        let placed = try ImageDecoder.decodeAnimation(master)
        let sixteen = try ladder.encode(SizeFitter.quantized(placed, colors: 16)).reduce(0) { $0 + $1.count }
        let made = try Self.sequence(master, limit: sixteen - 1)
        #expect(made.files.count == 6 && made.sequence?.timing == .framesPerSecond(5), "\(made.report.step)")
        #expect(made.report.givenUp.contains("frame rate divided by 2"))
        #expect(made.files.reduce(0) { $0 + $1.count } < sixteen)
    }

    @Test("a sequence that cannot fit is written as an APNG sticker, with a note saying why")
    func fallsBackToAPNG() throws {
        // The tiger stands still while a dot moves: an APNG stores the dot's changes, a
        // sequence every frame whole, so below the sequence's smallest an APNG still fits.
        let tiger = try Fixtures.raster("stickers/derived/1F405-408.png")
        let frames = (0..<12).map { i in
            var canvas = tiger
            for y in 0..<12 { for x in 0..<12 { canvas[20 + i * 30 + x, 380 + y] = RGBA(200, 0, 0, 255) } }
            return AnimationFrame(raster: canvas, delay: .milliseconds(100))
        }
        let placed = Animation(width: 408, height: 408, frames: frames)
        let master = try APNGEncoder().encode(placed)
        let ladder = SequenceFitter(
            limit: .max, compressionLevel: PNGEncoder.defaultCompressionLevel, threads: 2, preserveFrames: false,
            paletteSimilarity: PaletteQuantization.defaultMinimumSimilarity)
        let smallest = try ladder.encode(SizeFitter.quantized(SizeFitter.reducingFrameRate(placed, by: 4), colors: 32))
            .reduce(0) { $0 + $1.count }
        let made = try StickerPipeline().run(
            .bytes(master), targets: [AppleMessages.catalogTarget(side: 408, style: .sequence, byteLimit: smallest - 1)]
        )
        let output = try made.outputs[0].get()
        #expect(output.sequence == nil && output.format == .apng && output.files.count == 1)
        #expect(output.bytes.count < smallest)
        #expect(
            output.report.notes.contains { $0.contains("sticker sequence could not get under \(smallest - 1) bytes") },
            "\(output.report.notes)")
    }
}
