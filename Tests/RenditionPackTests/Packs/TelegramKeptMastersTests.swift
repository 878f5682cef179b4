import Foundation
import RenditionCodecs
import RenditionLint
import RenditionTestSupport
import Testing

@testable import RenditionPack

/// A Telegram pack keeps masters that already follow Telegram's rules as they are: TGS at
/// 60 fps or 30, and VP9 WebM, square or not, constant or variable rate.
@Suite("Telegram packs keep conforming masters")
struct TelegramKeptMastersTests {
    static let masters = [
        "bounce30.tgs": "lottie/made/bounce-30fps.tgs",
        "stops60.tgs": "lottie/lottie-android/OpacityStops.tgs",
        "wide.webm": "webm/made/vp9-alpha-512x400-15fps.webm",
        "tall.webm": "webm/made/vp9-alpha-300x512-15fps.webm",
    ]
    /// Variable rate on a 30 fps clock, but its last frame lasts the track's DefaultDuration
    /// (1/30 s), so its loop is 3.0003 s: remade, keeping every frame time.
    static let remade = "webm/made/vp9-alpha-512x512-vfr-30fps-clock.webm"

    @Test(
        "TGS at 30 and 60 fps, non-square and variable-rate WebM: each packed byte for byte, set.json naming its format, the report saying it was kept"
    )
    func keptByteForByte() throws {
        let source = try TemporaryFolder.make("rendition-telegram-kept-src")
        let output = try TemporaryFolder.make("rendition-telegram-kept-out")
        for (name, fixture) in Self.masters.merging(["vfr.webm": Self.remade], uniquingKeysWith: { $1 }) {
            try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: "\(source)/\(name)")
        }
        // As `rendition pack --platform telegram` builds it: masters linted, no Apple catalog.
        var options = PackOptions(platforms: [.telegram], threads: 2)
        options.includesApple = false
        options.lintsMasters = true
        let summary = try PackBuilder(source: source, output: output, options: options).build()
        #expect(!summary.hasFailures, "\(summary.stickers.map { ($0.name, $0.outcome) })")
        let steps = Dictionary(
            uniqueKeysWithValues: summary.stickers.map { ($0.name, (try? $0.outcome.get())?.first?.step ?? "") })
        #expect(steps["bounce30"] == "kept as it is (TGS follows Telegram's rules)", "\(steps)")
        #expect(steps["stops60"] == "kept as it is (TGS follows Telegram's rules)", "\(steps)")
        #expect(steps["vfr"]?.hasPrefix("VP9") == true, "\(steps)")
        for name in ["wide", "tall"] {
            #expect(steps[name] == "kept as it is (the VP9 WebM follows Telegram's rules)", "\(name): \(steps)")
        }
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: "\(output)/telegram").first { !$0.hasPrefix(".") })
        for (name, fixture) in Self.masters {
            #expect(
                try Fixtures.bytesAt("\(output)/telegram/\(folder)/\(name)") == (try Fixtures.bytes(fixture)), "\(name)"
            )
        }
        let remade = try WebMDecoder.info(try Fixtures.bytesAt("\(output)/telegram/\(folder)/vfr.webm"))
        #expect(remade.blockCount == 75 && remade.duration == .milliseconds(3_000))
        let set = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(output)/telegram/\(folder)/set.json"))) as? [String: Any]
        )
        let formats = Dictionary(
            uniqueKeysWithValues: (set["stickers"] as? [[String: Any]] ?? []).map {
                ($0["sticker"] as? String ?? "", $0["format"] as? String ?? "")
            })
        #expect(
            formats == [
                "bounce30.tgs": "animated", "stops60.tgs": "animated", "wide.webm": "video", "tall.webm": "video",
                "vfr.webm": "video",
            ])
        #expect(PackValidator(platform: .telegram).validate(folder: "\(output)/telegram").isEmpty)
    }

    @Test("the TGS rule takes 60 and 30 fps and names both when a file has another rate")
    func tgsFrameRates() throws {
        #expect(VectorStickerRule.telegramSticker.problems(try Fixtures.bytes("lottie/made/bounce-30fps.tgs")).isEmpty)
        let ntsc = VectorStickerRule.telegramSticker.problems(try Fixtures.bytes("lottie/lottie-android/Masks.tgs"))
        #expect(ntsc.contains { $0.contains("not 60 or 30 fps") }, "\(ntsc)")
    }
}
