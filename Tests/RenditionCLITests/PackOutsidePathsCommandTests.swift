import Foundation
import RenditionTestSupport
import Testing

/// `rendition pack` refuses a pack.json that names a file outside the source folder, and
/// `--allow-outside-paths` lets it.
@Suite("pack --allow-outside-paths")
struct PackOutsidePathsCommandTests {
    @Test("a sticker out of the folder stops the build with the key named; the flag packs it")
    func outsidePaths() throws {
        let root = try TemporaryFolder.make("rendition-pack-outside")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F601-300.png"), toPath: root + "/src/grin.png")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F41D-300.png"), toPath: root + "/outside.png")
        try Data(#"{"stickers": [{"file": "grin.png"}, {"file": "../outside.png", "name": "bee"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/src/pack.json"))

        let refused = try CommandLineTests.run(["pack", root + "/src", "-o", root + "/out", "--log", "human"])
        #expect(refused.status == 1, "\(refused.out)\n\(refused.err)")
        #expect(
            refused.err.contains(
                "\(root)/src/pack.json: stickers[1].file \"../outside.png\" is outside the pack's folder (pass --allow-outside-paths to use it)"
            ), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: root + "/out/renditions/bee@3x.png"))

        let allowed = try CommandLineTests.run([
            "pack", root + "/src", "-o", root + "/out", "--log", "human", "--allow-outside-paths",
        ])
        #expect(allowed.status == 0, "\(allowed.out)\n\(allowed.err)")
        #expect(FileManager.default.fileExists(atPath: root + "/out/renditions/bee@3x.png"))
    }
}
