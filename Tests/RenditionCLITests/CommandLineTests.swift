import Foundation
import RenditionCodecs
import RenditionTestSupport
import Testing

/// Runs the built `rendition` executable, as a user would.
@Suite("rendition command line")
struct CommandLineTests {
    static var executable: URL { BuiltTool.rendition }

    /// Runs `rendition` with `arguments` (and `environment` added to the test's own), in
    /// `directory` when given; records an issue when the process ends by a signal rather than
    /// an exit status.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws
        -> (status: Int32, out: String, err: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "rendition died of signal \(process.terminationStatus)")
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    /// The JSON objects of `--log jsonl` output.
    static func events(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// `rendition render INPUT -o FOLDER/out --threads 1 --log jsonl`: its exit status, and
    /// the sticker's and the summary's events.
    static func renderAlone(_ input: String, in folder: String) throws -> (
        status: Int32, sticker: [String: Any], summary: [String: Any], peakBytes: Int
    ) {
        let result = try run(["render", input, "-o", folder + "/out", "--threads", "1", "--log", "jsonl"])
        let events = events(result.out)
        let sticker = try #require(events.first { $0["event"] as? String == "sticker" }, "stdout: \(result.out)")
        let summary = try #require(events.first { $0["event"] as? String == "summary" }, "stdout: \(result.out)")
        let peakBytes = try #require(summary["peak_rss_bytes"] as? Int)
        return (result.status, sticker, summary, peakBytes)
    }

    @Test("render prints one line per sticker and exits 0")
    func renderSuccess() throws {
        let output = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        let result = try Self.run([
            "render", Fixtures.path("stickers/openmoji-618/1F195.png"), Fixtures.path("stickers/derived"),
            "-o", output, "--include-3x", "--threads", "2", "--log", "human",
        ])
        #expect(result.status == 0, "stderr: \(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 8)  // 7 stickers and the summary
        #expect(lines[0].hasPrefix("1F195  618x618 -> @3x 618x618 ("))
        #expect(lines[0].contains("@2x 412x412") && lines[0].contains("@1x 206x206"))
        #expect(lines.last!.hasPrefix("7 of 7 stickers rendered"))
        #expect(FileManager.default.fileExists(atPath: output + "/1F601-300@1x.png"))
        #expect(FileManager.default.fileExists(atPath: output + "/1F195@3x.png"))
    }

    @Test("a bad input is reported on stderr, the others are rendered, and the exit status is 1")
    func renderFailure() throws {
        let output = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        let result = try Self.run([
            "render", Fixtures.path("pngsuite/xcsn0g01.png"), Fixtures.path("stickers/derived/1F601-300.png"), "-o",
            output, "--log", "human",
        ])
        #expect(result.status == 1)
        #expect(result.err.contains("xcsn0g01.png: corrupt PNG data"))
        #expect(result.out.contains("1F601-300  300x300 -> @2x 200x200"))
        #expect(result.out.contains("1 of 2 stickers rendered") && result.out.contains("1 failed"))
        #expect(!FileManager.default.fileExists(atPath: output + "/xcsn0g01@2x.png"))
    }

    @Test("when piped, render prints JSON lines; a second run reports stickers as up to date")
    func jsonLines() throws {
        let output = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        let arguments = [
            "render", Fixtures.path("stickers/derived"), Fixtures.path("pngsuite/xs1n0g01.png"), "-o", output,
        ]
        let first = try Self.run(arguments)
        #expect(first.status == 1)
        let lines = first.out.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 8 && lines.allSatisfy { $0 != nil })
        let stickers = lines.compactMap { $0 }.filter { $0["event"] as? String == "sticker" }
        #expect(stickers.count == 7)
        #expect(stickers.filter { $0["status"] as? String == "ok" }.count == 6)
        #expect(
            stickers.contains {
                $0["status"] as? String == "failed" && ($0["error"] as? String ?? "").contains("bad PNG signature")
            })
        let summary = try #require(lines.last!)
        #expect(
            summary["event"] as? String == "summary" && summary["failed"] as? Int == 1
                && summary["rendered"] as? Int == 6)

        let second = try Self.run(arguments)
        let again = second.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(again.filter { $0["status"] as? String == "up-to-date" }.count == 6)
        let forced = try Self.run(arguments + ["--force", "--log", "human", "--shard", "1/1"])
        #expect(forced.out.contains("6 of 7 stickers rendered") && !forced.out.contains("up to date"))
    }

    @Test("--help explains every option; bad usage exits with a message")
    func helpAndUsage() throws {
        let help = try Self.run(["render", "--help"])
        #expect(help.status == 0)
        for option in [
            "--output", "--include-3x", "--compression", "--threads", "--quiet", "--shard", "--force", "--log",
            "--progress",
        ] { #expect(help.out.contains(option)) }
        let bad = try Self.run(["render", "/no/such/file.png", "-o", NSTemporaryDirectory()])
        #expect(bad.status != 0 && bad.err.contains("/no/such/file.png"))
        let badLevel = try Self.run([
            "render", Fixtures.path("stickers/derived"), "-o", NSTemporaryDirectory(), "--compression", "13",
        ])
        #expect(badLevel.status != 0 && badLevel.err.contains("--compression"))
    }

    @Test("bench pipeline --json reports the median and the PNG bytes that render writes")
    func benchPipelineJSON() throws {
        let files = [Fixtures.path("stickers/openmoji-618/1F195.png"), Fixtures.path("stickers/derived/1F601-300.png")]
        let bench = try Self.run(["bench", "pipeline"] + files + ["--iterations", "2", "--warmup", "0", "--json"])
        #expect(bench.status == 0, "stderr: \(bench.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bench.out.utf8)) as? [String: Any])
        #expect(object["benchmark"] as? String == "pipeline")
        #expect((object["median_us"] as? Double ?? 0) > 0)
        #expect(object["iterations"] as? Int == 2 && object["files"] as? Int == 2 && object["threads"] as? Int == 1)
        // The bytes reported are those of the files `render` writes for the same inputs.
        let output = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        let render = try Self.run(["render"] + files + ["-o", output, "--quiet"])
        #expect(render.status == 0, "stderr: \(render.err)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 4)
        let written = try pngs.reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: output + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(written > 0)
        #expect(object["output_bytes"] as? Int == written)
        let perFile = try #require(object["per_file"] as? [[String: Any]])
        #expect(perFile.count == 2)
        #expect(perFile.compactMap { $0["output_bytes"] as? Int }.reduce(0, +) == written)
    }

    @Test("bench animated --json reports the bytes and frames that render writes, the same on 1 and 2 threads")
    func benchAnimatedJSON() throws {
        let files = [Fixtures.path("lint/animated.png"), Fixtures.path("gif/pillow/dispose_bgnd.gif")]
        let output = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        let render = try Self.run(["render"] + files + ["-o", output, "--quiet", "--log", "human"])
        #expect(render.status == 0, "stderr: \(render.err)")
        var written: [Int] = []
        var frames: [[Int]] = []
        for (stem, ext) in [("animated", "png"), ("dispose_bgnd", "gif")] {
            let renditions = try ["@2x", "@1x"].map {
                try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(stem)\($0).\(ext)"))
            }
            written.append(renditions.reduce(0) { $0 + $1.count })
            frames.append(try renditions.map { try ImageDecoder.decodeAnimation([UInt8]($0)).frames.count })
        }
        #expect(frames == [[3, 3], [5, 5]])  // the fixtures' frame counts: every frame differs
        for threads in ["1", "2"] {
            let bench = try Self.run(
                ["bench", "animated"] + files + ["--iterations", "2", "--warmup", "0", "--threads", threads, "--json"])
            #expect(bench.status == 0, "stderr: \(bench.err)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(bench.out.utf8)) as? [String: Any])
            #expect(object["benchmark"] as? String == "animated" && object["threads"] as? Int == Int(threads))
            #expect(object["iterations"] as? Int == 2 && object["files"] as? Int == 2)
            #expect((object["median_us"] as? Double ?? 0) > 0 && (object["cpu_median_us"] as? Double ?? 0) > 0)
            #expect(object["output_bytes"] as? Int == written.reduce(0, +))
            let perFile = try #require(object["per_file"] as? [[String: Any]])
            #expect(perFile.compactMap { $0["output_bytes"] as? Int } == written)
            #expect(perFile.compactMap { $0["frames"] as? [Int] } == frames)
            #expect(perFile.compactMap { $0["extension"] as? String } == ["png", "gif"])
        }
    }

    @Test("bench resize --json with 2 threads reports throughput")
    func benchResizeThreads() throws {
        let bench = try Self.run([
            "bench", "resize", Fixtures.path("stickers/derived/1F601-300.png"),
            "--iterations", "2", "--warmup", "0", "--threads", "2", "--json",
        ])
        #expect(bench.status == 0, "stderr: \(bench.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bench.out.utf8)) as? [String: Any])
        #expect(object["benchmark"] as? String == "resize" && object["threads"] as? Int == 2)
        let median = try #require(object["median_us"] as? Double)
        let rate = try #require(object["stickers_per_second"] as? Double)
        #expect(median > 0 && abs(rate * median - 1e6) < 1)
        #expect(object["output_bytes"] == nil)
    }

    @Test("render of a track-matted Lottie draws it with current rlottie; the fallback 0.1 refuses it, naming itself")
    func trackMattedLottie() throws {
        let folder = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Fixtures.path("lottie/lottie-android/MattWithParentAlpha.json")
        let drawn = try Self.renderAlone(input, in: folder + "/current")
        #expect(drawn.status == 0 && drawn.sticker["status"] as? String == "ok", "\(drawn.sticker)")
        #expect(((drawn.sticker["warnings"] as? [String]) ?? []).isEmpty, "\(drawn.sticker)")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder + "/current/out")
        #expect(made.filter { $0.hasPrefix("MattWithParentAlpha@") }.count == 2, "\(made)")

        // Debian's rlottie 0.1, chosen with RENDITION_RLOTTIE, draws every frame empty.
        let result = try Self.run(
            ["render", input, "-o", folder + "/old/out", "--threads", "1", "--log", "jsonl"],
            environment: ["RENDITION_RLOTTIE": "librlottie.so.0-1"])
        #expect(result.status == 1)
        let sticker = try #require(Self.events(result.out).first { $0["event"] as? String == "sticker" })
        #expect(sticker["status"] as? String == "failed")
        let error = try #require(sticker["error"] as? String)
        #expect(
            error.contains("blank") && error.contains("rlottie 0.1 (RENDITION_RLOTTIE, librlottie.so.0-1)")
                && error.contains("pip install rlottie-python") && error.contains("LOTTIE-FIDELITY.md"), "\(error)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/old/out")) ?? []
        #expect(!written.contains { $0.hasPrefix("MattWithParentAlpha") }, "\(written)")
    }

    @Test("a Lottie drawn by the fallback rlottie 0.1 renders with a warning naming it")
    func fallbackRendererWarns() throws {
        let folder = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(
            [
                "render", Fixtures.path("lottie/lottie-android/ShapeTypes.json"), "-o", folder + "/out", "--threads",
                "1", "--log", "jsonl",
            ], environment: ["RENDITION_RLOTTIE": "librlottie.so.0-1"])
        #expect(result.status == 0, "\(result.err)")
        let sticker = try #require(Self.events(result.out).first { $0["event"] as? String == "sticker" })
        let warnings = try #require(sticker["warnings"] as? [String])
        #expect(
            warnings.count == 1 && warnings[0].hasPrefix("drawn by rlottie 0.1 (RENDITION_RLOTTIE, librlottie.so.0-1)"))
    }

    @Test("RENDITION_RLOTTIE naming a file that is not rlottie fails the Lottie with that reason, not another renderer")
    func unusableSetting() throws {
        let folder = NSTemporaryDirectory() + "rendition-cli-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(
            [
                "render", Fixtures.path("lottie/lottie-android/ShapeTypes.json"),
                Fixtures.path("stickers/derived/1F601-300.png"), "-o", folder + "/out", "--threads", "1", "--log",
                "jsonl",
            ], environment: ["RENDITION_RLOTTIE": "libz.so.1"])
        #expect(result.status == 1)
        let stickers = Self.events(result.out).filter { $0["event"] as? String == "sticker" }
        #expect(stickers.map { $0["status"] as? String } == ["failed", "ok"])
        let error = try #require(stickers.first?["error"] as? String)
        #expect(
            error.contains("RENDITION_RLOTTIE names libz.so.1") && error.contains("not rlottie's C API"), "\(error)")
    }
}
