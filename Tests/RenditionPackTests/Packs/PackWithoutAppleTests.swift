import Foundation
import RenditionTestSupport
import Testing

@testable import RenditionPack

/// A pack for other platforms only: Apple's catalog and renditions are neither built nor
/// touched, and every sticker is still made for the platforms named.
@Suite("Packs without Apple's")
struct PackWithoutAppleTests {
    @Test("WhatsApp and Telegram only: no catalog, no renditions, no Apple problems; an earlier catalog is left as it was")
    func otherPlatformsOnly() throws {
        let source = try PackFixtureFolder.make()
        let output = try TemporaryFolder.make("rendition-pack-without-apple")
        let earlier = "\(output)/Stickers.xcstickers/Contents.json"
        try FileManager.default.createDirectory(
            atPath: "\(output)/Stickers.xcstickers", withIntermediateDirectories: true)
        try Data("left by an earlier run".utf8).write(to: URL(fileURLWithPath: earlier))
        var options = PackOptions(platforms: [.whatsApp, .telegram], threads: 2)
        options.includesApple = false
        let summary = try PackBuilder(source: source, output: output, options: options).build()
        #expect(summary.stickers.count == 15)
        #expect(summary.platformProblems[AppleMessages.reportKey] == nil)
        for sticker in summary.stickers {
            let files = try sticker.outcome.get()
            #expect(Set(files.compactMap(\.platform)) == ["whatsapp", "telegram"], "\(sticker.name)")
            #expect(!files.contains { $0.path.hasPrefix("Stickers.xcstickers/") || $0.path.hasPrefix("renditions/") })
        }
        #expect(!FileManager.default.fileExists(atPath: "\(output)/renditions"))
        #expect(try String(contentsOfFile: earlier, encoding: .utf8) == "left by an earlier run")
        #expect((summary.packs["whatsapp"] ?? []).count == 2)
        #expect((summary.packs["telegram"] ?? []).count >= 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(output)/pack-report.json")))
                as? [String: Any])
        #expect((report["stickers"] as? [Any])?.count == 15)
    }

    @Test("leaving Apple out with no other platform is refused before anything is written")
    func nothingToBuild() throws {
        let source = try PackFixtureFolder.make()
        let output = NSTemporaryDirectory() + "rendition-pack-nothing-" + UUID().uuidString
        var options = PackOptions(platforms: [])
        options.includesApple = false
        #expect(throws: PackError.self) { try PackBuilder(source: source, output: output, options: options).build() }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
