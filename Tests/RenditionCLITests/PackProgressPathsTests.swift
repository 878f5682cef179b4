import Foundation
import RenditionTestSupport
import Testing

/// What `rendition pack` prints about the files it wrote matches what is on disk.
@Suite("pack's progress lines name the files it wrote")
struct PackProgressPathsTests {
    /// A source folder of four stills (WhatsApp takes 3 to 30 a pack).
    static func stills(in folder: String) throws -> String {
        let source = folder + "/stickers"  // the pack is named after its folder
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in ["1F337-300.png", "1F41D-300.png", "1F601-300.png", "1F354-408.png"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/derived/" + name), toPath: "\(source)/\(name)")
        }
        return source
    }

    @Test("every path of pack --log jsonl exists in the output folder, platform files at their pack's path")
    func jsonlPathsExist() throws {
        let folder = NSTemporaryDirectory() + "rendition-pack-paths-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try Self.stills(in: folder), output = folder + "/out"
        let result = try CommandLineTests.run([
            "pack", source, "-o", output, "--platform", "messages,whatsapp,telegram", "--log", "jsonl", "--no-progress",
        ])
        #expect(result.status == 0, "\(result.err)")
        let events = CommandLineTests.events(result.out)
        let files = events.filter { ["sticker", "placed"].contains($0["event"] as? String) }.flatMap {
            $0["files"] as? [[String: Any]] ?? []
        }
        let paths = files.compactMap { $0["path"] as? String }
        #expect(paths.count == files.count && !paths.isEmpty, "\(result.out)")
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: "\(output)/\(path)"), "\(path) is not in \(output)")
        }
        // Each sticker's WhatsApp file is named once, in its pack's folder.
        let whatsApp = files.filter { $0["platform"] as? String == "whatsapp" }.compactMap { $0["path"] as? String }
        #expect(
            whatsApp.sorted()
                == ["1F337-300", "1F354-408", "1F41D-300", "1F601-300"].map { "whatsapp/stickers/\($0).webp" })
        #expect(events.filter { $0["event"] as? String == "placed" }.count == 4)
    }

    @Test("a pack of stills only is called still, also where the platform would take both")
    func stillPackIsStill() throws {
        let folder = NSTemporaryDirectory() + "rendition-pack-kind-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try Self.stills(in: folder), output = folder + "/out"
        let result = try CommandLineTests.run([
            "pack", source, "-o", output, "--platform", "whatsapp,telegram", "--log", "human", "--no-progress",
        ])
        #expect(result.status == 0, "\(result.err)")
        let all = result.out + result.err
        #expect(all.contains("whatsapp/stickers: 4 still sticker(s)"), "\(all)")
        #expect(all.contains("telegram/stickers: 4 still sticker(s)"), "\(all)")
        #expect(!all.contains("mixed"), "\(all)")
    }
}
