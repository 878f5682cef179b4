import Foundation
import RenditionTestSupport
import Testing

/// `rendition lint` as a user runs it: output, JSON schema, exit codes, fixes on disk.
@Suite("rendition lint")
struct LintCommandTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CommandLineTests.run(arguments)
    }

    @Test("human output: one block per file, the summary, exit 1 when a file has an error")
    func human() throws {
        let result = try Self.run([
            "lint", Fixtures.path("lint/clean.png"), Fixtures.path("lint/canvas-299.png"), "--threads", "2",
        ])
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("clean.png  PNG  408x408 (regular)  12.3 KB  ok"))
        #expect(lines[1].hasSuffix("canvas-299.png  PNG  299x299  9.2 KB"))
        #expect(
            lines[2].hasPrefix(
                "  error canvas-too-small: 299x299 px is smaller than Apple Messages's minimum of 300 px"))
        #expect(lines.last == "2 files: 1 error, 0 warnings, 0 infos (1 file with errors)")
        let clean = try Self.run(["lint", Fixtures.path("lint/clean.png"), Fixtures.path("lint/small-art.png")])
        #expect(clean.status == 0)  // warnings and infos do not fail
    }

    @Test("--json prints the documented document")
    func json() throws {
        let result = try Self.run([
            "lint", "--json", Fixtures.path("lint/halo-white.png"), Fixtures.path("lint/animated.png"),
        ])
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
        #expect(document["schema"] as? String == "rendition-lint/1")
        #expect(document["profile"] as? String == "apple-messages" && document["maximum_bytes"] as? Int == 500_000)
        let summary = document["summary"] as! [String: Int]
        #expect(summary == ["files": 2, "errors": 0, "warnings": 2, "infos": 0])
        let files = document["files"] as! [[String: Any]]
        #expect(files.count == 2)
        let halo = files[0]
        for key in [
            "path", "format", "animated", "width", "height", "frames", "bytes", "size_class", "findings",
            "measurements",
        ] {
            #expect(halo[key] != nil, "missing \(key)")
        }
        let finding = (halo["findings"] as! [[String: Any]])[0]
        #expect(finding["code"] as? String == "matte-halo" && finding["severity"] as? String == "warning")
        #expect((finding["message"] as? String)?.contains("light halo") == true)
        let values = finding["values"] as! [String: Any]
        #expect(values["kind"] as? String == "light" && values["fringe_fraction"] is Double)
        let measurements = halo["measurements"] as! [String: Any]
        #expect(measurements["bounds"] as? [Int] != nil && measurements["edge_softness"] as? String == "antialiased")
        #expect(
            (measurements["visibility"] as! [[String: Any]]).map { $0["background"] as! String }
                == ["white", "black", "red", "yellow", "multicolor", "photo"])
        let animated = files[1]
        #expect(
            animated["format"] as? String == "apng" && animated["duration_ms"] as? Double == 350
                && animated["loop_count"] as? Int == 0)
        #expect(((animated["findings"] as! [[String: Any]])[0])["frame"] as? Int == 1)
    }

    @Test(
        "bad usage exits with 2 and says what is wrong",
        arguments: [
            (["lint"], "give at least one file"),
            (["lint", "x.png", "--fix", "trim"], "--fix needs an output folder"),
            (["lint", "x.png", "--fix", "shrink", "-o", "/tmp"], "unknown fix 'shrink'"),
            (["lint", "x.png", "--fix", "pad", "-o", "/tmp", "--in-place"], "either -o or --in-place"),
            (["lint", "x.png", "--profile", "myspace"], "unknown profile \"myspace\"; known: apple-messages"),
            (["lint", "x.png", "--max-bytes", "0"], "--max-bytes must be positive"),
            (["lint", "x.png", "--frobnicate"], "Unknown option"),
        ])
    func usage(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "stderr: \(result.err)")
    }

    @Test("--max-bytes changes the limit; --list-codes lists every code")
    func options() throws {
        let tight = try Self.run(["lint", Fixtures.path("lint/clean.png"), "--max-bytes", "10000"])
        #expect(
            tight.status == 1
                && tight.out.contains("file-too-large: 12,252 bytes is over Apple Messages's limit of 10,000 bytes"))
        let codes = try Self.run(["lint", "--list-codes"])
        #expect(codes.status == 0 && codes.out.split(separator: "\n").count == 26)
        #expect(
            codes.out.contains("matte-halo") && codes.out.contains("warning") && codes.out.contains("codec-not-allowed")
        )
    }

    @Test("--fix writes fixed PNGs to -o and lints them again; --in-place replaces the input")
    func fix() throws {
        let folder = NSTemporaryDirectory() + "rendition-lint-" + UUID().uuidString
        let result = try Self.run([
            "lint", Fixtures.path("lint/halo-white.png"), Fixtures.path("lint/non-square.png"),
            "--fix", "unmatte,pad", "-o", folder,
        ])
        #expect(result.status == 0, "every fix succeeded and the fixed files have no findings: \(result.out)")
        #expect(result.out.contains("fixed \(Fixtures.path("lint/halo-white.png")) -> \(folder)/halo-white.png"))
        #expect(result.out.contains("  unmatte: matte #fffffe taken out of"))
        #expect(result.out.contains("  pad: 408x300 -> 408x408"))
        #expect(result.out.components(separatedBy: "  now: no findings").count == 3)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "halo-white.png", "non-square.png",
            ])

        let copy = folder + "/copy.png"
        try FileManager.default.copyItem(atPath: Fixtures.path("lint/touching-edge.png"), toPath: copy)
        let inPlace = try Self.run(["lint", copy, "--fix", "pad", "--in-place"])
        #expect(inPlace.status == 0)
        let after = try Self.run(["lint", copy])
        #expect(after.status == 0 && after.out.contains("432x432") && after.out.contains("ok"))
    }

    @Test("--fix: the summary counts the fixed files and says what was fixed; the exit status agrees")
    func fixSummaryAgreesWithStatus() throws {
        let folder = NSTemporaryDirectory() + "rendition-lint-summary-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 299 px: one error, canvas-too-small, which pad repairs.
        let repaired = try Self.run(["lint", Fixtures.path("lint/canvas-299.png"), "--fix", "pad", "-o", folder])
        let repairedLines = repaired.out.split(separator: "\n").map(String.init)
        #expect(repairedLines.contains { $0.hasPrefix("  error canvas-too-small:") })
        #expect(repaired.out.contains("  now: no findings"))
        #expect(repairedLines.last == "1 file after fixes: 0 errors, 0 warnings, 0 infos; fixed: 1 error")
        #expect(repaired.status == 0, "\(repaired.out)")

        // 620 px: canvas-too-large, which pad does not repair: the error stays, and so does exit 1.
        let kept = try Self.run(["lint", Fixtures.path("lint/canvas-620.png"), "--fix", "pad", "-o", folder])
        let keptLines = kept.out.split(separator: "\n").map(String.init)
        #expect(keptLines.contains { $0.hasPrefix("  now: canvas-too-large") })
        #expect(
            keptLines.last == "1 file after fixes: 1 error, 0 warnings, 0 infos; fixed: none (1 file with errors)")
        #expect(kept.status == 1, "\(kept.out)")
    }
}
