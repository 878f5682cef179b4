import Foundation
import RenditionCodecs
import RenditionPack
import RenditionTestSupport
import Testing

/// A pack's configuration names files inside its source folder only, unless the build allows
/// others (`PackOptions.allowsPathsOutsideSource`, `rendition pack --allow-outside-paths`).
@Suite("Pack paths outside the source folder")
struct PackOutsidePathsTests {
    /// A folder with `src` (two 300 px masters and a link `link.png` to `outside.png`) and
    /// `outside.png` beside it; returns the folder.
    static func folder() throws -> String {
        let root = try TemporaryFolder.make("rendition-pack-outside")
        try FileManager.default.createDirectory(atPath: "\(root)/src", withIntermediateDirectories: true)
        for (fixture, name) in [
            ("stickers/derived/1F601-300.png", "src/grin.png"), ("stickers/derived/1F337-300.png", "src/tulip.png"),
            ("stickers/derived/1F41D-300.png", "outside.png"),
        ] {
            try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: "\(root)/\(name)")
        }
        try FileManager.default.createSymbolicLink(
            atPath: "\(root)/src/link.png", withDestinationPath: "../outside.png")
        return root
    }

    static func configure(_ root: String, _ json: String, name: String = "pack.json") throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: "\(root)/src/\(name)"))
    }

    /// The error a build of `root/src` into `root/out` throws, or `nil` when it succeeds.
    static func buildError(_ root: String, allowing: Bool = false) -> PackError? {
        var options = PackOptions(threads: 2)
        options.allowsPathsOutsideSource = allowing
        do {
            _ = try PackBuilder(source: "\(root)/src", output: "\(root)/out", options: options).build()
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a configured path out of the folder is refused, naming its key, before anything is written",
        arguments: [
            (
                #"{"stickers": [{"file": "grin.png"}, {"file": "../outside.png"}]}"#,
                #"stickers[1].file "../outside.png" is outside the pack's folder (pass --allow-outside-paths to use it)"#
            ),
            (
                #"{"stickers": [{"file": "ROOT/outside.png"}, {"file": "grin.png"}]}"#,
                #"stickers[0].file "ROOT/outside.png" is an absolute path; paths are relative to the pack's folder (pass --allow-outside-paths to use it)"#
            ),
            (
                #"{"stickers": [{"file": "grin.png"}, {"file": "tulip.png"}, {"file": "link.png"}]}"#,
                #"stickers[2].file "link.png" leads outside the pack's folder through a symbolic link (pass --allow-outside-paths to use it)"#
            ),
            (
                #"{"icon": "a/../../outside.png"}"#,
                #"icon "a/../../outside.png" is outside the pack's folder (pass --allow-outside-paths to use it)"#
            ),
            (
                #"{"tray": "link.png", "stickers": [{"file": "grin.png"}]}"#,
                #"tray "link.png" leads outside the pack's folder through a symbolic link (pass --allow-outside-paths to use it)"#
            ),
        ])
    func refused(configuration: String, reason: String) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.configure(root, configuration.replacingOccurrences(of: "ROOT", with: root))
        let error = try #require(Self.buildError(root))
        guard case .invalidConfiguration(let path, let said) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(path == "\(root)/src/pack.json")
        #expect(said == reason.replacingOccurrences(of: "ROOT", with: root))
        #expect(error.description == "\(root)/src/pack.json: \(said)")
        #expect(!FileManager.default.fileExists(atPath: "\(root)/out"))
    }

    @Test("the error names pack.yaml when that is the configuration")
    func yaml() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.configure(root, "stickers:\n  - file: ../outside.png\n", name: "pack.yaml")
        #expect(
            Self.buildError(root)?.description
                == "\(root)/src/pack.yaml: stickers[0].file \"../outside.png\" is outside the pack's folder (pass --allow-outside-paths to use it)"
        )
    }

    @Test("with paths outside allowed, the files out of the folder are packed")
    func allowed() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.configure(
            root,
            """
            {"icon": "../outside.png", "stickers": [
              {"file": "../outside.png", "name": "dotdot"}, {"file": "\(root)/outside.png", "name": "absolute"},
              {"file": "link.png", "name": "linked"}]}
            """)
        var options = PackOptions(threads: 2)
        options.allowsPathsOutsideSource = true
        let summary = try PackBuilder(source: "\(root)/src", output: "\(root)/out", options: options).build()
        #expect(!summary.hasFailures, "\(summary.stickers.map(\.outcome)) \(summary.platformProblems)")
        // Each is the bee from outside the folder (the masters inside are other art of its size).
        let outside = try Fixtures.raster("stickers/derived/1F41D-300.png")
        #expect(outside != (try Fixtures.raster("stickers/derived/1F601-300.png")))
        for name in ["dotdot", "absolute", "linked"] {
            let packed = try ImageDecoder.decode(try Fixtures.bytesAt("\(root)/out/renditions/\(name)@3x.png"))
            #expect(packed == outside, "\(name)")
        }
        #expect(
            FileManager.default.fileExists(
                atPath: "\(root)/out/Stickers.xcstickers/iMessage App Icon.stickersiconset/Contents.json"))
    }

    @Test("a configured file that does not exist in the folder is reported as missing, not as outside")
    func missing() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.configure(root, #"{"stickers": [{"file": "grin.png"}, {"file": "new/../gone.png"}]}"#)
        let summary = try PackBuilder(source: "\(root)/src", output: "\(root)/out", options: PackOptions()).build()
        #expect(summary.stickers.count == 2)
        guard case .failure(let reason) = summary.stickers[1].outcome else {
            Issue.record("the missing sticker built: \(summary.stickers[1].outcome)")
            return
        }
        #expect("\(reason)".contains("No such file or directory"), "\(reason)")
    }
}
