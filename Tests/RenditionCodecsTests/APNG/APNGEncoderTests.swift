import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Animations built from real sticker art for the encoder tests.
enum SyntheticAnimation {
    /// A 300 px OpenMoji face that blinks: an opaque bar over the eyes comes and goes, a
    /// small badge moves, one frame repeats (to be merged). 8 frames, 7 distinct.
    static func blinking() throws -> Animation {
        let face = try Fixtures.raster("stickers/derived/1F601-300.png")
        func with(_ boxes: [(x: Int, y: Int, w: Int, h: Int, color: RGBA)]) -> Raster {
            var raster = face
            for box in boxes {
                for y in box.y..<(box.y + box.h) { for x in box.x..<(box.x + box.w) { raster[x, y] = box.color } }
            }
            return raster
        }
        let bar = (x: 70, y: 95, w: 160, h: 28, color: RGBA(52, 48, 40, 255))
        let frames: [(Raster, FrameDelay)] = [
            (face, .milliseconds(500)),
            (with([bar]), FrameDelay(numerator: 1, denominator: 3)),
            (with([bar]), FrameDelay(numerator: 1, denominator: 3)),  // merged with the previous
            (face, .centiseconds(7)),
            (with([(10, 240, 24, 24, RGBA(200, 30, 30, 255))]), .centiseconds(10)),
            (with([(40, 240, 24, 24, RGBA(200, 30, 30, 255))]), .centiseconds(10)),
            (with([(70, 240, 24, 24, RGBA(200, 30, 30, 255)), bar]), .centiseconds(10)),
            (face, FrameDelay(numerator: 3, denominator: 7)),
        ]
        return Animation(
            width: 300, height: 300, frames: frames.map { AnimationFrame(raster: $0.0, delay: $0.1) },
            loopCount: 3)
    }

    /// The blinking face where a translucent shadow appears in a transparent corner while
    /// the bar changes: OVER with the unchanged face made transparent would shrink that
    /// frame, but translucent OVER pixels are not exact in every decoder (Pillow), so the
    /// Pillow oracle catches an encoder that uses them. 4 frames.
    static func shadowed() throws -> Animation {
        let blinking = try blinking()
        var shadow = blinking.frames[1].raster
        for y in 262..<298 { for x in 2..<32 { shadow[x, y] = RGBA(20, 10, 40, 100) } }
        let frames = [
            blinking.frames[0], AnimationFrame(raster: shadow, delay: .centiseconds(12)),
            blinking.frames[0], blinking.frames[1],
        ]
        return Animation(width: 300, height: 300, frames: frames, loopCount: 0)
    }

    /// A 160 px Noto sticker with soft alpha sliding across a transparent 300 x 200 canvas,
    /// then pausing: translucent edges move over transparency. 10 frames.
    static func sliding() throws -> Animation {
        let sticker = LanczosResampler().resample(
            try Fixtures.raster("stickers/noto-512/emoji_u1f302.png"), width: 160, height: 160)
        let offsets = [0, 12, 24, 36, 48, 60, 60, 60, 90, 140]
        let frames = offsets.map { dx -> AnimationFrame in
            var canvas = Raster(width: 300, height: 200)
            for y in 0..<160 { for x in 0..<160 { canvas[x + dx, y + 20] = sticker[x, y] } }
            return AnimationFrame(raster: canvas, delay: .centiseconds(8))
        }
        return Animation(width: 300, height: 200, frames: frames, loopCount: 0)
    }
}

@Suite("APNG encoding")
struct APNGEncoderTests {
    /// The animation with identical consecutive frames merged (delays added), computed
    /// independently of the encoder.
    static func merged(_ animation: Animation) -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        for frame in animation.frames {
            if let last = frames.last, last.raster == frame.raster {
                frames[frames.count - 1].delay = last.delay + frame.delay
            } else {
                frames.append(frame)
            }
        }
        return frames
    }

    /// Checks a decoded animation (ours) against the source, merged.
    static func expectSame(_ decoded: Animation, as source: Animation, _ label: String) {
        let expected = merged(source)
        #expect(decoded.width == source.width && decoded.height == source.height, "\(label): canvas")
        #expect(decoded.frames.count == expected.count, "\(label): frame count")
        if expected.count > 1 { #expect(decoded.loopCount == source.loopCount, "\(label): loop count") }
        for (index, (got, want)) in zip(decoded.frames, expected).enumerated() {
            let same = got.raster == want.raster
            #expect(same, "\(label) frame \(index): pixels differ")
            if expected.count > 1 {
                #expect(got.delay == want.delay, "\(label) frame \(index): delay \(got.delay) != \(want.delay)")
            }
        }
    }

    /// Checks Pillow's decoding of `file` against the source, merged.
    static func expectPillowSees(_ result: PillowOracle.Result, _ source: Animation, _ label: String) {
        let expected = merged(source)
        #expect(result.frames.count == expected.count, "\(label): Pillow frame count")
        if expected.count > 1 { #expect(result.loopCount == source.loopCount, "\(label): Pillow loop count") }
        for (index, (got, want)) in zip(result.frames, expected).enumerated() {
            let same = got == want.raster
            #expect(same, "\(label) frame \(index): Pillow's pixels differ")
            if expected.count > 1 {
                #expect(
                    abs(result.durations[index] - want.delay.seconds * 1000) < 1e-6,
                    "\(label) frame \(index): Pillow's duration \(result.durations[index]) ms != \(want.delay)")
            }
        }
    }

    static var conformanceFiles: [String] { APNGReference.all.keys.sorted() }

    @Test("every conformance animation round-trips exactly, in our decoder and in Pillow")
    func conformanceRoundTrip() throws {
        #expect(Self.conformanceFiles.count == 44)
        var sources: [Animation] = []
        var encoded: [[UInt8]] = []
        for file in Self.conformanceFiles {
            let source = try APNGDecoder.decode(try Fixtures.bytes("apng/" + file))
            let bytes = try APNGEncoder().encode(source)
            Self.expectSame(try APNGDecoder.decode(bytes), as: source, file)
            sources.append(source)
            encoded.append(bytes)
        }
        let pillow = try PillowOracle.decode(encoded)
        for (file, (source, result)) in zip(Self.conformanceFiles, zip(sources, pillow)) {
            Self.expectPillowSees(result, source, file)
        }
    }

    @Test("synthetic sticker animations round-trip exactly, in our decoder and in Pillow")
    func stickerRoundTrip() throws {
        let sources = [
            try SyntheticAnimation.blinking(), try SyntheticAnimation.sliding(), try SyntheticAnimation.shadowed(),
        ]
        var encoded: [[UInt8]] = []
        for (index, source) in sources.enumerated() {
            for options in [APNGEncoder.Options(), .init(allowPalette: false), .init(interFrameOptimization: false)] {
                let bytes = try APNGEncoder(options: options).encode(source)
                Self.expectSame(try APNGDecoder.decode(bytes), as: source, "synthetic \(index) \(options)")
                encoded.append(bytes)
            }
        }
        let pillow = try PillowOracle.decode(encoded)
        for (index, result) in pillow.enumerated() {
            Self.expectPillowSees(result, sources[index / 3], "synthetic \(index / 3) variant \(index % 3)")
        }
    }

    @Test("identical consecutive frames merge with their delays added exactly")
    func merging() throws {
        let source = try SyntheticAnimation.blinking()
        let decoded = try APNGDecoder.decode(try APNGEncoder().encode(source))
        #expect(decoded.frames.count == 7)
        #expect(decoded.frames[1].delay == FrameDelay(numerator: 2, denominator: 3))
        #expect(decoded.frames[1].delay.numerator == 2 && decoded.frames[1].delay.denominator == 3)
        #expect(decoded.loopCount == 3)
        #expect(decoded.duration == source.duration)
    }

    @Test("inter-frame optimisation crops frames, uses OVER and disposal, and pays")
    func optimisationPays() throws {
        // The largest share of the unoptimised size each optimised file may take: today's
        // shares (blinking 0.236, sliding 0.943, shadowed 0.434) rounded up.
        let cases: [(label: String, source: Animation, largestShare: Double)] = [
            ("blinking", try SyntheticAnimation.blinking(), 0.24),
            ("sliding", try SyntheticAnimation.sliding(), 0.95),
            ("shadowed", try SyntheticAnimation.shadowed(), 0.44),
            // Muybridge's frames differ in ~97% of their pixels, corner to corner: nothing to
            // crop, so the optimiser must only not make it worse.
            ("muybridge", try APNGDecoder.decode(try Fixtures.bytes("apng/wuffs/muybridge.apng")), 1),
        ]
        for (label, source, largestShare) in cases {
            let optimised = try APNGEncoder().encode(source)
            let plain = try APNGEncoder(options: .init(interFrameOptimization: false)).encode(source)
            #expect(
                Double(optimised.count) <= largestShare * Double(plain.count),
                "\(label): \(plain.count) -> \(optimised.count) bytes, over \(largestShare) of the unoptimised size")
            if label != "muybridge" {
                #expect(optimised.count < plain.count, "\(label)")
            }
            let controls = PNGChunkList(optimised).chunks.filter { $0.type == "fcTL" }.map(\.data)
            // The first frame is the whole canvas; later ones are cropped where things changed.
            #expect(controls[0][4..<12].elementsEqual(PNGChunkList(optimised).chunks[0].data[0..<8]))
            if label == "blinking" {
                #expect(optimised.count * 3 < plain.count, "the blinking face should shrink to under a third")
                #expect(controls.dropFirst().allSatisfy { Int(PNGChunkList.uint32($0, 4)) < 300 })
                #expect(controls.contains { $0[25] == 1 }, "some frame should blend OVER")
            }
            if label == "sliding" {
                #expect(controls.contains { $0[24] != 0 }, "some frame should be disposed of")
            }
        }
    }

    @Test("one frame (or all frames identical) is written as a plain PNG")
    func singleFrame() throws {
        let face = try Fixtures.raster("stickers/derived/1F601-300.png")
        for animation in [
            Animation(still: face),
            Animation(
                width: 300, height: 300,
                frames: Array(repeating: AnimationFrame(raster: face, delay: .centiseconds(5)), count: 4)),
        ] {
            let bytes = try APNGEncoder().encode(animation)
            #expect(!PNGChunkList(bytes).chunks.contains { $0.type == "acTL" })
            let plainPNG =
                bytes
                == (try PNGEncoder(options: .init(compressionLevel: APNGEncoder.defaultCompressionLevel)).encode(face))
            #expect(plainPNG)
            let decodedFace = try APNGDecoder.decode(bytes).frames.map(\.raster) == [face]
            #expect(decodedFace)
        }
    }

    @Test("one colour type for the file: palette up to 256 colours, RGBA beyond")
    func colorType() throws {
        let blinking = try APNGEncoder().encode(try SyntheticAnimation.blinking())
        #expect(blinking[25] == 6)  // the face has soft edges: thousands of colours
        let muybridge = try APNGEncoder().encode(
            try APNGDecoder.decode(try Fixtures.bytes("apng/wuffs/muybridge.apng")))
        #expect(muybridge[25] == 3)  // 162 greys + transparency
        let noPalette = try APNGEncoder(options: .init(allowPalette: false)).encode(
            try APNGDecoder.decode(try Fixtures.bytes("apng/wuffs/muybridge.apng")))
        #expect(noPalette[25] == 0)  // every pixel is an opaque grey
    }

    @Test("output is deterministic")
    func deterministic() throws {
        let source = try SyntheticAnimation.sliding()
        #expect(try APNGEncoder().encode(source) == (try APNGEncoder().encode(source)))
    }

    /// The fraction p/q with p, q <= 65535 nearest n/d, by brute force over q.
    static func nearest16Bit(_ n: Int, _ d: Int) -> (Int, Int) {
        var best = (0, 1)
        var bestError = Double.infinity
        for q in 1...65535 {
            let p = min(65535, Int((Double(n) * Double(q) / Double(d)).rounded()))
            let error = abs(Double(p) / Double(q) - Double(n) / Double(d))
            if error < bestError - 1e-18 {
                best = (p, q)
                bestError = error
            }
        }
        return best
    }

    @Test("delays are stored exactly when they fit 16 bits, else as the nearest fraction")
    func delays() throws {
        var a = Raster(width: 2, height: 1)
        a[0, 0] = RGBA(255, 0, 0, 255)
        let b = Raster(width: 2, height: 1)
        let cases: [(FrameDelay, numerator: Int, denominator: Int)] = [
            (FrameDelay(numerator: 65535, denominator: 65535), 65535, 65535),  // kept as written
            (FrameDelay(numerator: 70000, denominator: 140000), 1, 2),  // reduced
            (.milliseconds(123_456), 15432, 125),  // 123.456 s, reduced
            (FrameDelay(numerator: 100_000, denominator: 1), 65535, 1),  // longest possible
            (FrameDelay(numerator: 1, denominator: 100_000), 1, 65535),  // nearest
            (FrameDelay(numerator: 314_159, denominator: 100_000), -1, -1),  // nearest, brute-forced
            (FrameDelay(numerator: 999_999, denominator: 1_000_003), -1, -1),
        ]
        for (delay, numerator, denominator) in cases {
            let animation = Animation(
                width: 2, height: 1,
                frames: [
                    AnimationFrame(raster: a, delay: delay),
                    AnimationFrame(raster: b, delay: delay),
                ])
            let got = try APNGDecoder.decode(try APNGEncoder().encode(animation)).frames[0].delay
            let want = numerator > 0 ? (numerator, denominator) : Self.nearest16Bit(delay.numerator, delay.denominator)
            #expect(got.numerator == want.0 && got.denominator == want.1, "\(delay) stored as \(got), want \(want)")
        }
    }

    @Test("a negative loop count is refused")
    func badLoopCount() throws {
        var source = try SyntheticAnimation.sliding()
        source.loopCount = -1
        #expect(throws: CodecError.self) { _ = try APNGEncoder().encode(source) }
    }
}

@Suite("APNG encoder threads")
struct APNGEncoderThreadTests {
    @Test("frames compressed on 1, 2 and 3 threads give the same bytes")
    func threadCountDoesNotChangeBytes() throws {
        let base = try Fixtures.raster("stickers/noto-512/emoji_u1f302.png")
        var frames: [AnimationFrame] = []
        for i in 0..<11 {
            var raster = base
            for y in 0..<(40 + i * 7) {
                for x in (i * 11)..<(i * 11 + 30) { raster[x, y] = RGBA(UInt8(20 * i), 90, 200, 255) }
            }
            frames.append(AnimationFrame(raster: raster, delay: .centiseconds(4 + i % 3)))
        }
        let animation = Animation(width: 512, height: 512, frames: frames, loopCount: 2)
        let one = try APNGEncoder(options: .init(threads: 1)).encode(animation)
        #expect(try APNGEncoder(options: .init(threads: 2)).encode(animation) == one)
        #expect(try APNGEncoder(options: .init(threads: 3)).encode(animation) == one)
        #expect(try APNGDecoder.decode(one) == animation)
    }
}
