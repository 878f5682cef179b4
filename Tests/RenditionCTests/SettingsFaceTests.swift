import CRendition
import Foundation
import RenditionC
import RenditionPack
import RenditionTestSupport
import Testing

/// Each setting the C interface and the command line share, face by face: both accept the
/// same values with the same effect, and refuse the same bad values with the same kind of
/// error (a status here, exit status 2 there) and the same sentence, naming the setting as
/// each face spells it (`compression`, `--compression`). The Python half is
/// python/tests/test_settings_faces.py.
@Suite("settings: the C interface and the command line agree")
struct SettingsFaceTests {
    /// The built `rendition` executable, next to the test bundle.
    static var cli: String { BuiltTool.rendition.path }

    /// Runs `rendition ARGUMENTS`; returns its exit status, standard output and the first line
    /// of standard error without its `Error: ` (what a usage error says).
    static func command(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, out: String, error: String
    ) {
        let quiet = ["render", "pack"].contains(arguments.first ?? "") ? ["--no-progress"] : []
        let result = try run(cli, arguments + quiet, environment: environment)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        return (result.status, result.stdout, first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first)
    }

    /// A temporary folder with a `src` folder holding `fixtures` (relative to Fixtures/).
    static func source(_ fixtures: [String], _ label: String) throws -> String {
        let folder = try Repository.temporaryFolder(label)
        try FileManager.default.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
        for fixture in fixtures {
            try FileManager.default.copyItem(
                atPath: "\(Repository.root)/Fixtures/\(fixture)",
                toPath: folder + "/src/" + URL(fileURLWithPath: fixture).lastPathComponent)
        }
        return folder
    }

    /// rdn_render_files on `inputs` into `output`; the status, message and parsed report.
    static func renderFiles(
        _ inputs: [String], _ output: String, _ options: rdn_render_options = renderOptions(),
        _ batch: (inout rdn_batch_options) -> Void = { _ in }
    ) -> (status: rdn_status, message: String?, report: [String: Any]) {
        var options = options
        var batchOptions = rdn_batch_options()
        rdn_batch_options_init(&batchOptions)
        batch(&batchOptions)
        var report: UnsafeMutablePointer<CChar>?
        let pointers = inputs.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        var list = pointers.map { UnsafePointer($0) }
        let result = callC { error in
            list.withUnsafeMutableBufferPointer {
                rdn_render_files($0.baseAddress, $0.count, output, &options, &batchOptions, &report, error)
            }
        }
        defer { rdn_string_free(report) }
        let text = report.map { String(cString: $0) } ?? "{}"
        let parsed = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        return (result.status, result.message, parsed)
    }

    /// rdn_render_pack with `profile` (nil: NULL).
    static func renderPack(_ source: String, _ output: String, profile: String?) -> (
        status: rdn_status, message: String?, report: [String: Any]
    ) {
        var report: UnsafeMutablePointer<CChar>?
        let call = { (name: UnsafePointer<CChar>?) in
            var options = renderOptions {
                $0.profile = name
                $0.threads = 2
            }
            return callC { rdn_render_pack(source, output, &options, &report, $0) }
        }
        let result = profile.map { $0.withCString { call($0) } } ?? call(nil)
        defer { rdn_string_free(report) }
        let text = report.map { String(cString: $0) } ?? "{}"
        let parsed = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        return (result.status, result.message, parsed)
    }

    /// The files of `folder` (not hidden), by name.
    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    @Test("compression: 0...12 accepted with the same bytes (WebP's method included), the rest refused alike")
    func compression() throws {
        let folder = try Self.source(["stickers/derived/1F601-300.png", "lint/animated.png"], "compression")
        defer { Repository.remove(folder) }
        for level in [0, 12] {
            let c = Self.renderFiles(
                [folder + "/src"], "\(folder)/c\(level)",
                renderOptions {
                    $0.compression = Int32(level)
                    $0.format = RDN_FORMAT_WEBP
                })
            #expect(c.status == RDN_OK, "\(c.message ?? "")")
            let cli = try Self.command([
                "render", folder + "/src", "-o", "\(folder)/cli\(level)", "--compression", String(level), "--format",
                "webp",
            ])
            #expect(cli.status == 0, "\(cli.error)")
            let written = try Self.files("\(folder)/cli\(level)")
            let fromC = try Self.files("\(folder)/c\(level)")
            #expect(written.count == 4 && written == fromC, "level \(level)")
        }
        // The method follows the level: level 0 and level 12 give other WebP bytes.
        let level0 = try Self.files("\(folder)/c0"), level12 = try Self.files("\(folder)/c12")
        #expect(level0 != level12)
        // The default (-1 in C, no option on the command line) is the same too.
        #expect(Self.renderFiles([folder + "/src"], folder + "/cd").status == RDN_OK)
        #expect(try Self.command(["render", folder + "/src", "-o", folder + "/clid"]).status == 0)
        let defaultC = try Self.files(folder + "/cd"), defaultCLI = try Self.files(folder + "/clid")
        #expect(defaultC == defaultCLI)

        for bad in [13, -2, 1000] {
            let c = Self.renderFiles([folder + "/src"], folder + "/bad", renderOptions { $0.compression = Int32(bad) })
            let cli = try Self.command(["render", folder + "/src", "-o", folder + "/bad", "--compression=\(bad)"])
            #expect(c.status == RDN_ERROR_INVALID_ARGUMENT && cli.status == 2)
            #expect(c.message == "compression must be between 0 and 12, not \(bad)")
            #expect(cli.error == "--compression must be between 0 and 12, not \(bad)")
        }
        // -1 is C's "not given"; the command line has no such value.
        #expect(
            try Self.command(["render", folder + "/src", "-o", folder + "/bad", "--compression=-1"]).error
                == "--compression must be between 0 and 12, not -1")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad"))
    }

    @Test("format: every output format by name, source-only formats refused as unsupported with the same sentence")
    func format() throws {
        let folder = try Self.source(["lint/animated.png"], "format")
        defer { Repository.remove(folder) }
        for (cFormat, name) in [
            (RDN_FORMAT_PNG, "png"), (RDN_FORMAT_APNG, "apng"), (RDN_FORMAT_GIF, "gif"), (RDN_FORMAT_WEBP, "webp"),
            (RDN_FORMAT_AUTO, "auto"),
        ] {
            let c = Self.renderFiles([folder + "/src"], "\(folder)/c-\(name)", renderOptions { $0.format = cFormat })
            let cli = try Self.command(["render", folder + "/src", "-o", "\(folder)/cli-\(name)", "--format", name])
            #expect(c.status == RDN_OK && cli.status == 0, "\(name): \(c.message ?? "") \(cli.error)")
            let fromC = try Self.files("\(folder)/c-\(name)"), fromCLI = try Self.files("\(folder)/cli-\(name)")
            #expect(fromC == fromCLI, "\(name)")
        }
        for (cFormat, name, sentence) in [
            (
                RDN_FORMAT_JPEG, "jpeg",
                "JPEG output is not supported (JPEG has no transparency); use PNG, APNG, GIF, WebP or WebM"
            ),
            (
                RDN_FORMAT_TGS, "tgs",
                "TGS, Lottie and dotLottie are source formats only; use PNG, APNG, GIF, WebP or WebM"
            ),
            (
                RDN_FORMAT_LOTTIE, "lottie",
                "TGS, Lottie and dotLottie are source formats only; use PNG, APNG, GIF, WebP or WebM"
            ),
            (
                RDN_FORMAT_DOTLOTTIE, "dotlottie",
                "TGS, Lottie and dotLottie are source formats only; use PNG, APNG, GIF, WebP or WebM"
            ),
        ] {
            let c = Self.renderFiles([folder + "/src"], folder + "/bad", renderOptions { $0.format = cFormat })
            let cli = try Self.command(["render", folder + "/src", "-o", folder + "/bad", "--format", name])
            #expect(c.status == RDN_ERROR_UNSUPPORTED && c.message == sentence, "\(name): \(c.message ?? "")")
            #expect(cli.status == 2 && cli.error == sentence, "\(name): \(cli.error)")
        }
    }

    @Test("threads: 0 is one per core on both faces, and the bytes never depend on the count")
    func threads() throws {
        let folder = try Self.source(["stickers/derived/1F601-300.png", "lint/animated.png"], "threads")
        defer { Repository.remove(folder) }
        var outputs: [[String: Data]] = []
        for count in [0, 1, 3] {
            let c = Self.renderFiles(
                [folder + "/src"], "\(folder)/c\(count)", renderOptions { $0.threads = UInt32(count) })
            let cli = try Self.command([
                "render", folder + "/src", "-o", "\(folder)/cli\(count)", "--threads", String(count),
            ])
            #expect(c.status == RDN_OK && cli.status == 0, "\(count): \(c.message ?? "") \(cli.error)")
            outputs += [try Self.files("\(folder)/c\(count)"), try Self.files("\(folder)/cli\(count)")]
        }
        #expect(outputs.allSatisfy { $0 == outputs[0] } && outputs[0].count == 4)
        // C's uint32_t cannot be negative; the command line refuses it (Python too).
        let negative = try Self.command(["render", folder + "/src", "-o", folder + "/bad", "--threads=-1"])
        #expect(negative.status == 2 && negative.error == "--threads must be 0 (one per core) or more, not -1")
    }

    @Test("shard: C's 0-based index and count pick the stickers of `--shard i/n`; an index past the count is refused")
    func shard() throws {
        let derived = [
            "1F337-300.png", "1F354-408.png", "1F3A2-408.png", "1F405-408.png", "1F41D-300.png", "1F601-300.png",
        ]
        let folder = try Self.source(derived.map { "stickers/derived/\($0)" }, "shard")
        defer { Repository.remove(folder) }
        var seen: [String] = []
        for index in 0..<3 {
            let c = Self.renderFiles([folder + "/src"], "\(folder)/c\(index)") {
                $0.shard_index = UInt32(index)
                $0.shard_count = 3
            }
            let cli = try Self.command([
                "render", folder + "/src", "-o", "\(folder)/cli\(index)", "--shard", "\(index + 1)/3",
            ])
            #expect(c.status == RDN_OK && cli.status == 0)
            let files = try Self.files("\(folder)/c\(index)")
            let fromCLI = try Self.files("\(folder)/cli\(index)")
            #expect(files == fromCLI, "shard \(index + 1)/3")
            seen += (c.report["stickers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(seen.sorted() == derived.map { String($0.dropLast(4)) }.sorted(), "disjoint and complete")
        // auto/n is the command line's way to read a job array's index: the same shard.
        let auto = try Self.command(
            ["render", folder + "/src", "-o", folder + "/auto", "--shard", "auto/3"],
            environment: ["JOB_COMPLETION_INDEX": "2"])
        let autoFiles = try Self.files(folder + "/auto"), manualFiles = try Self.files(folder + "/cli2")
        #expect(auto.status == 0 && autoFiles == manualFiles)

        let c = Self.renderFiles([folder + "/src"], folder + "/bad") {
            $0.shard_index = 3
            $0.shard_count = 3
        }
        #expect(c.status == RDN_ERROR_INVALID_ARGUMENT && c.message == "shard_index 3 is not below shard_count 3")
        let cli = try Self.command(["render", folder + "/src", "-o", folder + "/bad", "--shard", "4/3"])
        #expect(cli.status == 2 && cli.error.hasPrefix("--shard must look like i/n with 1 <= i <= n"), "\(cli.error)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad"))
    }

    @Test("force: both faces render up-to-date stickers again")
    func force() throws {
        let folder = try Self.source(["stickers/derived/1F601-300.png"], "force")
        defer { Repository.remove(folder) }
        let first = Self.renderFiles([folder + "/src"], folder + "/c")
        #expect(first.report["rendered"] as? Int == 1)
        #expect(Self.renderFiles([folder + "/src"], folder + "/c").report["skipped"] as? Int == 1)
        #expect(Self.renderFiles([folder + "/src"], folder + "/c") { $0.force = 1 }.report["rendered"] as? Int == 1)
        // The command line, in the same folder: the manifest C wrote is its own.
        let again = try Self.command(["render", folder + "/src", "-o", folder + "/c", "--log", "jsonl"])
        #expect(again.out.contains("\"status\":\"up-to-date\""), "\(again.out)")
        let forced = try Self.command(["render", folder + "/src", "-o", folder + "/c", "--log", "jsonl", "--force"])
        #expect(forced.out.contains("\"status\":\"ok\""), "\(forced.out)")
    }

    @Test("pack platforms: names, lists, case and Apple's aliases alike; unknown names refused with the same list")
    func packPlatforms() throws {
        let folder = try Self.source(["stickers/derived/1F601-300.png"], "platforms")
        defer { Repository.remove(folder) }
        let c = Self.renderPack(folder + "/src", folder + "/c", profile: "Signal,imessage")
        #expect(c.status == RDN_OK, "\(c.message ?? "")")
        let cli = try Self.command(["pack", folder + "/src", "-o", folder + "/cli", "--platform", "Signal,imessage"])
        #expect(cli.status == 0, "\(cli.error)")
        for output in ["c", "cli"] {
            let made = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(output)").filter {
                !$0.hasPrefix(".")
            }
            #expect(Set(made) == ["pack-report.json", "Stickers.xcstickers", "renditions", "signal"], "\(output)")
        }

        let known =
            "apple-messages (or imessage, messages, apple), discord, line, signal, telegram, telegram-emoji, whatsapp, all"
        let badC = Self.renderPack(folder + "/src", folder + "/x", profile: "whatsapp,myspace")
        #expect(badC.status == RDN_ERROR_INVALID_ARGUMENT)
        #expect(badC.message == "unknown profile \"myspace\"; known: \(known)")
        let badCLI = try Self.command(["pack", folder + "/src", "-o", folder + "/x", "--platform", "whatsapp,myspace"])
        #expect(
            badCLI.status == 2
                && badCLI.error == "unknown platform \"myspace\"; known: \(known) (or give --platform-file)")
        // Rendering stickers on their own takes Apple Messages only, under any of its names.
        let imessage = "IMESSAGE".withCString { name in
            var options = renderOptions { $0.profile = name }
            var report: UnsafeMutablePointer<CChar>?
            defer { rdn_string_free(report) }
            return callC { rdn_render_directory(folder + "/src", folder + "/dir", &options, &report, $0) }.status
        }
        #expect(imessage == RDN_OK)
    }

    @Test("lint profile: the same document for an alias, the same sentence for an unknown name")
    func lintProfile() throws {
        let path = "\(Repository.root)/Fixtures/lint/halo-white.png"
        let bytes = try Repository.fixture("lint/halo-white.png")
        let c: (status: rdn_status, message: String?, json: String) = "Messages".withCString { profile in
            var text: UnsafeMutablePointer<CChar>?
            let result = callC { error in
                bytes.withUnsafeBufferPointer {
                    rdn_lint_bytes($0.baseAddress, $0.count, path, profile, &text, error)
                }
            }
            defer { rdn_string_free(text) }
            return (result.status, result.message, text.map { String(cString: $0) } ?? "")
        }
        #expect(c.status == RDN_OK, "\(c.message ?? "")")
        let cli = try run(Self.cli, ["lint", path, "--profile", "Messages", "--json"])
        #expect(cli.status == 0)
        #expect(
            c.json.trimmingCharacters(in: .whitespacesAndNewlines)
                == cli.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(c.json.contains("\"profile\" : \"apple-messages\""))

        let unknown: String? = "myspace".withCString { profile in
            var text: UnsafeMutablePointer<CChar>?
            defer { rdn_string_free(text) }
            return callC { error in
                bytes.withUnsafeBufferPointer { rdn_lint_bytes($0.baseAddress, $0.count, nil, profile, &text, error) }
            }.message
        }
        let cliUnknown = try Self.command(["lint", path, "--profile", "myspace"])
        #expect(cliUnknown.status == 2 && unknown == cliUnknown.error)
        #expect(unknown?.hasPrefix("unknown profile \"myspace\"; known: apple-messages (or imessage") == true)
    }

    @Test("pack lints masters on both faces: the same stickers fail with the same lint findings")
    func packLints() throws {
        let folder = try Self.source(
            ["stickers/derived/1F601-300.png", "lint/opaque.jpg", "lint/white-box.png", "lint/clean.png"], "lint")
        defer { Repository.remove(folder) }
        let c = Self.renderPack(folder + "/src", folder + "/c", profile: nil)
        #expect(c.status == RDN_OK, "\(c.message ?? "")")
        let cli = try Self.command(["pack", folder + "/src", "-o", folder + "/cli"])
        #expect(cli.status == 1, "a master lint rejects fails the command line's pack")
        let cliReport = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/cli/pack-report.json")))
                as? [String: Any])
        func statuses(_ report: [String: Any]) -> [String: String] {
            var result: [String: String] = [:]
            for sticker in report["stickers"] as? [[String: Any]] ?? [] {
                result[sticker["name"] as? String ?? "?"] = sticker["status"] as? String
            }
            return result
        }
        #expect(statuses(c.report) == statuses(cliReport))
        #expect(statuses(c.report)["opaque"] == "failed" && statuses(c.report)["white-box"] == "failed")
        #expect(statuses(c.report)["clean"] == "ok" && statuses(c.report)["1F601-300"] == "ok")
        let opaque = (c.report["stickers"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "opaque" }
        #expect((opaque?["error"] as? String)?.contains("opaque-image") == true, "\(opaque ?? [:])")
    }

    @Test("a sticker's record: the callback's JSON has the command line's jsonl keys, less the progress figures")
    func stickerRecord() throws {
        let folder = try Self.source(["stickers/derived/1F601-300.png"], "record")
        defer { Repository.remove(folder) }
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/src/broken.png"))
        let c = Self.renderFiles([folder + "/src"], folder + "/out")
        let cEntries = c.report["stickers"] as? [[String: Any]] ?? []
        try FileManager.default.removeItem(atPath: folder + "/out")
        let cli = try Self.command(["render", folder + "/src", "-o", folder + "/out", "--log", "jsonl"])
        let lines = cli.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "sticker" }
        #expect(cEntries.count == 2 && lines.count == 2)
        for (entry, line) in zip(cEntries, lines) {
            var stripped = line
            for key in ["event", "done", "total", "rate", "eta_s"] { stripped[key] = nil }
            #expect(NSDictionary(dictionary: entry).isEqual(to: stripped), "C \(entry)\ncommand line \(stripped)")
        }
        #expect(cEntries.map { $0["status"] as? String } == ["ok", "failed"])
        #expect(cEntries[0]["master"] as? [String: Int] == ["width": 300, "height": 300])
    }
}
