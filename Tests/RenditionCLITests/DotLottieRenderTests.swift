import Foundation
import RenditionTestSupport
import Testing

/// dotLottie (`.lottie`) end to end on the command line: the format comes from the registry
/// alone, so `render` and the folder search take it like any other.
@Suite("dotLottie on the command line")
struct DotLottieRenderTests {
    @Test(
        "render x.lottie writes the same renditions as its JSON, also with an image the archive stores",
        arguments: [
            ("lottie/dotlottie/LayerBlend_0.lottie", "lottie/lottie-android/LayerBlend_0.json"),
            ("lottie/dotlottie/images.lottie", "lottie/dotlottie/images-embedded.json"),
        ])
    func renderMatchesJSON(archivePath: String, jsonPath: String) throws {
        let folder = try TemporaryFolder.make("rendition-dotlottie")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fromArchive = try CommandLineTests.run([
            "render", Fixtures.path(archivePath), "-o", folder + "/archive", "--quiet",
        ])
        #expect(fromArchive.status == 0, "\(fromArchive.err)")
        let fromJSON = try CommandLineTests.run(["render", Fixtures.path(jsonPath), "-o", folder + "/json", "--quiet"])
        #expect(fromJSON.status == 0, "\(fromJSON.err)")
        let archiveFiles = try FileManager.default.contentsOfDirectory(atPath: folder + "/archive").filter {
            $0.contains("@")
        }.sorted()
        let jsonFiles = try FileManager.default.contentsOfDirectory(atPath: folder + "/json").filter {
            $0.contains("@")
        }.sorted()
        #expect(archiveFiles.count == 2 && jsonFiles.count == 2, "\(archiveFiles) \(jsonFiles)")
        for (archiveName, jsonName) in zip(archiveFiles, jsonFiles) {
            let archive = FileManager.default.contents(atPath: "\(folder)/archive/\(archiveName)")
            #expect(
                archive != nil && archive == FileManager.default.contents(atPath: "\(folder)/json/\(jsonName)"),
                "\(archiveName)")
        }
    }

    @Test("a folder search picks up .lottie files; a hostile one fails alone with its message")
    func folderSearch() throws {
        let folder = try TemporaryFolder.make("rendition-dotlottie-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in/nested", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.path("lottie/dotlottie/Masks.lottie"), toPath: folder + "/in/nested/Masks.lottie")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("lottie/dotlottie/traversal.lottie"), toPath: folder + "/in/traversal.lottie")
        try Data("not a sticker".utf8).write(to: URL(fileURLWithPath: folder + "/in/notes.txt"))
        let result = try CommandLineTests.run(["render", folder + "/in", "-o", folder + "/out", "--log", "jsonl"])
        #expect(result.status == 1, "the hostile archive fails the run")
        let stickers = CommandLineTests.events(result.out).filter { $0["event"] as? String == "sticker" }
        #expect(stickers.count == 2, "\(result.out)")
        let failed = stickers.first { ($0["input"] as? String)?.hasSuffix("traversal.lottie") == true }
        #expect((failed?["error"] as? String)?.contains("\"../evil.json\" is not a plain relative path") == true)
        #expect(FileManager.default.fileExists(atPath: folder + "/out/Masks@2x.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/out/Masks@1x.png"))
    }
}
