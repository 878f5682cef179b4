import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("WebM: VP9 with alpha out, and back in")
struct WebMEncoderTests {
    /// PSNR of premultiplied samples, over all pixels.
    static func psnr(_ a: Raster, _ b: Raster) -> Double {
        var squares = 0
        for i in 0..<a.bytes.count {
            let d = Int(a.bytes[i]) - Int(b.bytes[i])
            squares += d * d
        }
        let mse = Double(squares) / Double(a.bytes.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// 24 frames of 1/24 s: a Noto emoji moving over transparency, 171 x 129 (odd sizes).
    static func movingEmoji() throws -> Animation {
        let art = LanczosResampler().resample(
            try Fixtures.raster("stickers/noto-512/emoji_u1f499.png"), width: 90, height: 90)
        var frames: [AnimationFrame] = []
        for i in 0..<24 {
            var canvas = Raster(width: 171, height: 129)
            for y in 0..<90 { for x in 0..<90 { canvas[x + 3 * i, y + 20] = art[x, y] } }
            frames.append(AnimationFrame(raster: canvas, delay: FrameDelay(numerator: 1, denominator: 24)))
        }
        return Animation(width: 171, height: 129, frames: frames, loopCount: 0)
    }

    @Test("an animation round-trips: same size, frame count, exact delays, alpha kept, close pixels")
    func roundTrip() throws {
        let source = try Self.movingEmoji()
        let bytes = try WebMEncoder().encode(source)
        #expect(ImageFormat.sniff(bytes) == .webm)
        let info = try WebMDecoder.info(bytes)
        #expect(info.codec == .vp9 && info.hasAlpha && !info.hasAudio && info.docType == "webm")
        #expect(info.frameRate == FrameRate(numerator: 24, denominator: 1))
        let decoded = try WebMDecoder.decode(bytes)
        #expect(decoded.width == 171 && decoded.height == 129 && decoded.frames.count == 24)
        #expect(decoded.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1, denominator: 24) })
        #expect(decoded.duration == FrameDelay(numerator: 1, denominator: 1))
        for (a, b) in zip(source.frames, decoded.frames) {
            #expect(Self.psnr(a.raster, b.raster) > 34, "PSNR \(Self.psnr(a.raster, b.raster))")
            // Fully transparent stays fully transparent; the art stays opaque.
            #expect(b.raster[170, 128] == RGBA(0, 0, 0, 0))
        }
        #expect(decoded.frames[0].raster[45, 65].a >= 250)
    }

    @Test("speeds 6 to 8 run libvpx's real-time mode: other bytes than speed 5, alpha and fidelity kept")
    func realtimeSpeeds() throws {
        let source = try Self.movingEmoji()
        // In good-quality mode libvpx treats every speed past 5 as 5, so equal bytes would
        // mean the real-time mode was not used.
        let good = try WebMEncoder(options: .init(speed: 5)).encode(source)
        let realtime = try WebMEncoder(options: .init(speed: 6)).encode(source)
        #expect(good != realtime)
        let decoded = try WebMDecoder.decode(realtime)
        #expect(decoded.frames.count == 24)
        for (a, b) in zip(source.frames, decoded.frames) {
            #expect(Self.psnr(a.raster, b.raster) > 34, "PSNR \(Self.psnr(a.raster, b.raster))")
            #expect(b.raster[170, 128] == RGBA(0, 0, 0, 0))
        }
    }

    @Test("vector art (a TGS sticker drawn at 200 px) keeps its transparency and detail with the default options")
    func vectorArt() throws {
        let composition = try LottieComposition(try Fixtures.bytes("lottie/rlottie/polystar_line_clockwise_trim.tgs"))
        let source = try composition.animation(width: 200, height: 200)
        let decoded = try WebMDecoder.decode(try WebMEncoder().encode(source))
        #expect(decoded.frames.count == source.frames.count)
        // An exact frame counts as 99 dB, as in Benchmarks/Peers/telegram.py.
        let values = zip(source.frames, decoded.frames).map { min(99, Self.psnr($0.raster, $1.raster)) }
        let mean = values.reduce(0, +) / Double(values.count)
        #expect(mean > 36, "mean PSNR \(mean)")
        #expect(values.min()! > 30, "lowest PSNR \(values.min()!)")
    }

    @Test("same animation, same options: same bytes")
    func deterministic() throws {
        let source = try Self.movingEmoji()
        #expect(try WebMEncoder().encode(source) == WebMEncoder().encode(source))
    }

    @Test("quality trades bytes for fidelity")
    func quality() throws {
        let source = try Self.movingEmoji()
        let fine = try WebMEncoder(options: .init(quality: 10)).encode(source)
        let coarse = try WebMEncoder(options: .init(quality: 60)).encode(source)
        #expect(fine.count > coarse.count)
        let fineFrame = try WebMDecoder.decode(fine).frames[12].raster
        let coarseFrame = try WebMDecoder.decode(coarse).frames[12].raster
        #expect(Self.psnr(source.frames[12].raster, fineFrame) > Self.psnr(source.frames[12].raster, coarseFrame))
    }

    @Test("opaque art gets no alpha stream; variable delays are kept to the millisecond")
    func opaqueAndVariable() throws {
        var frames: [AnimationFrame] = []
        for (i, ms) in [100, 50, 250, 20].enumerated() {
            var canvas = Raster(width: 64, height: 48)
            for y in 0..<48 { for x in 0..<64 { canvas[x, y] = RGBA(UInt8(40 * i), 128, UInt8(x * 3), 255) } }
            frames.append(AnimationFrame(raster: canvas, delay: .milliseconds(ms)))
        }
        let bytes = try WebMEncoder().encode(Animation(width: 64, height: 48, frames: frames, loopCount: 0))
        let info = try WebMDecoder.info(bytes)
        #expect(!info.hasAlpha && info.frameRate == nil)
        let decoded = try WebMDecoder.decode(bytes)
        #expect(decoded.frames.map(\.delay) == [100, 50, 250, 20].map { FrameDelay.milliseconds($0) })
        #expect(
            decoded.frames.allSatisfy { frame in
                stride(from: 3, to: frame.raster.bytes.count, by: 4).allSatisfy { frame.raster.bytes[$0] == 255 }
            })
    }

    @Test("a corpus WebM decoded and encoded again keeps its frames and timing")
    func reencode() throws {
        let original = try WebMDecoder.decode(try Fixtures.bytes("webm/vp9-alpha-512x384-24fps-3s.webm"))
        let again = try WebMDecoder.decode(try WebMEncoder().encode(original))
        #expect(again.frames.count == 72 && again.duration == FrameDelay(numerator: 3, denominator: 1))
        #expect(Self.psnr(original.frames[36].raster, again.frames[36].raster) > 32)
    }
}
