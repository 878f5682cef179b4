import Foundation
import RenditionTestSupport
import Testing

/// `rendition pack --platform telegram` of video masters Telegram takes as they are: every
/// platform file is kept, so the pipeline has nothing to make, and the pack is written.
@Suite("pack: Telegram video masters kept as they are")
struct TelegramVideoPackTests {
    @Test(
        "512x400 and 300x512 VP9 masters pack for Telegram alone: exit 0, each file the master byte for byte, no error line"
    )
    func nonSquareMasters() throws {
        let folder = try TemporaryFolder.make("rendition-telegram-nonsquare")
        let source = folder + "/om"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let names = ["vp9-alpha-512x400-15fps", "vp9-alpha-300x512-15fps"]
        for name in names {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("webm/made/\(name).webm"), toPath: "\(source)/\(name).webm")
        }
        let result = try CommandLineTests.run([
            "pack", source, "--platform", "telegram", "-o", folder + "/out", "--log", "human", "--threads", "2",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("error:"), "\(result.err)")
        for name in names {
            let packed = try Fixtures.bytesAt("\(folder)/out/telegram/om/\(name).webm")
            #expect(packed == (try Fixtures.bytes("webm/made/\(name).webm")), "\(name)")
        }
        // The pack report names each file and says it was kept.
        let report = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/pack-report.json")))
                as? [String: Any])
        let stickers = report["stickers"] as? [[String: Any]] ?? []
        #expect(stickers.count == 2 && stickers.allSatisfy { $0["status"] as? String == "ok" }, "\(stickers)")
        let steps = stickers.flatMap { $0["files"] as? [[String: Any]] ?? [] }.map { $0["step"] as? String ?? "" }
        #expect(
            steps.count == 2 && steps.allSatisfy { $0 == "kept as it is (the VP9 WebM follows Telegram's rules)" },
            "\(steps)")
    }
}
