import Foundation
import RenditionTestSupport
import Testing

@testable import rendition

/// A batch whose process dies on one input (a trap in a decoder, made here by the test-only
/// `RENDITION_TEST_TRAP_DECODING`) renders the rest, names that input, and exits 1.
@Suite("A batch survives a dying process")
struct WorkerDeathTests {
    /// The good stickers of the test catalogs: stills and an APNG.
    static let goodStickers = [
        "stickers/derived/1F337-300.png", "stickers/derived/1F354-408.png", "stickers/derived/1F3A2-408.png",
        "stickers/derived/1F405-408.png", "stickers/derived/1F41D-300.png", "stickers/derived/1F601-300.png",
        "lint/animated.png", "lint/clean.png",
    ]

    /// A folder holding the good stickers and, under each of `poison`, a copy of a good one.
    static func catalog(poison: [String]) throws -> String {
        let folder = try TemporaryFolder.make("rendition-poison")
        for relative in goodStickers {
            try FileManager.default.copyItem(
                atPath: Fixtures.path(relative), toPath: folder + "/" + relative.split(separator: "/").last!)
        }
        for name in poison {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/derived/1F601-300.png"), toPath: folder + "/" + name)
        }
        return folder
    }

    /// Runs `rendition` with the trap set on `poison` (and Swift's crash backtraces off, which
    /// take about a second per death).
    static func run(_ arguments: [String], poison: [String]) throws -> (status: Int32, out: String, err: String) {
        try CommandLineTests.run(
            arguments,
            environment: [
                "RENDITION_TEST_TRAP_DECODING": poison.joined(separator: ","), "SWIFT_BACKTRACE": "enable=no",
            ])
    }

    static func events(_ text: String) -> [[String: Any]] { CommandLineTests.events(text) }

    /// The non-hidden files of a folder and their bytes.
    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    @Test("render: the poison file fails with the signal named, the others are rendered as without it, exit 1")
    func renderGoesOn() throws {
        let source = try Self.catalog(poison: ["poison.png"])
        let output = try TemporaryFolder.make("rendition-poison-out")
        let result = try Self.run(
            ["render", source, "-o", output, "--threads", "2", "--log", "jsonl", "--no-progress"],
            poison: ["poison.png"])
        #expect(result.status == 1, "stderr: \(result.err)")
        #expect(result.err.contains("trapping while decoding"))  // the trap did happen
        let events = Self.events(result.out)
        let stickers = events.filter { $0["event"] as? String == "sticker" }
        #expect(stickers.count == 9)
        #expect(stickers.map { $0["done"] as? Int } == (1...9).map { $0 })
        let failed = stickers.filter { $0["status"] as? String == "failed" }
        #expect(failed.map { $0["name"] as? String } == ["poison"])
        let message = failed.first?["error"] as? String ?? ""
        #expect(message.contains("the process died (signal 4, SIGILL) while decoding \(source)/poison.png"))
        #expect(stickers.filter { $0["status"] as? String == "ok" }.count == 8)
        let summary = events.last ?? [:]
        #expect(summary["event"] as? String == "summary")
        #expect(summary["total"] as? Int == 9 && summary["rendered"] as? Int == 8)
        #expect(summary["failed"] as? Int == 1 && summary["skipped"] as? Int == 0)

        // The same bytes as a run over the good stickers alone.
        let reference = try TemporaryFolder.make("rendition-poison-ref")
        let good = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0 != "poison.png" }.sorted()
        let clean = try CommandLineTests.run(["render"] + good.map { source + "/" + $0 } + ["-o", reference])
        #expect(clean.status == 0, "stderr: \(clean.err)")
        let written = try Self.files(in: output)
        #expect(written.count == 16)
        #expect(written == (try Self.files(in: reference)))

        // A rerun does not die either: the good stickers are up to date, the poison fails again.
        let rerun = try Self.run(
            ["render", source, "-o", output, "--log", "jsonl", "--no-progress"], poison: ["poison.png"])
        #expect(rerun.status == 1, "stderr: \(rerun.err)")
        let again = Self.events(rerun.out)
        #expect(again.filter { $0["status"] as? String == "up-to-date" }.count == 8)
        #expect(again.filter { $0["status"] as? String == "failed" }.map { $0["name"] as? String } == ["poison"])
        #expect(again.last?["skipped"] as? Int == 8 && again.last?["failed"] as? Int == 1)
    }

    @Test("render: two inputs in flight when the process dies are re-run one at a time, and both are named")
    func severalInFlight() throws {
        // Named to sort first, so the two threads take them together.
        let poison = ["0a-poison.png", "0b-poison.png"]
        let source = try Self.catalog(poison: poison)
        let output = try TemporaryFolder.make("rendition-poison-out")
        let result = try Self.run(
            ["render", source, "-o", output, "--threads", "2", "--log", "human", "--no-progress"], poison: poison)
        #expect(result.status == 1, "stderr: \(result.err)")
        for name in poison {
            #expect(result.err.contains("error: \(source)/\(name): the process died (signal 4, SIGILL) while decoding"))
        }
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 9)  // 8 stickers and the summary
        #expect(
            lines.last?.hasPrefix("8 of 10 stickers rendered") == true && lines.last?.hasSuffix("; 2 failed") == true)
        #expect(try Self.files(in: output).count == 16)
    }

    @Test("pack: the poison sticker fails in the output and in pack-report.json, the pack is built from the rest")
    func packGoesOn() throws {
        let source = try Self.catalog(poison: ["poison.png"])
        let output = try TemporaryFolder.make("rendition-poison-pack")
        let arguments = ["pack", source, "-o", output, "--threads", "2", "--log", "jsonl", "--no-progress"]
        for run in 0..<2 {
            let result = try Self.run(arguments, poison: ["poison.png"])
            #expect(result.status == 1, "run \(run) stderr: \(result.err)")
            let events = Self.events(result.out)
            let stickers = events.filter { $0["event"] as? String == "sticker" }
            #expect(stickers.count == 9)
            let failed = stickers.filter { $0["status"] as? String == "failed" }
            #expect(failed.map { $0["name"] as? String } == ["poison"])
            let message = failed.first?["error"] as? String ?? ""
            #expect(message.contains("the process died (signal 4, SIGILL) while decoding"))
            #expect(stickers.filter { $0["status"] as? String == (run == 0 ? "ok" : "up-to-date") }.count == 8)
            #expect(events.last?["event"] as? String == "summary" && events.last?["failed"] as? Int == 1)
            #expect(events.last?["skipped"] as? Int == (run == 0 ? 0 : 8))
            let report =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: output + "/pack-report.json"))) as? [String: Any]
            let entries = report?["stickers"] as? [[String: Any]] ?? []
            #expect(entries.filter { $0["status"] as? String == "failed" }.map { $0["name"] as? String } == ["poison"])
        }
        #expect(FileManager.default.fileExists(atPath: output + "/renditions/1F601-300@1x.png"))
        #expect(!FileManager.default.fileExists(atPath: output + "/renditions/poison@1x.png"))
    }

    /// A journal read in pieces of `size` bytes, and the text it carried.
    static func read(_ text: String, size: Int, into plan: inout BatchAttempt) -> (AttemptJournal, String) {
        var journal = AttemptJournal()
        var printed = ""
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            journal.read(bytes[start..<min(start + size, bytes.count)], plan: &plan) {
                printed += String(decoding: $0, as: UTF8.self) + "|" + String(decoding: $1, as: UTF8.self)
            }
        }
        return (journal, printed)
    }

    @Test("text written to both streams reaches the supervisor in the order it was written, with its report")
    func textInOrder() {
        let output = ConsoleOutput(buffered: true)
        output.write(.error, "<clear>")
        output.write(.standard, "line\n")
        output.write(.error, "<bar>")
        let text = output.take()
        #expect(text.map(\.stream) == [.error, .standard, .error])
        let record = String(decoding: BatchAttempt.textRecords(text) + Array("r 0 o 0 0\n".utf8), as: UTF8.self)
        for size in [1, 4, 1000] {
            var plan = BatchAttempt(started: 0)
            var printed: [String] = []
            // Held until the report's record: a death before it prints nothing twice.
            let (_, early) = Self.read(String(record.dropLast("r 0 o 0 0\n".count)), size: size, into: &plan)
            #expect(early.isEmpty)
            var journal = AttemptJournal()
            let bytes = Array(record.utf8)
            for start in stride(from: 0, to: bytes.count, by: size) {
                journal.read(bytes[start..<min(start + size, bytes.count)], plan: &plan) {
                    if !$0.isEmpty { printed.append("out:" + String(decoding: $0, as: UTF8.self)) }
                    if !$1.isEmpty { printed.append("err:" + String(decoding: $1, as: UTF8.self)) }
                }
            }
            #expect(printed == ["err:<clear>", "out:line\n", "err:<bar>"], "read \(size) bytes at a time")
            #expect(plan.reported == 1)
        }
    }

    @Test("the supervisor names a single suspect, narrows several, and stops when none was in flight")
    func learning() {
        let text = "s 0\ns 1\ne 0 1\nr 0 o 4 0\nabc\ns 2\ne 1 1\nr 1 f 0 6\nerror\ns 3\ne 3 1\no 3 0\nhi"
        for size in [1, 3, 7, 1000] {
            var plan = BatchAttempt(started: 0)
            let (journal, printed) = Self.read(text, size: size, into: &plan)
            #expect(printed == "abc\n||error\n", "read \(size) bytes at a time")  // the last record is incomplete
            #expect(BatchSupervisor.learn(from: journal, signal: 11, into: &plan))
            #expect(plan.fatal == [2: 11] && plan.reported == 2 && plan.reportedFailed == 1)
            #expect(plan.renderedEarlier == [3] && plan.oneAtATimeThrough == -1)
        }

        var several = BatchAttempt(started: 0)
        let (two, _) = Self.read("s 0\ns 1\nr 9 f 0 0\n", size: 100, into: &several)
        #expect(BatchSupervisor.learn(from: two, signal: 4, into: &several))
        #expect(several.fatal.isEmpty && several.oneAtATimeThrough == 1 && several.reported == 0)

        var none = BatchAttempt(started: 0)
        let (idle, _) = Self.read("s 0\ne 0 0\nr 0 u 0 0\n", size: 100, into: &none)
        #expect(!BatchSupervisor.learn(from: idle, signal: 6, into: &none))
        #expect(none.reported == 1 && none.reportedSkipped == 1)
    }
}
