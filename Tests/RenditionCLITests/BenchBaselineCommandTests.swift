import Foundation
import RenditionTestSupport
import Testing

/// `rendition bench … --save-baseline` and `--compare` as a user runs them. Times are never
/// asserted: the baselines compared against are doctored far beyond any timing noise.
@Suite("rendition bench baselines")
struct BenchBaselineCommandTests {
    static let files = [
        Fixtures.path("stickers/derived/1F601-300.png"), Fixtures.path("stickers/derived/1F337-300.png"),
    ]
    static let quick = ["--iterations", "3", "--warmup", "0"]

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "rendition-baseline-" + UUID().uuidString + "-" + name
    }

    /// Saves a `bench resize` baseline of `files` and returns its path and JSON object.
    static func saveBaseline() throws -> (path: String, object: [String: Any]) {
        let path = temporaryPath("baseline.json")
        let result = try CommandLineTests.run(["bench", "resize"] + files + quick + ["--save-baseline", path])
        #expect(result.status == 0, "stderr: \(result.err)")
        #expect(
            result.out.contains("resize: 2 file(s), 3 iterations")
                && result.out.contains("saved 3 benchmark(s) to \(path)"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (path, object)
    }

    /// Writes `object` with every time multiplied by `factor` (and `edit` applied) to a new file.
    static func doctored(_ object: [String: Any], factor: Double, edit: (inout [String: Any]) -> Void = { _ in }) throws
        -> String
    {
        var copy = object
        copy["benchmarks"] = (object["benchmarks"] as! [[String: Any]]).map { entry in
            var entry = entry
            for key in ["p50_us", "p90_us", "p99_us", "min_us", "max_us"] {
                entry[key] = (entry[key] as! Double) * factor
            }
            return entry
        }
        edit(&copy)
        let path = temporaryPath("doctored.json")
        try JSONSerialization.data(withJSONObject: copy).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("--save-baseline writes each benchmark's percentiles and the machine")
    func save() throws {
        let (_, object) = try Self.saveBaseline()
        #expect(object["schema"] as? String == "rendition-bench-baseline/1")
        #expect((object["created"] as? String)?.hasSuffix("Z") == true)
        let machine = try #require(object["machine"] as? [String: Any])
        #expect(!(machine["cpu"] as? String ?? "").isEmpty && (machine["cores"] as? Int ?? 0) >= 1)
        #expect(
            machine["rendition_version"] as? String
                == (try CommandLineTests.run(["--version"])).out.trimmingCharacters(in: .whitespacesAndNewlines))
        let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.map { $0["input"] as? String } == Self.files + ["all 2 files"])
        let sizes = try Self.files.map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as! Int }
        #expect(benchmarks.map { $0["input_bytes"] as? Int } == sizes + [sizes.reduce(0, +)])
        for entry in benchmarks {
            #expect(
                entry["benchmark"] as? String == "resize" && entry["options"] as? [String: String] == ["threads": "1"])
            #expect(entry["samples"] as? Int == 3)
            let values = ["min_us", "p50_us", "p90_us", "p99_us", "max_us"].compactMap { entry[$0] as? Double }
            #expect(values.count == 5 && values[0] > 0 && values == values.sorted(), "\(entry)")
        }
    }

    @Test(
        "every bench subcommand saves a baseline named by its options",
        arguments: [
            (["pipeline", "--compression", "3"], ["compression": "3", "threads": "1"]),
            (["lint", "--threads", "2"], ["threads": "2"]),
            (["animated", "--format", "gif"], ["compression": "5", "format": "gif", "threads": "1"]),
        ])
    func everySubcommand(arguments: [String], options: [String: String]) throws {
        let path = Self.temporaryPath("baseline.json")
        let input = arguments[0] == "animated" ? Fixtures.path("lint/animated.png") : Self.files[0]
        let result = try CommandLineTests.run(
            ["bench", arguments[0], input] + arguments.dropFirst() + Self.quick + ["--save-baseline", path, "--json"])
        #expect(result.status == 0, "stderr: \(result.err)")
        // stdout stays one JSON object
        #expect(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) is [String: Any])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.count == 1)
        #expect(
            benchmarks.first?["benchmark"] as? String == arguments[0] && benchmarks.first?["input"] as? String == input)
        #expect(benchmarks.first?["options"] as? [String: String] == options)
    }

    @Test("--compare with a baseline claiming much faster times exits 3 and names the regressions")
    func regression() throws {
        let (_, object) = try Self.saveBaseline()
        let path = try Self.doctored(object, factor: 1e-6) { file in
            var machine = file["machine"] as! [String: Any]
            machine["cpu"] = "Imaginary CPU 9000"
            file["machine"] = machine
            var benchmarks = file["benchmarks"] as! [[String: Any]]
            var gone = benchmarks[0]
            gone["input"] = "gone.png"
            benchmarks.append(gone)
            file["benchmarks"] = benchmarks
        }
        let result = try CommandLineTests.run(["bench", "resize"] + Self.files + Self.quick + ["--compare", path])
        #expect(result.status == 3, "stderr: \(result.err)")
        #expect(result.out.contains("resize: 2 file(s), 3 iterations"))  // the run's own report comes first
        let lines = result.out.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("benchmark ") })
        #expect(
            lines[header].range(
                of: #"^benchmark +baseline p50 µs +current p50 µs +p50 change +p90 change +verdict$"#,
                options: .regularExpression) != nil)
        for (offset, input) in (Self.files + ["all 2 files"]).enumerated() {
            #expect(
                lines[header + 1 + offset].hasPrefix("resize \(input) ")
                    && lines[header + 1 + offset].hasSuffix(" REGRESSION"))
        }
        #expect(lines.contains("missing from this run: resize gone.png (threads=1)"))
        #expect(lines.last == "regression: 3 of 3 benchmark(s) more than 10% slower than the baseline at p50")
        #expect(
            result.err.contains(
                "warning: \(path) was recorded on another machine: the processor differs (Imaginary CPU 9000, here "))

        let json = try CommandLineTests.run(
            ["bench", "resize"] + Self.files + Self.quick + ["--compare", path, "--json", "--gate", "p90"])
        #expect(json.status == 3, "stderr: \(json.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "rendition-bench-compare/1" && document["gate"] as? String == "p90")
        #expect(
            document["passed"] as? Bool == false && document["regressions"] as? Int == 3
                && document["tolerance_percent"] as? Double == 10)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["verdict"] as? String } == ["regression", "regression", "regression"])
        #expect(results.allSatisfy { (($0["change_percent"] as? [String: Any])?["p90"] as? Double ?? 0) > 1000 })
        #expect((document["missing"] as? [[String: Any]])?.map { $0["input"] as? String } == ["gone.png"])
        #expect((document["machine_differences"] as? [String])?.count == 1)
    }

    @Test("a baseline of relative paths matches the same files given by absolute paths: by content, not path")
    func matchedByContent() throws {
        let folder = try TemporaryFolder.make("rendition-baseline-paths")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, name) in zip(Self.files, ["a.png", "b.png"]) {
            try FileManager.default.copyItem(atPath: file, toPath: "\(folder)/\(name)")
        }
        let saved = try CommandLineTests.run(
            ["bench", "resize", "a.png", "b.png"] + Self.quick + ["--save-baseline", "baseline.json"], in: folder)
        #expect(saved.status == 0, "stderr: \(saved.err)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/baseline.json")))
                as? [String: Any])
        let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.map { $0["input"] as? String } == ["a.png", "b.png", "all 2 files"])
        #expect(benchmarks.allSatisfy { ($0["input_sha256"] as? String)?.count == 64 }, "\(benchmarks)")
        let path = try Self.doctored(object, factor: 1)
        let result = try CommandLineTests.run(
            ["bench", "resize", "\(folder)/a.png", "\(folder)/b.png"] + Self.quick
                + ["--compare", path, "--tolerance", "100000000%", "--json"])
        #expect(result.status == 0, "stderr: \(result.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["input"] as? String } == ["\(folder)/a.png", "\(folder)/b.png", "all 2 files"])
        #expect(results.allSatisfy { $0["input_changed"] as? Bool == false })
        #expect((document["missing"] as? [Any])?.isEmpty == true && (document["new"] as? [Any])?.isEmpty == true)
    }

    @Test("a generous --tolerance passes the same comparison with exit status 0")
    func generousTolerance() throws {
        let (_, object) = try Self.saveBaseline()
        let path = try Self.doctored(object, factor: 0.01)
        let strict = try CommandLineTests.run(["bench", "resize"] + Self.files + Self.quick + ["--compare", path])
        #expect(strict.status == 3, "stderr: \(strict.err)")
        let result = try CommandLineTests.run(
            ["bench", "resize"] + Self.files + Self.quick + ["--compare", path, "--tolerance", "100000000%"])
        #expect(result.status == 0, "stderr: \(result.err)")
        #expect(result.out.contains("ok: 3 benchmark(s) within 100000000% of the baseline at p50"))
        #expect(!result.out.contains("REGRESSION") && result.err.isEmpty)  // the same machine: no warning
    }

    @Test(
        "an unreadable or malformed baseline is a run-time failure (exit 1) that says what is wrong",
        arguments: [
            ("not json at all", "is not a rendition bench baseline: the file is not valid JSON"),
            (
                #"{"schema": "rendition-bench-baseline/1", "machine": {}}"#,
                "is not a rendition bench baseline: missing \"created\""
            ),
            (#"{"schema": "rendition-bench-baseline/7"}"#, "is a baseline of schema \"rendition-bench-baseline/7\""),
            ("", "is not a rendition bench baseline: the file is not valid JSON"),
            (nil, "could not read the baseline"),
        ] as [(String?, String)])
    func malformed(contents: String?, message: String) throws {
        let path = Self.temporaryPath("bad.json")
        if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) }
        let result = try CommandLineTests.run([
            "bench", "resize", Self.files[0], "--iterations", "1", "--warmup", "0", "--compare", path,
        ])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("error: ") && result.err.contains(message), "stderr: \(result.err)")
        #expect(result.out.isEmpty)  // refused before anything was timed
    }

    @Test("comparing with a baseline of other benchmarks is a failure, not a pass")
    func nothingInCommon() throws {
        let (path, _) = try Self.saveBaseline()
        let result = try CommandLineTests.run(["bench", "lint"] + Self.files + Self.quick + ["--compare", path])
        #expect(result.status == 1, "stderr: \(result.err)")
        #expect(result.out.contains("not in the baseline: lint all 2 files (threads=1)"))
        #expect(result.out.contains("missing from this run: resize all 2 files (threads=1)"))
        #expect(result.err.contains("error: no benchmark of this run is in \(path)"))
    }

    @Test(
        "gate options without --compare, or with bad values, are bad usage (exit 2)",
        arguments: [
            (["--tolerance", "15%"], "--tolerance needs --compare FILE"),
            (["--gate", "p90"], "--gate needs --compare FILE"),
            (["--compare", "b.json", "--tolerance", "fast"], "--tolerance"),
            (["--compare", "b.json", "--gate", "p42"], "--gate"),
        ])
    func usage(arguments: [String], message: String) throws {
        let result = try CommandLineTests.run(["bench", "resize", Self.files[0]] + arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "stderr: \(result.err)")
    }
}
