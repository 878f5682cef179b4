import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

/// Batches of animated and vector masters: each renders through `BatchRenderer` into files on
/// disk, and a refused one fails alone without writing anything.
@Suite("Batches of animated and vector stickers")
struct AnimatedBatchTests {
    @Test("an APNG renders to APNG renditions whose frames are the resampled master frames")
    func apngToApng() throws {
        let source = try TestAnimations.movingSquare(frames: 6, side: 300)
        let input = try TemporaryFolder.make(), output = try TemporaryFolder.make()
        try Data(try APNGEncoder().encode(source)).write(to: URL(fileURLWithPath: "\(input)/moving.png"))
        let results = try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2).run(inputs: [
            "\(input)/moving.png"
        ])
        guard case .success(let written) = results[0].outcome else {
            Issue.record("render failed: \(results[0].outcome)")
            return
        }
        #expect(written.map(\.width) == [200, 100])
        for (scale, side) in [("@2x", 200), ("@1x", 100)] {
            let decoded = try APNGDecoder.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(output)/moving\(scale).png"))))
            let expected = LanczosResampler().resample(source, width: side, height: side)
            #expect(decoded.frames.count == 6 && decoded.loopCount == 0)
            #expect(
                decoded.frames.map(\.delay) == Array(repeating: FrameDelay(numerator: 1, denominator: 24), count: 6))
            #expect(decoded == expected)
        }
    }

    @Test("a batch renders a folder of TGS and Lottie files and skips other JSON")
    func batch() throws {
        let input = try TemporaryFolder.make(), output = try TemporaryFolder.make()
        for name in ["TrimPaths.tgs", "Framerate.json"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("lottie/lottie-android/\(name)"), toPath: "\(input)/\(name)")
        }
        try Data(#"{"name":"not an animation"}"#.utf8).write(to: URL(fileURLWithPath: "\(input)/settings.json"))
        let files = try StickerInputs.expand([input])
        #expect(files.map { $0.split(separator: "/").last! } == ["Framerate.json", "TrimPaths.tgs"])
        let results = try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2).run(
            inputs: files)
        for result in results {
            guard case .success(let written) = result.outcome else {
                Issue.record("\(result.inputPath): \(result.outcome)")
                continue
            }
            #expect(written.count == 2)
        }
        let framerate = try APNGDecoder.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(output)/Framerate@2x.png"))))
        #expect(framerate.width == 133 && framerate.frames.count == 3)
        #expect(framerate.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1, denominator: 3) })
    }

    @Test("a refused TGS fails in a batch without writing anything")
    func refusedInBatch() throws {
        let output = try TemporaryFolder.make()
        let results = try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 1)
            .run(inputs: [Fixtures.path("lottie/lottie-android/WeAccept.tgs")])
        guard case .failure(let error) = results[0].outcome else {
            Issue.record("rendered a file with an external image")
            return
        }
        #expect("\(error)".contains("external file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).filter { !$0.hasPrefix(".") }.isEmpty)
    }
}
