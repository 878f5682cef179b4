import CRendition
import Foundation
import RenditionC
import RenditionPack
import Testing

/// What rdn_render_files reported through its callback.
final class CallbackLog: @unchecked Sendable {
    var calls: [(done: Int, total: Int, json: [String: Any])] = []
}

@Suite("C interface: rdn_render_files")
struct BatchFunctionTests {
    /// Calls rdn_render_files on `inputs`; returns the status, the parsed report and the callback's calls.
    static func renderFiles(
        _ inputs: [String], _ output: String, options: rdn_render_options? = nil,
        change: (inout rdn_batch_options) -> Void = { _ in }
    ) throws -> (report: [String: Any], calls: CallbackLog) {
        let log = CallbackLog()
        var batch = rdn_batch_options()
        rdn_batch_options_init(&batch)
        batch.on_sticker = { context, done, total, json in
            let log = Unmanaged<CallbackLog>.fromOpaque(context!).takeUnretainedValue()
            let object =
                (try? JSONSerialization.jsonObject(with: Data(String(cString: json!).utf8))) as? [String: Any] ?? [:]
            log.calls.append((done, total, object))
        }
        batch.context = Unmanaged.passUnretained(log).toOpaque()
        change(&batch)
        var options = options ?? renderOptions { $0.threads = 2 }
        var report: UnsafeMutablePointer<CChar>?
        let pointers = inputs.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        var constPointers = pointers.map { UnsafePointer($0) }
        expectOK { error in
            constPointers.withUnsafeMutableBufferPointer { list in
                rdn_render_files(list.baseAddress, list.count, output, &options, &batch, &report, error)
            }
        }
        defer { rdn_string_free(report) }
        let text = report.map { String(cString: $0) } ?? "{}"
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:], log)
    }

    @Test(
        "renders files and folders like rdn_render_directory, calls back once per sticker in order, then skips up-to-date ones"
    )
    func filesAndCallback() throws {
        let output = try Repository.temporaryFolder("files")
        defer { Repository.remove(output) }
        let folder = "\(Repository.root)/Fixtures/stickers/derived"
        let single = "\(Repository.root)/Fixtures/\(CFixtures.sticker)"
        let (report, log) = try Self.renderFiles([single, folder], output)
        let stickers = report["stickers"] as? [[String: Any]] ?? []
        let folderCount = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
            .count
        #expect(
            report["total"] as? Int == 1 + folderCount && report["failed"] as? Int == 0
                && report["rendered"] as? Int == 1 + folderCount)
        #expect(stickers.first?["name"] as? String == "1F195")
        #expect(
            log.calls.map(\.done) == Array(1...stickers.count) && log.calls.allSatisfy { $0.total == stickers.count })
        #expect(
            log.calls.map { $0.json["name"] as? String } == stickers.map { $0["name"] as? String },
            "the callback sees the report's entries, in order")
        #expect(log.calls.map { $0.json["status"] as? String } == Array(repeating: "ok", count: stickers.count))
        let direct = try FolderFunctionTests.renderDirectory(
            folder, output + "/directory", renderOptions { $0.threads = 2 })
        for sticker in (direct["stickers"] as? [[String: Any]] ?? []) {
            let name = sticker["name"] as? String ?? ""
            #expect(
                FileManager.default.contentsEqual(
                    atPath: "\(output)/\(name)@2x.png", andPath: "\(output)/directory/\(name)@2x.png"))
        }

        let (again, againLog) = try Self.renderFiles([single, folder], output)
        #expect(
            again["skipped"] as? Int == stickers.count
                && againLog.calls.allSatisfy { $0.json["status"] as? String == "up-to-date" })
        let (forced, _) = try Self.renderFiles([single], output) { $0.force = 1 }
        #expect(forced["rendered"] as? Int == 1 && forced["skipped"] as? Int == 0)
    }

    @Test("shards split the catalog like `rendition render --shard i/n`: disjoint, complete, the same files")
    func shards() throws {
        let output = try Repository.temporaryFolder("shards")
        defer { Repository.remove(output) }
        let folder = "\(Repository.root)/Fixtures/stickers/openmoji-618"
        var seen: [String] = []
        for index in 0..<3 {
            let (report, _) = try Self.renderFiles([folder], "\(output)/c\(index)") {
                $0.shard_index = UInt32(index)
                $0.shard_count = 3
            }
            let names = (report["stickers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(!names.isEmpty)
            seen += names
            let cli = try run(
                FolderFunctionTests.renditionExecutable,
                [
                    "render", folder, "-o", "\(output)/cli\(index)", "--shard", "\(index + 1)/3", "--quiet",
                    "--no-progress",
                ])
            #expect(cli.status == 0, "\(cli.stderr)")
            let files = { (dir: String) in
                try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
            }
            #expect(try files("\(output)/c\(index)") == (try files("\(output)/cli\(index)")))
            for file in try files("\(output)/c\(index)") {
                #expect(
                    FileManager.default.contentsEqual(
                        atPath: "\(output)/c\(index)/\(file)", andPath: "\(output)/cli\(index)/\(file)"))
            }
        }
        let all = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.map {
            String($0.dropLast(4))
        }
        #expect(seen.sorted() == all.sorted(), "every sticker in exactly one shard")
    }

    @Test("bad arguments: NULL lists, a shard past the count, old batch options, a missing input")
    func failures() throws {
        let output = try Repository.temporaryFolder("files-bad")
        defer { Repository.remove(output) }
        var report: UnsafeMutablePointer<CChar>?
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "inputs is NULL") {
            rdn_render_files(nil, 2, output, nil, nil, &report, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "output_dir is NULL") {
            rdn_render_files(nil, 0, nil, nil, nil, &report, $0)
        }
        var batch = rdn_batch_options()
        rdn_batch_options_init(&batch)
        batch.shard_index = 3
        batch.shard_count = 3
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "shard_index 3 is not below shard_count 3") {
            rdn_render_files(nil, 0, output, nil, &batch, &report, $0)
        }
        batch = rdn_batch_options()
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "rdn_batch_options_init") {
            rdn_render_files(nil, 0, output, nil, &batch, &report, $0)
        }
        let missing = strdup("/nonexistent/sticker.png")
        defer { free(missing) }
        var list: [UnsafePointer<CChar>?] = [UnsafePointer(missing)]
        expectFailure(RDN_ERROR_IO, containing: "no such file or folder") {
            rdn_render_files(&list, 1, output, nil, nil, &report, $0)
        }
        #expect(report == nil)
        // No inputs: the folder is made, and the report is empty.
        expectOK { rdn_render_files(nil, 0, output + "/empty", nil, nil, &report, $0) }
        #expect(report.map { String(cString: $0) }?.hasPrefix("{\"failed\":0,") == true)
        rdn_string_free(report)
        #expect(FileManager.default.fileExists(atPath: output + "/empty"))
    }

    @Test("rdn_render_pack takes a comma-separated list of platforms; an unknown name in it is refused")
    func packPlatformList() throws {
        let output = try Repository.temporaryFolder("pack-list")
        defer { Repository.remove(output) }
        let source = "\(Repository.root)/Fixtures/stickers/derived"
        var report: UnsafeMutablePointer<CChar>?
        "whatsapp,signal".withCString { profile in
            var options = renderOptions {
                $0.profile = profile
                $0.threads = 2
            }
            expectOK { rdn_render_pack(source, output, &options, &report, $0) }
        }
        rdn_string_free(report)
        let files = FileManager.default
        #expect(files.fileExists(atPath: output + "/whatsapp") && files.fileExists(atPath: output + "/signal"))
        #expect(!files.fileExists(atPath: output + "/telegram"))
        "whatsapp,myspace".withCString { profile in
            var options = renderOptions { $0.profile = profile }
            expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "unknown profile \"myspace\"") {
                rdn_render_pack(source, output, &options, &report, $0)
            }
        }
        "whatsapp,signal".withCString { profile in
            var options = renderOptions { $0.profile = profile }
            expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "unknown profile \"whatsapp,signal\"") {
                rdn_render_directory(source, output + "/r", &options, &report, $0)
            }
        }
    }
}
