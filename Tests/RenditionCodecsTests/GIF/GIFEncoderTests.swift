import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Synchronization
import Testing

/// The GIF encoder on true-colour sticker animations and synthetic cases: quantisation error
/// bounds, alpha, matte, dithering, inter-frame optimisation, timing, determinism, and Pillow
/// reading our files exactly as we do.
@Suite("GIF encoding")
struct GIFEncoderTests {
    /// What the GIF should show before quantisation: alpha below 128 transparent, the rest
    /// composited over the mid-grey matte (the encoder's defaults).
    static func resolved(_ r: Raster) -> Raster {
        var out = Raster(width: r.width, height: r.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                let p = r[x, y]
                guard p.a >= 128 else { continue }
                let grey = Int(AlphaConversion.premultiply(128, alpha: 255 - p.a))
                out[x, y] = RGBA(
                    UInt8(min(255, Int(p.r) + grey)), UInt8(min(255, Int(p.g) + grey)),
                    UInt8(min(255, Int(p.b) + grey)), 255)
            }
        }
        return out
    }

    static func quality(_ gif: Animation, _ source: Animation) -> (mean: Double, max: Int, alphaMismatches: Int) {
        var mean = 0.0, maxError = 0, mismatches = 0
        for (a, b) in zip(gif.frames, source.frames) {
            let q = GIFQualityMeasure.compare(a.raster, resolved(b.raster))
            mean += q.meanError / Double(source.frames.count)
            maxError = max(maxError, q.maxError)
            mismatches += q.alphaMismatches
        }
        return (mean, maxError, mismatches)
    }

    static let bouncing = Result { try StickerAnimations.bouncing("noto-512/emoji_u1f3c2.png", size: 160) }
    static let slideshow = Result { try StickerAnimations.slideshow(StickerAnimations.notoFiles, size: 160) }

    @Test(
        "quantised true-colour stickers: error bounds on opaque pixels, transparency exact",
        arguments: [
            (GIFEncoder.Dithering.none, 1.5, 48), (.ordered, 3.5, 48), (.floydSteinberg, 1.5, 64),
        ])
    func quantisedQuality(dithering: GIFEncoder.Dithering, meanBound: Double, maxBound: Int) throws {
        for source in [try Self.bouncing.get(), try Self.slideshow.get()] {
            #expect(
                source.frames.contains { GIFRoundTripTests.colorCount(Self.resolved($0.raster)) > 255 },
                "input must need quantising")
            let bytes = try GIFEncoder(options: .init(dithering: dithering)).encode(source)
            let gif = try GIFDecoder.decode(bytes)
            #expect(gif.frames.count == source.frames.count && gif.loopCount == source.loopCount)
            #expect(gif.frames.map(\.delay) == source.frames.map(\.delay))
            let q = Self.quality(gif, source)
            #expect(q.alphaMismatches == 0, "pixels whose transparency changed")
            #expect(q.mean <= meanBound && q.max <= maxBound, "\(dithering): mean \(q.mean), max \(q.max)")
        }
    }

    @Test("the default matte has the smallest worst-case edge error on light and dark bubbles")
    func matteChoice() throws {
        let backgrounds = [
            RGBA(255, 255, 255, 255), RGBA(0, 0, 0, 255), RGBA(233, 233, 235, 255), RGBA(38, 38, 40, 255),
            RGBA(10, 132, 255, 255),
        ]
        func over(_ p: RGBA, _ b: RGBA) -> [Double] {
            let t = 1 - Double(p.a) / 255
            return [Double(p.r) + Double(b.r) * t, Double(p.g) + Double(b.g) * t, Double(p.b) + Double(b.b) * t]
        }
        let stickers = try ["noto-512/emoji_u1f3c2.png", "noto-512/emoji_u1f9a9.png", "openmoji-618/1F195.png"].map {
            try StickerAnimations.resized($0, size: 160)
        }
        func worstEdgeError(_ matte: GIFEncoder.Matte) throws -> Double {
            var perBackground = [Double](repeating: 0, count: backgrounds.count)
            for source in stickers {
                let gif = try GIFDecoder.decode(
                    try GIFEncoder(options: .init(matte: matte)).encode(Animation(still: source))
                ).firstFrame
                for (i, b) in backgrounds.enumerated() {
                    var sum = 0.0, n = 0
                    for y in 0..<source.height {
                        for x in 0..<source.width where source[x, y].a > 0 && source[x, y].a < 255 {
                            sum += zip(over(source[x, y], b), over(gif[x, y], b)).map { abs($0 - $1) }.reduce(0, +)
                            n += 3
                        }
                    }
                    perBackground[i] += sum / Double(max(n, 1))
                }
            }
            return perBackground.max()! / Double(stickers.count)
        }
        let chosen = try worstEdgeError(.bubbleMidpoint)
        for other in [GIFEncoder.Matte.none, .color(255, 255, 255), .color(0, 0, 0)] {
            let error = try worstEdgeError(other)
            #expect(chosen < error, "mid grey \(chosen) vs \(other) \(error)")
        }
    }

    @Test("dithering keeps a gradient's local average closer than nearest colours")
    func ditheringOnGradient() throws {
        var raster = Raster(width: 128, height: 64)
        for y in 0..<64 {
            for x in 0..<128 { raster[x, y] = RGBA(UInt8(x * 2), UInt8(y * 4), 90, 255) }
        }
        func blockError(_ dithering: GIFEncoder.Dithering) throws -> Double {
            let gif = try GIFDecoder.decode(
                try GIFEncoder(options: .init(dithering: dithering, maxColors: 16)).encode(Animation(still: raster))
            ).firstFrame
            var total = 0.0
            for by in stride(from: 0, to: 64, by: 8) {
                for bx in stride(from: 0, to: 128, by: 8) {
                    var d = [0.0, 0.0, 0.0]
                    for y in by..<(by + 8) {
                        for x in bx..<(bx + 8) {
                            d[0] += Double(gif[x, y].r) - Double(raster[x, y].r)
                            d[1] += Double(gif[x, y].g) - Double(raster[x, y].g)
                            d[2] += Double(gif[x, y].b) - Double(raster[x, y].b)
                        }
                    }
                    total += d.map { abs($0) / 64 }.reduce(0, +)
                }
            }
            return total / 128
        }
        let plain = try blockError(.none)
        #expect(try blockError(.floydSteinberg) < plain / 2)
        #expect(try blockError(.ordered) < plain)
    }

    @Test("inter-frame optimisation: cropped frames, transparent where unchanged, smaller file, same frames")
    func interFrameOptimisation() throws {
        let source = try Self.bouncing.get()
        let optimised = try GIFEncoder().encode(source)
        let whole = try GIFEncoder(options: .init(optimizeFrames: false)).encode(source)
        #expect(optimised.count < whole.count)
        let structure = try #require(GIFStructure(optimised))
        #expect(structure.images.count == source.frames.count)
        #expect(structure.images.dropFirst().allSatisfy { $0.width * $0.height < source.width * source.height })
        // The sticker moves away from pixels that must become transparent again: cleared (2).
        #expect(structure.images.contains { $0.disposal == 2 })
        // Both files show the same frames.
        #expect(try GIFDecoder.decode(optimised).frames == GIFDecoder.decode(whole).frames)
    }

    @Test("a sprite over a still background is restored with disposal 3, exactly")
    func restorePrevious() throws {
        var background = Raster(width: 64, height: 32)
        for y in 0..<32 {
            // 224 colours: an exact palette.
            for x in 0..<64 {
                background[x, y] = RGBA(UInt8(x / 8 * 36), UInt8(y / 8 * 80), UInt8((x + y) % 7 * 30), 255)
            }
        }
        // The background alone, then a white square moving 10 px per frame.
        let frames = (0..<5).map { k -> AnimationFrame in
            var frame = background
            if k > 0 {
                for y in 10..<18 {
                    for x in (k * 10)..<(k * 10 + 8) { frame[x, y] = RGBA(255, 255, 255, 255) }
                }
            }
            return AnimationFrame(raster: frame, delay: .centiseconds(10))
        }
        let source = Animation(width: 64, height: 32, frames: frames, loopCount: 0)
        let bytes = try GIFEncoder().encode(source)
        let structure = try #require(GIFStructure(bytes))
        // Each square is drawn over the clean background and removed by restoring it.
        #expect(structure.images[1..<4].allSatisfy { $0.disposal == 3 })
        #expect(structure.images.dropFirst().allSatisfy { $0.width == 8 && $0.height == 8 })
        #expect(try GIFDecoder.decode(bytes).frames == source.frames)
    }

    @Test(
        "noise in 2 to 255 colours round-trips exactly (LZW code size changes and table resets)",
        arguments: [2, 3, 16, 17, 200, 255])
    func noise(colors: Int) throws {
        var state: UInt64 = UInt64(colors) &* 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let palette = (0..<colors).map { (i: Int) -> RGBA in
            let g = UInt8(truncatingIfNeeded: i * 7)
            return RGBA(UInt8(i), g, UInt8(255 - i), 255)
        }
        var raster = Raster(width: 300, height: 200)
        for y in 0..<200 {
            for x in 0..<300 {
                // Runs of random length so that both long matches and misses occur.
                raster[x, y] = x % 17 < 9 ? palette[(x / 9 + y) % colors] : palette[next() % colors]
            }
        }
        let source = Animation(
            width: 300, height: 200, frames: [AnimationFrame(raster: raster, delay: .centiseconds(3))], loopCount: 1)
        let bytes = try GIFEncoder().encode(source)
        #expect(try GIFDecoder.decode(bytes).frames == source.frames)
        let pillow = try PillowOracle.decode([bytes])
        #expect(GIFAncellSuiteTests.firstMismatch(raster, pillow[0].frames[0]) == nil)
    }

    @Test("delays: whole centiseconds kept, others rounded to nearest, halves up, capped")
    func delays() throws {
        #expect(GIFEncoder.centiseconds(.centiseconds(7)) == 7)
        #expect(GIFEncoder.centiseconds(.milliseconds(40)) == 4)
        #expect(GIFEncoder.centiseconds(FrameDelay(numerator: 1, denominator: 60)) == 2)  // 1.67 cs
        #expect(GIFEncoder.centiseconds(.milliseconds(125)) == 13)  // 12.5 cs
        #expect(GIFEncoder.centiseconds(.milliseconds(124)) == 12)
        #expect(GIFEncoder.centiseconds(.zero) == 0)
        #expect(GIFEncoder.centiseconds(FrameDelay(numerator: 1000, denominator: 1)) == 65_535)
        var raster = Raster(width: 2, height: 2)
        raster[0, 0] = RGBA(255, 0, 0, 255)
        let delays = [
            FrameDelay(numerator: 1, denominator: 60), .centiseconds(0), .centiseconds(1), .milliseconds(333),
        ]
        let source = Animation(
            width: 2, height: 2, frames: delays.map { AnimationFrame(raster: raster, delay: $0) }, loopCount: 0)
        let decoded = try GIFDecoder.decode(try GIFEncoder().encode(source))
        #expect(decoded.frames.map(\.delay) == [2, 0, 1, 33].map(FrameDelay.centiseconds))
    }

    @Test("loop counts are kept: once = no extension, forever = 0, N plays = N - 1 repeats")
    func loopCounts() throws {
        var raster = Raster(width: 1, height: 1)
        raster[0, 0] = RGBA(0, 0, 255, 255)
        for (plays, repeatCount, back) in [
            (0, 0, 0), (1, nil, 1), (2, 1, 2), (7, 6, 7), (65_536, 65_535, 65_536), (100_000, 65_535, 65_536),
        ] {
            let source = Animation(
                width: 1, height: 1,
                frames: [AnimationFrame(raster: raster, delay: .centiseconds(5))] + [
                    AnimationFrame(raster: Raster(width: 1, height: 1), delay: .centiseconds(5))
                ], loopCount: plays)
            let bytes = try GIFEncoder().encode(source)
            #expect(GIFStructure(bytes)?.repeatCount == repeatCount, "\(plays) plays")
            #expect(try GIFDecoder.decode(bytes).loopCount == back)
        }
    }

    @Test("same input, same bytes, also when encoding concurrently")
    func deterministic() throws {
        let source = try Self.slideshow.get()
        let reference = try GIFEncoder(options: .init(dithering: .floydSteinberg)).encode(source)
        let results = Mutex([[UInt8]]())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let bytes = try? GIFEncoder(options: .init(dithering: .floydSteinberg)).encode(source)
            results.withLock { $0.append(bytes ?? []) }
        }
        #expect(results.withLock { $0 }.allSatisfy { $0 == reference })
    }

    @Test("options out of range are typed errors")
    func badOptions() {
        let still = Animation(still: Raster(width: 2, height: 2))
        #expect(throws: CodecError.self) { _ = try GIFEncoder(options: .init(maxColors: 1)).encode(still) }
        #expect(throws: CodecError.self) { _ = try GIFEncoder(options: .init(maxColors: 257)).encode(still) }
        #expect(throws: CodecError.self) {
            _ = try GIFEncoder().encode(Animation(still: Raster(width: 70_000, height: 1)))
        }
    }

    @Test("Pillow decodes our GIFs to exactly our frames, delays and loop counts")
    func pillowAgrees() throws {
        var sources: [Animation] = [try Self.bouncing.get(), try Self.slideshow.get()]
        for file in [
            "gif/wuffs/muybridge.gif", "gif/pillow/dispose_prev.gif", "gif/pillow/transparent_dispose.gif",
            "gif/peterdn-gif-test-suite/animated_transparent_frame_restoreprev_loop.gif",
            "gif/ancell-gif-test-suite/high-color.gif",
        ] {
            sources.append(try GIFDecoder.decode(try Fixtures.bytes(file)))
        }
        var files: [[UInt8]] = []
        for source in sources {
            files.append(try GIFEncoder().encode(source))
            files.append(
                try GIFEncoder(options: .init(dithering: .floydSteinberg, optimizeFrames: false)).encode(source))
        }
        let pillow = try PillowOracle.decode(files)
        for (index, (bytes, theirs)) in zip(files, pillow).enumerated() {
            let ours = try GIFDecoder.decode(bytes)
            try #require(theirs.frames.count == ours.frames.count, "file \(index)")
            for (k, (a, b)) in zip(ours.frames, theirs.frames).enumerated() {
                let mismatch = GIFAncellSuiteTests.firstMismatch(a.raster, b)
                #expect(mismatch == nil, "file \(index) frame \(k): \(mismatch ?? "")")
                #expect(theirs.durations[k] == a.delay.seconds * 1000, "file \(index) frame \(k) duration")
            }
            // Pillow reports the NETSCAPE repeat count, 0 when the extension is absent.
            #expect(theirs.loopCount == (ours.loopCount <= 1 ? 0 : ours.loopCount - 1), "file \(index) loop")
        }
    }
}
