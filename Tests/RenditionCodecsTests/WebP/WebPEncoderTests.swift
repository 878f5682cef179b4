import Foundation
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("WebP encoding")
struct WebPEncoderTests {
    static let stickers = [
        "stickers/noto-512/emoji_u1f302.png",  // soft alpha
        "stickers/noto-512/emoji_u1f3c2.png",
        "stickers/openmoji-618/1F195.png",
        "stickers/derived/1F337-300.png",
    ]

    /// Peak signal-to-noise ratio over all premultiplied samples, in dB.
    static func psnr(_ a: Raster, _ b: Raster) -> Double {
        let squared = zip(a.bytes, b.bytes).reduce(0.0) { sum, pair in
            let d = Double(pair.0) - Double(pair.1)
            return sum + d * d
        }
        let mse = squared / Double(a.bytes.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The chunk types of a RIFF/WebP file, in order.
    static func chunkTypes(_ file: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 12
        while offset + 8 <= file.count {
            types.append(String(decoding: file[offset..<(offset + 4)], as: UTF8.self))
            let size =
                Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7])
                << 24
            offset += 8 + size + (size & 1)
        }
        return types
    }

    @Test(
        "lossless stills round-trip exactly: same premultiplied pixels, same straight values where alpha > 0",
        arguments: stickers)
    func losslessStill(file: String) throws {
        let source = try Fixtures.raster(file)
        let encoded = try WebPEncoder().encode(source)
        #expect(Self.chunkTypes(encoded) == ["VP8L"])
        #expect(try WebPDecoder.decode(encoded).firstFrame == source)
        let straight = try WebPDecoder.decodeStraight(encoded, limits: .default).frames[0].image.bytes
        let expected = source.straightRGBA()
        var mismatches = 0
        for i in stride(from: 0, to: expected.count, by: 4) where expected[i + 3] > 0 {
            if straight[i..<(i + 4)] != expected[i..<(i + 4)] { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(try WebPEncoder().encode(source) == encoded, "deterministic")
    }

    @Test("exact: true also keeps the (black) colour of fully transparent pixels")
    func exactTransparent() throws {
        let source = try Fixtures.raster(Self.stickers[0])
        let encoded = try WebPEncoder(options: WebPEncoder.Options(exact: true)).encode(source)
        #expect(
            try WebPDecoder.decodeStraight(encoded, limits: .default).frames[0].image.bytes == source.straightRGBA())
    }

    /// Lossy q = 80 on sticker art: colour within a PSNR bound, alpha exact (alpha quality
    /// 100 keeps the alpha plane lossless). Lossy is not always smaller: flat sticker art is
    /// often smaller lossless (6.9 KB lossless, 8.1 KB lossy for emoji_u1f302).
    @Test("lossy stills: PSNR >= 38 dB at quality 80, alpha exact", arguments: stickers)
    func lossyStill(file: String) throws {
        let source = try Fixtures.raster(file)
        let encoded = try WebPEncoder(options: .lossy(quality: 80)).encode(source)
        let decoded = try WebPDecoder.decode(encoded).firstFrame
        let psnr = Self.psnr(decoded, source)
        #expect(psnr >= 38, "\(file): \(psnr) dB")
        #expect(stride(from: 3, to: source.bytes.count, by: 4).allSatisfy { decoded.bytes[$0] == source.bytes[$0] })
        #expect(Self.chunkTypes(encoded) == ["VP8X", "ALPH", "VP8 "])
        #expect(try WebPEncoder(options: .lossy(quality: 80)).encode(source) == encoded, "deterministic")
    }

    @Test("lower quality gives smaller files; more lossless effort gives smaller files")
    func qualityLadder() throws {
        let source = try Fixtures.raster(Self.stickers[0])
        let sizes = try [95, 80, 50, 10].map { try WebPEncoder(options: .lossy(quality: $0)).encode(source).count }
        #expect(sizes == sizes.sorted(by: >), "\(sizes)")
        let alpha50 = try WebPDecoder.decode(
            try WebPEncoder(options: .lossy(quality: 80, alphaQuality: 50)).encode(source))
        #expect(
            stride(from: 3, to: source.bytes.count, by: 4).contains {
                alpha50.firstFrame.bytes[$0] != source.bytes[$0]
            },
            "alpha quality 50 quantises alpha")
        let fast = try WebPEncoder(options: WebPEncoder.Options(quality: 0, method: 0)).encode(source)
        let best = try WebPEncoder(options: WebPEncoder.Options(quality: 100, method: 6)).encode(source)
        #expect(best.count < fast.count)
        #expect(try WebPDecoder.decode(fast).firstFrame == source && WebPDecoder.decode(best).firstFrame == source)
    }

    @Test("a one-frame animation becomes a still WebP")
    func oneFrameAnimation() throws {
        let source = try Fixtures.raster(Self.stickers[1])
        let animation = Animation(
            width: source.width, height: source.height,
            frames: [AnimationFrame(raster: source, delay: .milliseconds(250))], loopCount: 2)
        let encoded = try WebPEncoder().encode(animation)
        #expect(encoded == (try WebPEncoder().encode(source)))
        #expect(!Self.chunkTypes(encoded).contains("ANIM"))
    }

    /// Expected WebP durations for `frames`: exact start times rounded to the nearest ms,
    /// computed here independently in floating point.
    static func expectedDurations(_ frames: [AnimationFrame]) -> [Int] {
        var start = 0.0
        return frames.map { frame in
            let end = start + frame.delay.seconds * 1000
            defer { start = end }
            return Int((end + 0.5).rounded(.down)) - Int((start + 0.5).rounded(.down))
        }
    }

    @Test("lossless animations round-trip: frames (identical neighbours merged), delays to the ms, loop count")
    func losslessAnimation() throws {
        for source in [try SyntheticAnimation.blinking(), try SyntheticAnimation.sliding()] {
            let encoded = try WebPEncoder().encode(source)
            #expect(Self.chunkTypes(encoded).starts(with: ["VP8X", "ANIM", "ANMF"]))
            let decoded = try WebPDecoder.decode(encoded)
            let expected = APNGEncoderTests.merged(source)
            #expect(decoded.loopCount == source.loopCount)
            try #require(decoded.frames.count == expected.count)
            #expect(decoded.frames.map(\.delay) == Self.expectedDurations(expected).map { FrameDelay.milliseconds($0) })
            for (index, (got, want)) in zip(decoded.frames, expected).enumerated() {
                #expect(got.raster == want.raster, "frame \(index)")
            }
            #expect(try WebPEncoder().encode(source) == encoded, "deterministic")
        }
    }

    @Test("blinking's 2/3 s and 3/7 s frames become 667 ms and 428 ms (start times rounded), the total within 0.5 ms")
    func delayRounding() throws {
        let decoded = try WebPDecoder.decode(try WebPEncoder().encode(try SyntheticAnimation.blinking()))
        #expect(decoded.frames.map { $0.delay.expressed(over: 1000) } == [500, 667, 70, 100, 100, 100, 428])
        // Exact total 1965.238… ms; the last frame starts at round(1536.666…) = 1537.
        #expect(decoded.duration == .milliseconds(1965))
    }

    @Test("lossy animations keep frame count, delays and loop count, every frame within a PSNR bound")
    func lossyAnimation() throws {
        let source = try SyntheticAnimation.sliding()
        for options in [
            WebPEncoder.Options.lossy(quality: 80),
            WebPEncoder.Options(compression: .lossy, quality: 80, minimizeSize: true),
            WebPEncoder.Options(compression: .lossy, quality: 80, keyframeInterval: 2...4, allowMixed: true),
        ] {
            let encoded = try WebPEncoder(options: options).encode(source)
            let decoded = try WebPDecoder.decode(encoded)
            let expected = APNGEncoderTests.merged(source)
            #expect(decoded.loopCount == 0)
            try #require(decoded.frames.count == expected.count)
            #expect(decoded.frames.map(\.delay) == Self.expectedDurations(expected).map { FrameDelay.milliseconds($0) })
            for (index, (got, want)) in zip(decoded.frames, expected).enumerated() {
                let psnr = Self.psnr(got.raster, want.raster)
                #expect(psnr >= 36, "frame \(index): \(psnr) dB")
            }
            #expect(try WebPEncoder(options: options).encode(source) == encoded, "deterministic")
        }
    }

    @Test("settings and sizes out of range are typed errors")
    func invalidSettings() throws {
        let raster = Raster(width: 4, height: 4)
        let bad: [WebPEncoder.Options] = [
            .lossy(quality: 101), .lossy(quality: -1), .lossy(quality: 80, alphaQuality: 101),
            WebPEncoder.Options(method: 7), WebPEncoder.Options(keyframeInterval: -1...3),
        ]
        for options in bad {
            #expect(throws: CodecError.self) { try WebPEncoder(options: options).encode(raster) }
        }
        let frames = [
            AnimationFrame(raster: raster, delay: .milliseconds(10)),
            AnimationFrame(
                raster: Raster(width: 4, height: 4, premultipliedBytes: [UInt8](repeating: 255, count: 64)),
                delay: .milliseconds(10)),
        ]
        #expect(throws: CodecError.self) {
            try WebPEncoder().encode(Animation(width: 4, height: 4, frames: frames, loopCount: 65_536))
        }
        var long = frames
        long[0].delay = FrameDelay(numerator: 1 << 24, denominator: 1000)
        #expect(throws: CodecError.self) { try WebPEncoder().encode(Animation(width: 4, height: 4, frames: long)) }
        #expect(throws: CodecError.self) { try WebPEncoder().encode(Raster(width: 16_384, height: 1)) }
    }

    @Test("start times are the rounded exact sums of the delays")
    func timestamps() throws {
        let third = FrameDelay(numerator: 1, denominator: 30)
        #expect(
            try WebPFrameTimestamps(delays: Array(repeating: third, count: 6)).milliseconds == [
                0, 33, 67, 100, 133, 167, 200,
            ])
        let half = FrameDelay(numerator: 1, denominator: 2000)  // 0.5 ms: halves round up
        #expect(try WebPFrameTimestamps(delays: [half, half, half]).milliseconds == [0, 1, 1, 2])
        #expect(
            try WebPFrameTimestamps(delays: [.centiseconds(7), .zero, .milliseconds(16)]).milliseconds == [
                0, 70, 70, 86,
            ])
        // Denominators whose common multiple does not fit 64 bits.
        let primes = [65_521, 65_519, 65_497, 65_479, 65_449]
        #expect(throws: CodecError.self) {
            try WebPFrameTimestamps(delays: primes.map { FrameDelay(numerator: 1, denominator: $0) })
        }
    }

    @Test("Pillow (its own libwebp) decodes our stills and animations to the same frames, durations and loop count")
    func pillowDecodesOurOutput() throws {
        let still = try Fixtures.raster(Self.stickers[0])
        let files = [
            try WebPEncoder().encode(still),
            try WebPEncoder(options: .lossy(quality: 80)).encode(still),
            try WebPEncoder().encode(try SyntheticAnimation.blinking()),
            try WebPEncoder(options: .lossy(quality: 70)).encode(try SyntheticAnimation.sliding()),
        ]
        let pillow = try PillowOracle.decode(files)
        for (index, (file, result)) in zip(files, pillow).enumerated() {
            let ours = try WebPDecoder.decode(file)
            try #require(result.frames.count == ours.frames.count, "file \(index): frame count")
            for (frame, (got, want)) in zip(result.frames, ours.frames).enumerated() {
                #expect(got == want.raster, "file \(index) frame \(frame): Pillow's pixels differ")
                if ours.isAnimated {
                    #expect(result.durations[frame] == want.delay.seconds * 1000, "file \(index) frame \(frame)")
                }
            }
            if ours.isAnimated { #expect(result.loopCount == ours.loopCount, "file \(index): loop count") }
        }
        // And the lossless ones are the source pixels.
        #expect(pillow[0].frames == [still])
        #expect(pillow[2].frames == APNGEncoderTests.merged(try SyntheticAnimation.blinking()).map(\.raster))
    }
}
