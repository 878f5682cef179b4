import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

@testable import RenditionLint

/// WhatsApp's animated stickers have every frame a key frame: WhatsApp's apps have drawn lines
/// across frames blended onto the one before (WhatsApp/stickers issues 661 and 1087), and the
/// leading converter writes every frame as a key frame for that reason.
@Suite("WhatsApp: every animated frame a key frame")
struct WhatsAppKeyFrameTests {
    @Test("WhatsApp's data asks for key frames only and cites why; no other platform does")
    func platformData() {
        for platform in PackPlatform.builtIn.values {
            #expect((platform.animatedKeyFramesOnly == true) == (platform.id == "whatsapp"), "\(platform.id)")
        }
        #expect(PackPlatform.whatsApp.sources?[PackRule.keyFrames.rawValue]?.contains("1087") == true)
    }

    @Test("WhatsApp's target writes every frame whole; the same target without the demand does not")
    func targetKeyFrames() throws {
        let master = try APNGEncoder().encode(try TestAnimations.burgerAndFlyingBee())
        var plain = PackPlatform.whatsApp.stickerTarget()
        plain.webpKeyFramesOnly = false
        let made = try StickerPipeline().run(
            .bytes(master), targets: [PackPlatform.whatsApp.stickerTarget(), plain])
        let keyed = try made.outputs[0].get()
        let blended = try made.outputs[1].get()
        #expect(keyed.format == .webp && keyed.animated && keyed.width == 512)
        #expect(try WebPKeyFrames.keyFrames(keyed.files[0]) == Array(repeating: true, count: 10))
        let plainKeys = try WebPKeyFrames.keyFrames(blended.files[0])
        #expect(plainKeys.count == 10 && plainKeys.dropFirst().contains(false), "\(plainKeys)")
        // What it costs here: every frame holds the burger again.
        #expect(keyed.files[0].count > blended.files[0].count)
        #expect(keyed.files[0].count <= 500 * 1024)
    }

    @Test("a 3 s 30 fps video keeps every frame at its timing, under 500 KB, by giving up quality")
    func videoKeepsFrames() throws {
        let master = try Fixtures.bytes("webm/vp9-alpha-512x512-30fps-3s.webm")
        let made = try StickerPipeline().run(.bytes(master), targets: [PackPlatform.whatsApp.stickerTarget()])
        let output = try made.outputs[0].get()
        let file = output.files[0]
        #expect(file.count <= 500 * 1024)
        #expect(output.report.givenUp.allSatisfy { !$0.contains("frame rate") }, "\(output.report.givenUp)")
        let decoded = try WebPDecoder.decode(file)
        #expect(decoded.frames.count == 90)
        // 1/30 s frames on WebP's millisecond grid: 33, 33 or 34 ms, 3 s in all.
        #expect(decoded.frames.allSatisfy { [.milliseconds(33), .milliseconds(34)].contains($0.delay) })
        #expect(decoded.duration == .milliseconds(3_000))
        #expect(try WebPKeyFrames.keyFrames(file).allSatisfy { $0 })
        // Lower quality costs far less than dropping frames did (half the frame rate scored 0.5-0.6).
        #expect(try #require(output.report.quality) >= 0.9)
    }
}
