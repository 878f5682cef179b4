import CRendition
import Foundation
import RenditionC
import RenditionLint
import RenditionPack
import Testing

@Suite("C interface: folders, lint, pack")
struct FolderFunctionTests {
    /// Renders `input` into `output` through rdn_render_directory; returns the parsed report.
    static func renderDirectory(_ input: String, _ output: String, _ options: rdn_render_options? = nil) throws
        -> [String: Any]
    {
        var report: UnsafeMutablePointer<CChar>?
        var options = options
        expectOK { error in
            if options != nil {
                return withUnsafePointer(to: &options!) { rdn_render_directory(input, output, $0, &report, error) }
            }
            return rdn_render_directory(input, output, nil, &report, error)
        }
        defer { rdn_string_free(report) }
        let text = report.map { String(cString: $0) } ?? "{}"
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test("rdn_render_directory renders a folder, reports each sticker, skips up-to-date ones and reports bad files")
    func renderDirectory() throws {
        let input = try Repository.temporaryFolder("in")
        let outputRoot = try Repository.temporaryFolder("out")
        let output = outputRoot + "/renditions"
        defer { Repository.remove(input, outputRoot) }
        for name in ["1F41D-300.png", "1F601-300.png"] {
            try FileManager.default.copyItem(
                atPath: "\(Repository.root)/Fixtures/stickers/derived/\(name)", toPath: "\(input)/\(name)")
        }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(input)/broken.png"))

        let first = try Self.renderDirectory(input, output, renderOptions { $0.threads = 2 })
        #expect(first["total"] as? Int == 3 && first["rendered"] as? Int == 2 && first["failed"] as? Int == 1)
        #expect(first["skipped"] as? Int == 0 && first["output"] as? String == output)
        let stickers = first["stickers"] as? [[String: Any]] ?? []
        #expect(stickers.map { $0["name"] as? String } == ["1F41D-300", "1F601-300", "broken"])
        #expect(stickers.map { $0["status"] as? String } == ["ok", "ok", "failed"])
        #expect((stickers[2]["error"] as? String)?.contains("unknown signature") == true)
        let outputs = stickers[0]["outputs"] as? [[String: Any]] ?? []
        #expect(
            outputs.map { [$0["scale"] as? Int, $0["width"] as? Int, $0["height"] as? Int] } == [
                [2, 200, 200], [1, 100, 100],
            ])
        for output in outputs {
            let path = output["path"] as? String ?? ""
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            #expect(size == output["bytes"] as? Int, "\(path) has the reported size")
        }

        let second = try Self.renderDirectory(input, output)
        #expect(second["rendered"] as? Int == 0 && second["skipped"] as? Int == 2 && second["failed"] as? Int == 1)
        #expect((second["stickers"] as? [[String: Any]])?.first?["status"] as? String == "up-to-date")
    }

    @Test(
        "rdn_render_directory: missing folders are RDN_ERROR_IO; NULL or empty paths are invalid; no report requested is fine"
    )
    func renderDirectoryFailures() throws {
        let output = try Repository.temporaryFolder("out")
        let empty = try Repository.temporaryFolder("empty")
        defer { Repository.remove(output, empty) }
        var report: UnsafeMutablePointer<CChar>?
        expectFailure(RDN_ERROR_IO, containing: "no such file or folder") {
            rdn_render_directory("/nonexistent/stickers", output, nil, &report, $0)
        }
        #expect(report == nil)
        let file = output + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        expectFailure(RDN_ERROR_IO, containing: file) {
            rdn_render_directory("\(Repository.root)/Fixtures/stickers/derived", file + "/sub", nil, &report, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "input_dir is NULL") {
            rdn_render_directory(nil, output, nil, &report, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "output_dir is empty") {
            rdn_render_directory(output, "", nil, &report, $0)
        }
        expectOK { rdn_render_directory(empty, output + "/none", nil, nil, $0) }
    }

    @Test("rdn_lint_bytes returns the CLI's JSON document for one file, findings included; bad arguments are refused")
    func lintBytes() throws {
        let path = "\(Repository.root)/Fixtures/lint/white-box.png"
        let bytes = try Repository.fixture("lint/white-box.png")
        var json: UnsafeMutablePointer<CChar>?
        expectOK { error in
            bytes.withUnsafeBufferPointer { rdn_lint_bytes($0.baseAddress, $0.count, path, nil, &json, error) }
        }
        let text = json.map { String(cString: $0) } ?? ""
        rdn_string_free(json)
        let report = StickerLinter(options: LintOptions()).lint(path: path)
        #expect(
            text == (try LintDocument(reports: [report], profile: .appleMessages).json()),
            "same text as `rendition lint --json FILE`")
        #expect(report.codes.contains(.opaqueBackground), "the fixture has the finding it was made for")

        let cli = try run(Self.renditionExecutable, ["lint", "--json", path])
        #expect(cli.stdout == text + "\n", "the CLI prints the same document")

        var garbage: UnsafeMutablePointer<CChar>?
        expectOK { rdn_lint_bytes(nil, 0, nil, "apple-messages", &garbage, $0) }
        #expect(garbage.map { String(cString: $0) }?.contains("\"unreadable\"") == true)
        rdn_string_free(garbage)
        // Other platforms' lint profiles: WhatsApp wants 512x512 WebP, so this PNG has errors.
        var whatsapp: UnsafeMutablePointer<CChar>?
        expectOK { error in
            bytes.withUnsafeBufferPointer {
                rdn_lint_bytes($0.baseAddress, $0.count, nil, "whatsapp", &whatsapp, error)
            }
        }
        let whatsappDocument = whatsapp.map { String(cString: $0) } ?? ""
        rdn_string_free(whatsapp)
        let whatsappReport = StickerLinter(options: LintOptions(profile: StickerProfile.builtIn["whatsapp"]!)).lint(
            bytes: bytes, path: "sticker")
        #expect(
            whatsappDocument
                == (try LintDocument(reports: [whatsappReport], profile: StickerProfile.builtIn["whatsapp"]!).json()))
        #expect(whatsappDocument.contains("\"profile\" : \"whatsapp\"") && whatsappReport.hasErrors)
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "unknown profile \"myspace\"") { error in
            bytes.withUnsafeBufferPointer { rdn_lint_bytes($0.baseAddress, $0.count, nil, "myspace", &json, error) }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_json is NULL") { error in
            bytes.withUnsafeBufferPointer { rdn_lint_bytes($0.baseAddress, $0.count, nil, nil, nil, error) }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "bytes is NULL") {
            rdn_lint_bytes(nil, 3, nil, nil, &json, $0)
        }
        #expect(json == nil)
    }

    /// The `rendition` executable next to the test bundle.
    static var renditionExecutable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rendition")
            .path
    }

    @Test(
        "rdn_render_pack builds the platforms of its profile (Apple's catalog only when named) and returns pack-report.json"
    )
    func renderPack() throws {
        let output = try Repository.temporaryFolder("pack")
        let empty = try Repository.temporaryFolder("empty")
        defer { Repository.remove(output, empty) }
        let source = "\(Repository.root)/Fixtures/stickers/derived"
        var report: UnsafeMutablePointer<CChar>?
        var options = renderOptions { $0.threads = 2 }
        "messages,telegram".withCString { profile in
            options.profile = profile
            expectOK { rdn_render_pack(source, output, &options, &report, $0) }
        }
        let text = report.map { String(cString: $0) } ?? ""
        rdn_string_free(report)
        // Byte for byte (String's == would accept a canonically equivalent text).
        #expect(Array(text.utf8) == [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/pack-report.json"))))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        let stickers = parsed["stickers"] as? [[String: Any]] ?? []
        #expect(stickers.count == 6 && stickers.allSatisfy { $0["status"] as? String == "ok" })
        let files = FileManager.default
        #expect(files.fileExists(atPath: output + "/Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json"))
        #expect(files.fileExists(atPath: output + "/renditions/1F601-300@1x.png"))
        #expect(files.fileExists(atPath: output + "/telegram"))
        #expect(!files.fileExists(atPath: output + "/whatsapp"))
        // A platform alone: its pack only, no Apple catalog or renditions.
        let alone = try Repository.temporaryFolder("pack-alone")
        defer { Repository.remove(alone) }
        "telegram".withCString { profile in
            options.profile = profile
            expectOK { rdn_render_pack(source, alone, &options, &report, $0) }
        }
        rdn_string_free(report)
        #expect(files.fileExists(atPath: alone + "/telegram"))
        #expect(
            !files.fileExists(atPath: alone + "/Stickers.xcstickers")
                && !files.fileExists(atPath: alone + "/renditions"))

        expectFailure(RDN_ERROR_IO, containing: "is not a folder") {
            rdn_render_pack("/nonexistent", output, nil, &report, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "no sticker images found") {
            rdn_render_pack(empty, output + "/e", nil, &report, $0)
        }
        "myspace".withCString { profile in
            var unknown = renderOptions { $0.profile = profile }
            expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "unknown profile \"myspace\"") {
                rdn_render_pack(source, output, &unknown, &report, $0)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "source_dir is NULL") {
            rdn_render_pack(nil, output, nil, &report, $0)
        }
        #expect(report == nil)
    }
}
