import Foundation
import RenditionCore
import RenditionLint
import RenditionTestSupport
import Testing

@testable import RenditionCodecs
@testable import RenditionPack
@testable import RenditionPipeline

/// Signal's animated stickers are truecolour APNGs (Signal for iOS shows palette APNGs without
/// animation, Signal-iOS issue 4611): the size ladder finds its bytes in frame rate and canvas
/// size, whichever costs the least measured quality, never in colours.
@Suite("Signal: truecolour animated stickers, fitted by measured quality")
struct SignalTruecolourTests {
    /// What a PNG file's chunks say: IHDR colour type, whether a PLTE chunk is present, the
    /// acTL play count, the canvas.
    struct PNGChunks {
        var colourType: UInt8 = 0
        var width = 0
        var height = 0
        var hasPalette = false
        var plays: UInt32?
    }

    static func chunks(_ bytes: [UInt8]) throws -> PNGChunks {
        try #require(bytes.count > 33 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func u32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var found = PNGChunks()
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(u32(offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            switch type {
            case "IHDR":
                found.width = Int(u32(data))
                found.height = Int(u32(data + 4))
                found.colourType = bytes[data + 9]
            case "PLTE": found.hasPalette = true
            case "acTL": found.plays = u32(data + 4)
            default: break
            }
            offset = data + length + 4
        }
        return found
    }

    /// Signal's pack target, as `PackStickerWork` makes it.
    static func signalTarget(limit: Int? = nil) -> RenditionTarget {
        var target = PackPlatform.signal.stickerTarget()
        if let limit { target.byteLimit?.animated = limit }
        return target
    }

    @Test("Signal's data: animated stickers truecolour only, citing Signal-iOS issue 4611; no other platform says so")
    func platformData() throws {
        #expect(PackPlatform.signal.animatedTruecolourOnly == true)
        #expect(PackPlatform.signal.source(of: .colourType).contains("Signal-iOS issue 4611"))
        #expect(PackPlatform.signal.animatedCanvas?.mode == .squareWithin)
        for platform in PackPlatform.builtIn.values where platform.id != "signal" {
            #expect(platform.animatedTruecolourOnly != true, "\(platform.id)")
        }
        // The field is optional in platform files, and kept through JSON.
        let json = try JSONEncoder().encode(PackPlatform.signal)
        #expect(try JSONDecoder().decode(PackPlatform.self, from: json).animatedTruecolourOnly == true)
        var older = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(PackPlatform.whatsApp)) as? [String: Any])
        older.removeValue(forKey: "animatedTruecolourOnly")
        let decoded = try JSONDecoder().decode(
            PackPlatform.self, from: try JSONSerialization.data(withJSONObject: older))
        #expect(decoded.animatedTruecolourOnly == nil)
    }

    @Test(
        "a Signal pack of the mixed folder and a 512 px video sticker: every animation a truecolour RGBA APNG (no PLTE), square, within 512 px and 300 KiB, looping forever; what was given up is reported with its quality"
    )
    func pack() throws {
        let source = try PackFixtureFolder.make()
        try FileManager.default.copyItem(
            atPath: Fixtures.path("webm/vp9-alpha-with-audio-512x512-30fps-2s.webm"),
            toPath: "\(source)/heart-512.webm")
        let output = try TemporaryFolder.make("rendition-signal-truecolour")
        let summary = try PackBuilder(
            source: source, output: output, options: PackOptions(platforms: [.signal], threads: 2)
        ).build()
        let files = summary.stickers.flatMap { sticker -> [PackOutputFile] in
            guard case .success(let files) = sticker.outcome else {
                Issue.record("\(sticker.name): \(sticker.outcome)")
                return []
            }
            return files.filter { $0.platform == "signal" && $0.animated == true }
        }
        // The all-alike animation is a still: 7 animations.
        #expect(files.count == 7, "\(files.map(\.path))")
        var fitted: [PackOutputFile] = []
        for file in files {
            let name = (file.path as NSString).lastPathComponent
            let path = try #require(
                FileManager.default.enumerator(atPath: "\(output)/signal")?.compactMap { $0 as? String }
                    .first { ($0 as NSString).lastPathComponent == name })
            let bytes = try Fixtures.bytesAt("\(output)/signal/\(path)")
            let png = try Self.chunks(bytes)
            let truecolour = png.colourType == 6 && !png.hasPalette
            #expect(truecolour, "\(name): colour type \(png.colourType), PLTE \(png.hasPalette)")
            #expect(png.plays == 0, "\(name)")
            #expect(png.width == png.height && png.width <= 512 && png.width == file.width, "\(name)")
            #expect(bytes.count <= 300 * 1024 && bytes.count == file.bytes, "\(name)")
            if !file.givenUp.isEmpty { fitted.append(file) }
            // Nothing given up in colours.
            #expect(!file.givenUp.contains { $0.contains("colour") }, "\(name): \(file.givenUp)")
        }
        // The heart, 1.9 MB losslessly, and the upscaled small masters give up canvas or frame
        // rate, saying how much, each with its score.
        let heart = try #require(files.first { $0.path.hasSuffix("heart-512.png") })
        #expect(heart.width < 512 && heart.givenUp.contains("canvas 512 → \(heart.width) px"), "\(heart.givenUp)")
        #expect(fitted.count >= 4, "\(files.map { "\($0.path) \($0.givenUp)" })")
        for file in fitted {
            let quality = try #require(file.quality)
            #expect(quality > 0.5 && quality < 1, "\(file.path): \(quality)")
            #expect(
                file.givenUp.allSatisfy {
                    $0.wholeMatch(of: /canvas 512 → \d+ px/) != nil
                        || $0.wholeMatch(of: /frame rate [\d.]+ → [\d.]+ fps/) != nil
                }, "\(file.givenUp)")
        }
        // Signal's own checks pass.
        let findings = PackValidator(platform: .signal).validate(folder: "\(output)/signal")
        #expect(findings.isEmpty, "\(findings.map(\.description))")
    }

    /// The 512 px rendition of a 512 px video sticker, as Signal's target places it.
    static func placed(_ file: String) throws -> (master: Animation, placed: Animation, canvas: SmallerCanvas) {
        let master = try ImageDecoder.decodeAnimation(try Fixtures.bytes(file))
        let pipeline = StickerPipeline(options: RenderOptions(png: .init(compressionLevel: 6)))
        var pixels = signalTarget()
        pixels.returnsPixels = true
        let placed = try #require(
            try pipeline.run(.animation(master, format: .webm), targets: [pixels]).outputs[0].get().pixels)
        let canvas = try #require(
            pipeline.smallerCanvas(signalTarget(), placed: placed, master: master, clock: .milliseconds, threads: 2))
        return (master, placed, canvas)
    }

    @Test(
        "the ladder takes the step of best measured quality: every other step that fits scores no higher, the score is the file's, the smaller canvas is resampled from the master"
    )
    func measuredOrder() throws {
        // A thumbs-up sliding while a heart pulses, 72 frames at 24 fps, 2.6 MB losslessly.
        let (master, placed, canvas) = try Self.placed("webm/vp9-alpha-512x384-24fps-3s.webm")
        let limit = 300 * 1024
        let fitter = SizeFitter(limit: limit, compressionLevel: 6, threads: 2, animatedPalette: false)
        let fitted = try fitter.fit(placed, as: .apng, smallerCanvas: canvas)
        #expect(fitted.bytes.count <= limit)
        let png = try Self.chunks(fitted.bytes)
        #expect(png.colourType == 6 && !png.hasPalette)
        let quality = try #require(fitted.quality)
        #expect(!fitted.alternatives.isEmpty)
        // Every alternative, encoded whole: those that fit score no higher than the choice.
        let encoder = APNGEncoder(options: .init(compressionLevel: 6, threads: 2, truecolour: true))
        for step in fitted.alternatives {
            let base = step.side == placed.width ? placed : canvas.make(step.side)
            let pixels = SizeFitter.reducingFrameRate(base, by: step.divisor)
            let bytes = try encoder.encode(pixels)
            #expect(FittedQuality.heldScore(of: pixels, against: placed) == step.quality)
            if bytes.count <= limit {
                #expect(step.quality <= quality, "\(step) fits and scores higher than \(fitted.step) (\(quality))")
            }
        }
        // The file gives back the step's pixels: its score is the reported one, and a smaller
        // canvas is the master resampled straight to it (not the 512 px rendition shrunk).
        let decoded = try ImageDecoder.decodeAnimation(fitted.bytes)
        let side = fitted.canvasSide ?? placed.width
        #expect(decoded.width == side && decoded.height == side)
        let reduced = fitted.givenUp.contains { $0.hasPrefix("frame rate") }
        if !reduced { #expect(decoded.frames.count == placed.frames.count) }
        #expect(FittedQuality.heldScore(of: decoded, against: placed) == quality)
        if let small = fitted.canvasSide {
            var target = Self.signalTarget()
            target.animatedCanvas = CanvasRule(mode: .squareWithin, width: small, height: small)
            target.returnsPixels = true
            let direct = try #require(
                try StickerPipeline().run(.animation(master, format: .webm), targets: [target]).outputs[0].get().pixels)
            let file = decoded.frames[0].raster.tightlyPacked().bytes
            let fromMaster = direct.frames[0].raster.tightlyPacked().bytes
            let worst = zip(file, fromMaster).map { abs(Int($0) - Int($1)) }.max() ?? 0
            let differing = zip(file, fromMaster).filter { $0 != $1 }.count
            let same = file == fromMaster
            #expect(same, "largest difference \(worst), \(differing) of \(file.count) bytes")
        }
    }

    @Test("without a smaller canvas (vector art) the truecolour ladder lowers the frame rate, and names it in fps")
    func frameRateOnly() throws {
        let (_, placed, _) = try Self.placed("webm/vp9-alpha-with-audio-512x512-30fps-2s.webm")
        let lossless = try APNGEncoder(options: .init(compressionLevel: 6, truecolour: true)).encode(placed)
        let limit = lossless.count * 2 / 5
        let fitted = try SizeFitter(limit: limit, compressionLevel: 6, threads: 2, animatedPalette: false).fit(
            placed, as: .apng)
        #expect(fitted.bytes.count <= limit && fitted.canvasSide == nil)
        #expect(
            fitted.givenUp == ["frame rate 30 → 10 fps"] || fitted.givenUp == ["frame rate 30 → 7.5 fps"],
            "\(fitted.givenUp)")
        #expect(try Self.chunks(fitted.bytes).colourType == 6)
        // A limit even the fewest frames cannot meet: the error says how close it came.
        #expect(throws: SizeFitError.self) {
            try SizeFitter(limit: 1000, compressionLevel: 6, animatedPalette: false).fit(placed, as: .apng)
        }
    }

    @Test(
        "APNGEncoder's truecolour option: grey art and few colours are stored as RGBA (RGB when opaque), the pixels kept"
    )
    func truecolourEncoder() throws {
        func frames(_ colour: (Int) -> RGBA) -> Animation {
            Animation(
                width: 16, height: 16,
                frames: (0..<3).map { k in
                    var raster = Raster(width: 16, height: 16)
                    for y in 0..<16 { for x in 0..<16 where (x + y + k) % 3 != 0 { raster[x, y] = colour(x) } }
                    return AnimationFrame(raster: raster, delay: .milliseconds(100))
                }, loopCount: 0)
        }
        let grey = frames { x in RGBA(UInt8(x * 8), UInt8(x * 8), UInt8(x * 8), 255) }
        let opaque = Animation(
            width: 16, height: 16,
            frames: frames { _ in RGBA(200, 40, 40, 255) }.frames.map { frame in
                var raster = frame.raster
                for y in 0..<16 { for x in 0..<16 where raster[x, y].a == 0 { raster[x, y] = RGBA(0, 0, 255, 255) } }
                return AnimationFrame(raster: raster, delay: frame.delay)
            }, loopCount: 0)
        for (animation, truecolour) in [(grey, UInt8(6)), (opaque, 2)] {
            // Without the option: a palette (few colours); without palettes, grey + alpha for grey art.
            #expect(try Self.chunks(try APNGEncoder().encode(animation)).colourType == 3)
            let noPalette = try Self.chunks(try APNGEncoder(options: .init(allowPalette: false)).encode(animation))
            #expect(noPalette.colourType == (animation.width == grey.width && truecolour == 6 ? 4 : 2))
            let forced = try APNGEncoder(options: .init(truecolour: true)).encode(animation)
            let png = try Self.chunks(forced)
            #expect(png.colourType == truecolour && !png.hasPalette)
            let decoded = try ImageDecoder.decodeAnimation(forced)
            let same = zip(decoded.frames, animation.frames).allSatisfy {
                $0.raster.tightlyPacked().bytes == $1.raster.tightlyPacked().bytes
            }
            #expect(same && decoded.frames.count == 3)
        }
    }

    @Test("a target that allows palettes keeps the palette ladder, byte for byte, whatever the canvas rule")
    func paletteTargetsUnchanged() throws {
        // Three frames of 300 px art on Signal's 512 px canvas, under four fifths of lossless.
        let master = try ImageDecoder.decodeAnimation(try Fixtures.bytes("lint/animated.png"))
        let pipeline = StickerPipeline(options: RenderOptions(png: .init(compressionLevel: 6)))
        var pixels = Self.signalTarget()
        pixels.returnsPixels = true
        let placed = try #require(
            try pipeline.run(.animation(master, format: .png), targets: [pixels]).outputs[0].get().pixels)
        let lossless = try APNGEncoder(options: .init(compressionLevel: 6)).encode(placed)
        var target = Self.signalTarget(limit: lossless.count * 4 / 5)
        target.animatedPalette = true
        let made = try pipeline.run(.animation(master, format: .png), targets: [target]).outputs[0].get()
        let ladder = try SizeFitter(limit: lossless.count * 4 / 5, compressionLevel: 6).fit(placed, as: .apng)
        #expect(made.bytes == ladder.bytes && made.report.step == ladder.step && made.width == 512)
        #expect(try Self.chunks(made.bytes).hasPalette, "\(made.report.step)")
    }
}
