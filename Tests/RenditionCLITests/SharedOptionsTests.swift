import Foundation
import RenditionTestSupport
import Testing

/// The options render and pack (and lint and preview, for --threads) share: one definition,
/// so the same help, the same accepted values and the same refusals, word for word.
@Suite("options shared by the commands")
struct SharedOptionsTests {
    /// The help paragraph of `option` in `command --help`: its first line and the lines
    /// indented under it, on one line.
    static func helpParagraph(_ option: String, of command: String) throws -> String {
        let help = try CommandLineTests.run([command, "--help"])
        #expect(help.status == 0)
        let lines = help.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(
            lines.firstIndex {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(option + " ")
                    || $0.trimmingCharacters(in: .whitespaces) == option
                    || $0.trimmingCharacters(in: .whitespaces).hasPrefix(option + "/")
            },
            "\(command) --help has no \(option)")
        var paragraph = [lines[start]]
        for line in lines[(start + 1)...] {
            // Continuation lines are indented past the option column; the next option or a
            // blank line ends the paragraph.
            guard line.hasPrefix("      "), !line.trimmingCharacters(in: .whitespaces).hasPrefix("-") else { break }
            paragraph.append(line)
        }
        return paragraph.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A temporary folder holding `fixtures` (relative to Fixtures/), each under its own name.
    static func folder(_ fixtures: [String], label: String) throws -> String {
        let folder = NSTemporaryDirectory() + "rendition-shared-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
        for fixture in fixtures {
            try FileManager.default.copyItem(
                atPath: Fixtures.path(fixture),
                toPath: folder + "/src/" + URL(fileURLWithPath: fixture).lastPathComponent)
        }
        return folder
    }

    /// The `Error: ...` line a usage error printed.
    static func usageError(_ result: (status: Int32, out: String, err: String)) -> String? {
        guard result.status == 2 else { return nil }
        return result.err.split(separator: "\n").first.map(String.init)
    }

    @Test(
        "render and pack describe each shared option in the same words",
        arguments: ["--compression", "--threads", "--shard", "--limit", "--force", "--log", "--progress", "--quiet"])
    func sameHelp(option: String) throws {
        let render = try Self.helpParagraph(option, of: "render")
        let pack = try Self.helpParagraph(option, of: "pack")
        #expect(render == pack)
        #expect(render.count > option.count + 20, "\(render)")
    }

    @Test("--threads reads the same in render, pack, lint and preview; 0 means one per core")
    func sameThreads() throws {
        let render = try Self.helpParagraph("--threads", of: "render")
        for command in ["lint", "preview"] {
            #expect(try Self.helpParagraph("--threads", of: command) == render, "\(command)")
        }
        #expect(render.contains("0 for one per core"))
        let folder = try Self.folder(["stickers/derived/1F601-300.png"], label: "threads")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CommandLineTests.run(["render", folder + "/src", "-o", folder + "/out", "--threads", "0"])
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/1F601-300@1x.png"))
    }

    @Test(
        "render and pack refuse the same bad values with the same message",
        arguments: [
            (["--compression", "13"], "Error: --compression must be between 0 and 12, not 13"),
            (["--compression=-1"], "Error: --compression must be between 0 and 12, not -1"),
            (["--threads=-2"], "Error: --threads must be 0 (one per core) or more, not -2"),
            (
                ["--shard", "4/3"],
                "Error: --shard must look like i/n with 1 <= i <= n (e.g. 1/4) or auto/n, not \"4/3\""
            ),
            (
                ["--shard", "0/3"],
                "Error: --shard must look like i/n with 1 <= i <= n (e.g. 1/4) or auto/n, not \"0/3\""
            ),
            (
                ["--shard", "auto/x"],
                "Error: --shard must look like i/n with 1 <= i <= n (e.g. 1/4) or auto/n, not \"auto/x\""
            ),
            (["--limit", "frames=0"], "Error: --limit frames=0: the value must be a positive whole number"),
            (
                ["--limit", "colours=3"],
                "Error: --limit colours=3: use KEY=VALUE with KEY one of width, height, pixels, frames, decoded-bytes, input-bytes, scans, document-bytes, draws, drawing-work"
            ),
        ])
    func sameRefusals(arguments: [String], message: String) throws {
        let folder = try Self.folder(["stickers/derived/1F601-300.png"], label: "refuse")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try CommandLineTests.run(["render", folder + "/src", "-o", folder + "/r"] + arguments)
        let pack = try CommandLineTests.run(["pack", folder + "/src", "-o", folder + "/p"] + arguments)
        #expect(Self.usageError(render) == message, "render: \(render.status) \(render.err)")
        #expect(Self.usageError(pack) == message, "pack: \(pack.status) \(pack.err)")
        #expect(
            !FileManager.default.fileExists(atPath: folder + "/r")
                && !FileManager.default.fileExists(atPath: folder + "/p"))
    }

    @Test("render and pack take --shard auto/n from the array job's index, as i/n")
    func autoShard() throws {
        let folder = try Self.folder(
            [
                "stickers/derived/1F337-300.png", "stickers/derived/1F354-408.png", "stickers/derived/1F3A2-408.png",
                "stickers/derived/1F405-408.png", "stickers/derived/1F41D-300.png", "stickers/derived/1F601-300.png",
            ], label: "shard")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let src = folder + "/src"
        let noIndex =
            "Error: --shard auto/n takes the index from JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, SLURM_ARRAY_TASK_ID, and none is set"
        let environment = ["JOB_COMPLETION_INDEX": "", "AWS_BATCH_JOB_ARRAY_INDEX": "", "SLURM_ARRAY_TASK_ID": ""]
        for command in ["render", "pack"] {
            // Without an index variable, auto/n is refused the same way by both.
            let process = Process()
            process.executableURL = CommandLineTests.executable
            process.arguments = [command, src, "-o", folder + "/none", "--shard", "auto/3"]
            process.environment = ProcessInfo.processInfo.environment.filter { environment[$0.key] == nil }
            let err = Pipe()
            process.standardError = err
            process.standardOutput = Pipe()
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2 && text.hasPrefix(noIndex), "\(command): \(text)")
        }
        // Index 1 (0-based) of 3 is shard 2/3.
        var renderedByAuto: Set<String> = []
        for (label, arguments, extra) in [
            ("auto", ["--shard", "auto/3"], ["JOB_COMPLETION_INDEX": "1"]), ("manual", ["--shard", "2/3"], [:]),
        ] {
            let render = try CommandLineTests.run(
                ["render", src, "-o", "\(folder)/render-\(label)", "--log", "jsonl"] + arguments, environment: extra)
            #expect(render.status == 0, "\(render.err)")
            let pack = try CommandLineTests.run(
                ["pack", src, "-o", "\(folder)/pack-\(label)", "--log", "jsonl", "--no-progress"] + arguments,
                environment: extra)
            #expect(pack.status == 0, "\(pack.err)")
            let rendered = Set(
                CommandLineTests.events(render.out).filter { $0["event"] as? String == "sticker" }.compactMap {
                    $0["name"] as? String
                })
            let packed = Set(
                CommandLineTests.events(pack.out).filter { $0["event"] as? String == "sticker" }.compactMap {
                    $0["name"] as? String
                })
            #expect(!rendered.isEmpty && rendered.count < 6, "\(label): \(rendered)")
            #expect(rendered == packed, "\(label): render \(rendered), pack \(packed)")
            if label == "auto" { renderedByAuto = rendered } else { #expect(rendered == renderedByAuto) }
        }
    }

    @Test("pack takes --limit: a master over a limit fails with the setting to raise, as in render")
    func packLimit() throws {
        let folder = try Self.folder(["lint/animated.png", "stickers/derived/1F601-300.png"], label: "limit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pack = try CommandLineTests.run([
            "pack", folder + "/src", "-o", folder + "/p", "--limit", "frames=2", "--log", "jsonl", "--no-progress",
        ])
        #expect(pack.status == 1, "\(pack.out) \(pack.err)")
        let stickers = CommandLineTests.events(pack.out).filter { $0["event"] as? String == "sticker" }
        let animated = try #require(stickers.first { $0["name"] as? String == "animated" })
        #expect(animated["status"] as? String == "failed")
        #expect(
            (animated["error"] as? String)?.contains("3 frames is over the frames limit of 2") == true, "\(animated)")
        #expect(stickers.first { $0["name"] as? String == "1F601-300" }?["status"] as? String == "ok")
        let render = try CommandLineTests.run([
            "render", folder + "/src", "-o", folder + "/r", "--limit", "frames=2", "--log", "jsonl",
        ])
        let failed = CommandLineTests.events(render.out).first { $0["name"] as? String == "animated" }
        #expect(
            (failed?["error"] as? String)?.contains("3 frames is over the frames limit of 2") == true, "\(render.out)")
        // Raised past the master's frames, it is packed.
        let raised = try CommandLineTests.run([
            "pack", folder + "/src", "-o", folder + "/p2", "--limit", "frames=3", "--no-progress",
        ])
        #expect(raised.status == 0, "\(raised.err)")
    }

    @Test("--format is checked by the shared settings: case ignored, source-only formats refused as the library does")
    func format() throws {
        let folder = try Self.folder(["stickers/derived/1F601-300.png"], label: "format")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let webp = try CommandLineTests.run(["render", folder + "/src", "-o", folder + "/w", "--format", "WebP"])
        #expect(webp.status == 0, "\(webp.err)")
        #expect(FileManager.default.fileExists(atPath: folder + "/w/1F601-300@2x.webp"))
        for (name, message) in [
            (
                "jpeg",
                "Error: JPEG output is not supported (JPEG has no transparency); use PNG, APNG, GIF, WebP or WebM"
            ),
            ("tgs", "Error: TGS, Lottie and dotLottie are source formats only; use PNG, APNG, GIF, WebP or WebM"),
            ("bmp", "Error: unknown format \"bmp\"; known: auto, png, apng, gif, webp, webm"),
        ] {
            let result = try CommandLineTests.run(["render", folder + "/src", "-o", folder + "/x", "--format", name])
            #expect(Self.usageError(result) == message, "\(name): \(result.err)")
        }
    }

    @Test("profile and platform names: case ignored, Apple Messages aliases, unknown names listed the same way")
    func names() throws {
        for name in ["imessage", "Apple", "APPLE-MESSAGES", "messages"] {
            let lint = try CommandLineTests.run(["lint", Fixtures.path("lint/clean.png"), "--profile", name, "--json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(lint.out.utf8)) as? [String: Any], "\(name): \(lint.err)")
            #expect(lint.status == 0 && document["profile"] as? String == "apple-messages", "\(name)")
        }
        let folder = try Self.folder(["stickers/derived/1F601-300.png"], label: "names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pack = try CommandLineTests.run([
            "pack", folder + "/src", "-o", folder + "/p", "--platform", "Signal,imessage", "--no-progress",
        ])
        #expect(pack.status == 0, "\(pack.err)")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder + "/p").filter { !$0.hasPrefix(".") }
        #expect(Set(made) == ["Stickers.xcstickers", "renditions", "signal", "pack-report.json"], "\(made)")
        let known =
            "apple-messages (or imessage, messages, apple), discord, line, signal, telegram, telegram-emoji, whatsapp"
        let lint = try CommandLineTests.run(["lint", Fixtures.path("lint/clean.png"), "--profile", "myspace"])
        #expect(Self.usageError(lint) == "Error: unknown profile \"myspace\"; known: \(known)", "\(lint.err)")
        let unknown = try CommandLineTests.run(["pack", folder + "/src", "-o", folder + "/q", "--platform", "myspace"])
        #expect(
            Self.usageError(unknown)
                == "Error: unknown platform \"myspace\"; known: \(known), all (or give --platform-file)",
            "\(unknown.err)")
    }

    @Test("render's jsonl sticker lines carry exactly the documented keys, failed stickers included")
    func jsonlKeys() throws {
        let folder = try Self.folder(["stickers/derived/1F601-300.png"], label: "jsonl")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/src/broken.png"))
        let result = try CommandLineTests.run(["render", folder + "/src", "-o", folder + "/out", "--log", "jsonl"])
        #expect(result.status == 1)
        let stickers = CommandLineTests.events(result.out).filter { $0["event"] as? String == "sticker" }
        let ok = try #require(stickers.first { $0["status"] as? String == "ok" })
        let failed = try #require(stickers.first { $0["status"] as? String == "failed" })
        let progress: Set<String> = ["done", "eta_s", "event", "rate", "total"]
        #expect(Set(ok.keys) == progress.union(["input", "master", "name", "outputs", "status"]))
        #expect(Set(failed.keys) == progress.union(["error", "input", "name", "outputs", "status"]))
        #expect((failed["outputs"] as? [Any])?.isEmpty == true)
        #expect((failed["error"] as? String)?.contains("unknown signature") == true)
        let master = try #require(ok["master"] as? [String: Int])
        #expect(master == ["width": 300, "height": 300])
        let outputs = try #require(ok["outputs"] as? [[String: Any]])
        #expect(
            outputs.map { Set($0.keys) } == Array(repeating: ["bytes", "height", "path", "scale", "width"], count: 2))
        #expect(outputs.map { $0["scale"] as? Int } == [2, 1] && outputs.map { $0["width"] as? Int } == [200, 100])
        // A line is one JSON object with sorted keys and slashes left as they are.
        let line = try #require(result.out.split(separator: "\n").first { $0.contains("\"status\":\"ok\"") })
        #expect(line.hasPrefix("{\"done\":") && line.contains(folder + "/out/1F601-300@2x.png"), "\(line)")
    }
}
