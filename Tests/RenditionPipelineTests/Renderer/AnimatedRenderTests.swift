import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

@Suite("Animated stickers")
struct AnimatedRenderTests {
    @Test("real APNG and GIF conformance animations render with every frame; --format png keeps the first frame")
    func realAnimations() throws {
        let output = try TemporaryFolder.make()
        let apng = Fixtures.path("apng/wuffs/animated-red-blue.apng")
        let master = try ImageDecoder.decodeAnimation([UInt8](try Data(contentsOf: URL(fileURLWithPath: apng))))
        let renditions = try StickerRenderer().render([UInt8](try Data(contentsOf: URL(fileURLWithPath: apng))))
        for rendition in renditions {
            let decoded = try ImageDecoder.decodeAnimation(rendition.bytes)
            #expect(decoded.frames.count == master.frames.count && decoded.loopCount == master.loopCount)
            #expect(decoded.frames.map(\.delay) == master.frames.map(\.delay))
        }
        let still = try StickerRenderer(options: RenderOptions(format: .png)).render(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: apng))))
        let first = try ImageDecoder.decodeAnimation(still[0].bytes)
        #expect(first.frames.count == 1)
        #expect(
            first.firstFrame
                == LanczosResampler().resample(master.firstFrame, width: still[0].width, height: still[0].height))
        _ = output
    }

    @Test("an animated WebP renders to animated WebP renditions with its frames, delays and loop count")
    func webpToWebp() throws {
        let bytes = try Fixtures.bytes("webp/image-webp/animated/random_lossless.webp")
        let master = try ImageDecoder.decodeAnimation(bytes)
        let renditions = try StickerRenderer().render(bytes)
        #expect(renditions.map(\.fileExtension) == ["webp", "webp"])
        for rendition in renditions {
            #expect(ImageFormat.sniff(rendition.bytes) == .webp)
            let decoded = try ImageDecoder.decodeAnimation(rendition.bytes)
            #expect(decoded.frames.count == master.frames.count && decoded.loopCount == master.loopCount)
            #expect(decoded.frames.map(\.delay) == master.frames.map(\.delay))
            #expect(decoded == LanczosResampler().resample(master, width: rendition.width, height: rendition.height))
        }
    }

    @Test("an animated GIF renders to GIF renditions keeping frame count, delays and loop count")
    func gifToGif() throws {
        let bytes = try Fixtures.bytes("gif/wuffs/animated-red-blue.gif")
        let master = try ImageDecoder.decodeAnimation(bytes)
        let renditions = try StickerRenderer().render(bytes)
        #expect(renditions.map(\.fileExtension) == ["gif", "gif"])
        for rendition in renditions {
            #expect(ImageFormat.sniff(rendition.bytes) == .gif)
            let decoded = try ImageDecoder.decodeAnimation(rendition.bytes)
            #expect(decoded.frames.count == master.frames.count && decoded.loopCount == master.loopCount)
            #expect(decoded.frames.map(\.delay) == master.frames.map(\.delay))
            // Opaque pixels of the resampled frames survive GIF quantisation closely.
            let expected = LanczosResampler().resample(master, width: rendition.width, height: rendition.height)
            for (frame, reference) in zip(decoded.frames, expected.frames) {
                var worst = 0
                for i in stride(from: 0, to: frame.raster.bytes.count, by: 4) where reference.raster.bytes[i + 3] == 255
                {
                    for c in 0..<3 {
                        worst = max(worst, abs(Int(frame.raster.bytes[i + c]) - Int(reference.raster.bytes[i + c])))
                    }
                }
                #expect(worst <= 48)
            }
        }
    }

    @Test("the 300-frame fixture of the command line's memory-bound test is movingSquare(frames: 300, side: 618)")
    func memoryBoundFixture() throws {
        // Made by movingSquare(frames: 300, side: 618) and APNGEncoder at level 1 (see Fixtures/README.md).
        #expect(
            try ImageDecoder.decodeAnimation(Fixtures.bytes("animated/moving-square-300f-618.png"))
                == TestAnimations.movingSquare(frames: 300, side: 618))
    }
}
