import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline
import RenditionTestSupport
import Testing

/// Targets that return pixels (`RenditionTarget.returnsPixels`): what preview sheets and
/// `lint --fix` take from the pipeline instead of resampling on their own.
@Suite("Pixel targets")
struct PixelTargetTests {
    @Test(
        "a pixels target gives the first frame resampled by Lanczos-3 (the master itself at @3x) and no file",
        arguments: ["lint/clean.png", "lint/non-square.png", "lint/opaque.jpg", "stickers/derived/1F405-408.png"])
    func stillPixels(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        let master = try ImageDecoder.decodeAnimation(bytes)
        let scales: [StickerScale] = [.x3, .x2, .x1]
        let made = try StickerPipeline().run(.bytes(bytes), targets: scales.map { .pixels(.scale($0)) })
        #expect(made.outputs.count == 3)
        for (scale, outcome) in zip(scales, made.outputs) {
            let output = try outcome.get()
            let size = StickerGeometry.renditionSize(
                masterWidth: master.width, masterHeight: master.height, scale: scale)
            // What PreviewCard drew before it asked the pipeline.
            let expected =
                scale == .x3
                ? master.firstFrame
                : LanczosResampler().resample(master.firstFrame, width: size.width, height: size.height)
            let pixels = try #require(output.pixels)
            #expect(pixels.frames.count == 1 && pixels.firstFrame == expected, "\(file) \(scale)")
            #expect(output.width == size.width && output.height == size.height)
            #expect(output.files.isEmpty && output.bytes.isEmpty && !output.animated)
            #expect(output.report.step == "pixels" && output.report.limit == nil)
        }
    }

    @Test("an animated pixels target gives every frame resampled, with its delay; a still one the first frame")
    func animatedPixels() throws {
        let bytes = try Fixtures.bytes("lint/animated.png")
        let master = try ImageDecoder.decodeAnimation(bytes)
        #expect(master.frames.count == 3)
        let made = try StickerPipeline().run(
            .bytes(bytes), targets: [.pixels(.scale(.x1)), .pixels(.scale(.x2), animates: false)])
        let size = StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: .x1)
        let strip = try #require(try made.outputs[0].get().pixels)
        #expect(strip.frames.count == master.frames.count && strip.loopCount == master.loopCount)
        for (frame, original) in zip(strip.frames, master.frames) {
            #expect(frame.delay == original.delay)
            #expect(
                frame.raster == LanczosResampler().resample(original.raster, width: size.width, height: size.height))
        }
        #expect(try made.outputs[0].get().animated)
        let still = try made.outputs[1].get()
        #expect(still.pixels?.frames.count == 1 && !still.animated)
        #expect(still.report.notes.contains { $0.contains("first frame used") })
    }

    @Test("pixels are placed on the target's canvas and adapted to its frame rules")
    func placedAndAdapted() throws {
        let master = try ImageDecoder.decodeAnimation(try Fixtures.bytes("lint/animated.png"))
        let rule = CanvasRule(mode: .exact, width: 160, height: 120)
        var platform = PackPlatform.telegram
        platform.minimumFrameMilliseconds = 200  // the fixture's frames are shorter: they are merged
        let made = try StickerPipeline().run(
            .animation(master, format: .png), targets: [.pixels(.canvas(rule), frameRules: platform.framePolicy)])
        let output = try made.outputs[0].get()
        let expected = try AnimationConstraints.apply(platform, to: CanvasPlacement.place(master, on: rule))
        #expect(!expected.notes.isEmpty)
        let pixels = try #require(output.pixels)
        #expect(pixels.width == 160 && pixels.height == 120)
        #expect(pixels == expected.animation)
        #expect(output.report.notes == expected.notes)
    }

    @Test(
        "adding pixels targets to a run changes none of its files",
        arguments: ["lint/clean.png", "lint/animated.png", "gif/wuffs/animated-red-blue.gif"])
    func filesUnchanged(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        let pipeline = StickerPipeline()
        let whatsApp = PackPlatform.whatsApp
        // Smaller scales alone are made frame by frame as they are decoded; the others from the
        // whole master, fitted under a limit.
        let streamed: [RenditionTarget] = [.rendition(.x2), .rendition(.x1)]
        let fitted: [RenditionTarget] = [
            RenditionTarget(
                label: whatsApp.name, size: .canvas(whatsApp.canvas),
                formats: RenditionTarget.Formats(still: .webp, animated: [.webp]), frameRules: whatsApp.framePolicy,
                byteLimit: .bytes(500_000)),
            .rendition(.x3, format: .apng),
        ]
        let pixels: [RenditionTarget] = [
            .pixels(.scale(.x1)), .pixels(.scale(.x2), animates: false), .pixels(.canvas(whatsApp.canvas)),
        ]
        for targets in [streamed, fitted] {
            let alone = try pipeline.run(.bytes(bytes), targets: targets).outputs.map { try $0.get() }
            let mixed = try pipeline.run(.bytes(bytes), targets: pixels + targets + pixels).outputs.map {
                try $0.get()
            }
            #expect(mixed.count == pixels.count * 2 + targets.count)
            let files = mixed[pixels.count..<(pixels.count + targets.count)]
            #expect(alone.allSatisfy { !$0.bytes.isEmpty && $0.pixels == nil })
            #expect(files.map(\.files) == alone.map(\.files), "\(file) \(targets.map(\.label))")
            #expect(files.map(\.format) == alone.map(\.format))
            #expect(files.map(\.report) == alone.map(\.report))
            #expect(mixed.filter { $0.pixels != nil }.count == pixels.count * 2)
        }
    }
}
