import Foundation
import Testing

@testable import rendition

/// The regression gate's arithmetic and file format, on made-up numbers (no timing).
@Suite("bench baseline comparison")
struct BenchComparisonTests {
    static func key(_ input: String, threads: String = "1") -> BenchKey {
        BenchKey(benchmark: "pipeline", input: input, options: ["threads": threads, "compression": "6"])
    }

    /// A record whose percentiles are `p50`, `p90` (and p99 = max = p90 + 10, min = p50 - 10).
    static func record(
        _ input: String, p50: Double, p90: Double, bytes: Int? = 100, threads: String = "1", hash: String? = nil
    ) -> BenchRecord {
        BenchRecord(
            key: key(input, threads: threads),
            statistics: BenchStatistics(samples: 5, p50: p50, p90: p90, p99: p90 + 10, min: p50 - 10, max: p90 + 10),
            inputBytes: bytes, inputHash: hash)
    }

    @Test("p50 beyond the tolerance is a regression, within it ok, below it faster")
    func verdicts() {
        let baseline = [
            Self.record("a", p50: 100, p90: 120), Self.record("b", p50: 100, p90: 120),
            Self.record("c", p50: 100, p90: 120),
        ]
        let current = [
            Self.record("a", p50: 110, p90: 200), Self.record("b", p50: 110.5, p90: 120),
            Self.record("c", p50: 85, p90: 120),
        ]
        let comparison = BenchComparison(
            baseline: baseline, current: current, gate: .p50, tolerance: BenchTolerance(percent: 10))
        #expect(comparison.rows.map(\.verdict) == [.ok, .regression, .faster])
        #expect(comparison.rows.map(\.key.input) == ["a", "b", "c"])
        #expect(abs(comparison.rows[1].change(.p50) - 10.5) < 1e-9)
        #expect(abs(comparison.rows[0].change(.p90) - 66.666_666_666) < 1e-6)  // p90 is shown, not gated
        #expect(comparison.regressions.map(\.key.input) == ["b"])
        #expect(!comparison.passed)
        let generous = BenchComparison(
            baseline: baseline, current: current, gate: .p50, tolerance: BenchTolerance(percent: 11))
        #expect(generous.passed && generous.rows.map(\.verdict) == [.ok, .ok, .faster])
    }

    @Test("the gate can be another statistic")
    func otherGate() {
        let baseline = [Self.record("a", p50: 100, p90: 120)]
        let current = [Self.record("a", p50: 100, p90: 200)]
        #expect(BenchComparison(baseline: baseline, current: current, gate: .p50, tolerance: .standard).passed)
        let p90 = BenchComparison(baseline: baseline, current: current, gate: .p90, tolerance: .standard)
        #expect(p90.rows.map(\.verdict) == [.regression])
        let p99 = BenchComparison(
            baseline: baseline, current: current, gate: .p99, tolerance: BenchTolerance(percent: 50))
        #expect(p99.rows.map(\.verdict) == [.regression])  // 130 → 210 is +61.5 %
        let min = BenchComparison(
            baseline: baseline, current: current, gate: .min, tolerance: BenchTolerance(percent: 0))
        #expect(min.rows.map(\.verdict) == [.ok])  // 90 → 90: no change passes even a zero tolerance
    }

    @Test("benchmarks are matched by subcommand, input and options; the others are missing or new")
    func matching() {
        let baseline = [
            Self.record("a", p50: 100, p90: 120), Self.record("gone", p50: 100, p90: 120),
            Self.record("a", p50: 100, p90: 120, threads: "2"),
        ]
        let current = [Self.record("a", p50: 100, p90: 120, bytes: 101), Self.record("fresh", p50: 1, p90: 1)]
        let comparison = BenchComparison(baseline: baseline, current: current, gate: .p50, tolerance: .standard)
        #expect(comparison.rows.map(\.key) == [Self.key("a")])
        #expect(comparison.rows[0].inputChanged)  // 100 bytes then, 101 now
        #expect(comparison.missing == [Self.key("gone"), Self.key("a", threads: "2")])
        #expect(comparison.new == [Self.key("fresh")])
        #expect(comparison.passed)
        let nothing = BenchComparison(
            baseline: baseline, current: [Self.record("fresh", p50: 1, p90: 1)], gate: .p50, tolerance: .standard)
        #expect(nothing.rows.isEmpty && !nothing.passed)  // a gate that compares nothing does not pass
    }

    @Test("benchmarks are matched by their input's content first: another path to the same bytes is the same one")
    func matchingByContent() {
        let baseline = [
            Self.record("x.png", p50: 100, p90: 120, hash: "aa"), Self.record("y.png", p50: 100, p90: 120, hash: "bb"),
            Self.record("old.png", p50: 100, p90: 120, hash: nil),
            Self.record("x.png", p50: 100, p90: 120, threads: "2", hash: "aa"),
        ]
        let current = [
            // The same files by absolute paths, in another order.
            Self.record("/work/y.png", p50: 100, p90: 120, hash: "bb"),
            Self.record("/work/x.png", p50: 300, p90: 320, hash: "aa"),
            // A baseline without hashes matches by the path; the same bytes on 4 threads are new.
            Self.record("old.png", p50: 100, p90: 120, hash: "cc"),
            Self.record("/work/x.png", p50: 100, p90: 120, threads: "4", hash: "aa"),
        ]
        let comparison = BenchComparison(baseline: baseline, current: current, gate: .p50, tolerance: .standard)
        #expect(comparison.rows.map(\.key.input) == ["/work/y.png", "/work/x.png", "old.png"])
        #expect(comparison.rows.map(\.verdict) == [.ok, .regression, .ok])
        #expect(comparison.rows.allSatisfy { !$0.inputChanged })
        #expect(comparison.new == [Self.key("/work/x.png", threads: "4")])
        #expect(comparison.missing == [Self.key("x.png", threads: "2")])

        // The same path holding other bytes is still that benchmark, with its input changed.
        let changed = BenchComparison(
            baseline: [Self.record("x.png", p50: 100, p90: 120, hash: "aa")],
            current: [Self.record("x.png", p50: 100, p90: 120, hash: "dd")], gate: .p50, tolerance: .standard)
        #expect(changed.rows.count == 1 && changed.rows[0].inputChanged)
        // The path that holds the baseline's bytes wins over the path that was the baseline's.
        let moved = BenchComparison(
            baseline: [Self.record("x.png", p50: 100, p90: 120, hash: "aa")],
            current: [
                Self.record("x.png", p50: 100, p90: 120, hash: "dd"),
                Self.record("z.png", p50: 100, p90: 120, hash: "aa"),
            ],
            gate: .p50, tolerance: .standard)
        #expect(moved.rows.map(\.key.input) == ["z.png"] && !moved.rows[0].inputChanged)
        #expect(moved.new == [Self.key("x.png")])
    }

    @Test(
        "--tolerance takes a percentage with or without %",
        arguments: [
            ("15%", 15.0), ("15", 15), ("7.5%", 7.5), ("0", 0), (" 20 %", nil), ("-1%", nil), ("abc", nil),
            ("inf", nil), ("", nil),
        ] as [(String, Double?)])
    func tolerance(argument: String, percent: Double?) {
        #expect(BenchTolerance(argument: argument)?.percent == percent)
    }

    @Test("a run's records: each file of a list, then the whole list; one file is one record")
    func records() {
        let two = BenchRecord.records(
            benchmark: "lint", options: ["threads": "1"], names: ["x.png", "y.png"], inputBytes: [10, 20],
            perSticker: [2, 4, 6], perFile: [[1, 2, 3], [3, 6, 9]])
        #expect(two.map(\.key.input) == ["x.png", "y.png", "all 2 files"])
        #expect(two.map(\.inputBytes) == [10, 20, 30])
        #expect(two.map(\.statistics.p50) == [2, 6, 4])
        #expect(two[1].statistics == BenchStatistics(samples: 3, p50: 6, p90: 8.4, p99: 8.94, min: 3, max: 9))
        let parallel = BenchRecord.records(
            benchmark: "lint", options: ["threads": "2"], names: ["x.png", "y.png"], inputBytes: [10, 20],
            perSticker: [2, 4], perFile: nil)
        #expect(parallel.map(\.key.input) == ["all 2 files"])
        let one = BenchRecord.records(
            benchmark: "lint", options: ["threads": "1"], names: ["x.png"], inputBytes: [10], perSticker: [5],
            perFile: [[5]])
        #expect(one.map(\.key.input) == ["x.png"])
    }

    static let machine = BenchMachine(cpu: "Test CPU", cores: 2, os: "Linux", renditionVersion: "0.3.0")

    @Test("a baseline reads back as it was written")
    func roundTrip() throws {
        let baseline = BenchBaseline(
            created: "2026-01-02T03:04:05Z", machine: Self.machine,
            records: [Self.record("a", p50: 100.25, p90: 120), Self.record("b", p50: 17, p90: 18, bytes: nil)])
        let bytes = baseline.encoded()
        #expect(try BenchBaseline.decode(bytes, path: "b.json") == baseline)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["schema"] as? String == "rendition-bench-baseline/1")
        let first = try #require((object["benchmarks"] as? [[String: Any]])?.first)
        #expect(
            first["p50_us"] as? Double == 100.25 && first["samples"] as? Int == 5 && first["input_bytes"] as? Int == 100
        )
        // Times are kept to the nanosecond, the clock's resolution.
        let long = BenchBaseline(
            created: "x", machine: Self.machine, records: [Self.record("a", p50: 268.52630000000005, p90: 300)])
        #expect(try BenchBaseline.decode(long.encoded(), path: "b.json").records[0].statistics.p50 == 268.526)
    }

    static func file(_ benchmarks: String, schema: String = "rendition-bench-baseline/1") -> [UInt8] {
        Array(
            """
            {"schema": "\(schema)", "created": "2026-01-02T03:04:05Z",
             "machine": {"cpu": "c", "cores": 2, "os": "o", "rendition_version": "0.3.0"},
             "benchmarks": [\(benchmarks)]}
            """.utf8)
    }

    static let entry =
        #"{"benchmark": "resize", "input": "a.png", "options": {"threads": "1"}, "samples": 3, "p50_us": 5, "p90_us": 6, "p99_us": 7, "min_us": 4, "max_us": 8}"#

    @Test(
        "a malformed baseline is a typed error that says what is wrong",
        arguments: [
            (
                Array("not json".utf8),
                BenchBaselineError.malformed(path: "b.json", reason: "the file is not valid JSON")
            ),
            (Array("[1, 2]".utf8), .malformed(path: "b.json", reason: "the file is not a JSON object")),
            (Array("{}".utf8), .malformed(path: "b.json", reason: "missing \"schema\"")),
            (
                file(entry, schema: "rendition-bench-baseline/2"),
                .unsupportedSchema(path: "b.json", schema: "rendition-bench-baseline/2")
            ),
            (
                file(entry.replacingOccurrences(of: #""p90_us": 6, "#, with: "")),
                .malformed(path: "b.json", reason: "missing \"p90_us\" in benchmarks[0]")
            ),
            (
                file(entry.replacingOccurrences(of: #""samples": 3"#, with: #""samples": "3""#)),
                .malformed(path: "b.json", reason: "benchmarks[0].samples is not an integer")
            ),
            (
                file(entry.replacingOccurrences(of: #""samples": 3"#, with: #""samples": 0"#)),
                .malformed(path: "b.json", reason: "benchmarks[0].samples must be at least 1")
            ),
            (
                file(entry.replacingOccurrences(of: #""min_us": 4"#, with: #""min_us": -4"#)),
                .malformed(path: "b.json", reason: "benchmarks[0].min_us must be a positive number of microseconds")
            ),
            (
                file(entry + ", " + entry),
                .malformed(path: "b.json", reason: "benchmarks[1] repeats resize a.png (threads=1)")
            ),
        ] as [([UInt8], BenchBaselineError)])
    func malformed(bytes: [UInt8], error: BenchBaselineError) {
        #expect(throws: error) { try BenchBaseline.decode(bytes, path: "b.json") }
    }

    @Test("the table aligns its columns and names the regression")
    func table() {
        let baseline = BenchBaseline(
            created: "2026-01-02T03:04:05Z", machine: Self.machine,
            records: [
                Self.record("short.png", p50: 100, p90: 120),
                Self.record("a/much/longer/name.png", p50: 1000, p90: 1200),
                Self.record("gone.png", p50: 1, p90: 2),
            ])
        let current = [
            Self.record("short.png", p50: 101, p90: 119), Self.record("a/much/longer/name.png", p50: 2500, p90: 2600),
        ]
        let comparison = BenchComparison(
            baseline: baseline.records, current: current, gate: .p50, tolerance: BenchTolerance(percent: 15))
        let text = BenchComparisonReport(
            comparison: comparison, path: "b.json", baseline: baseline, machine: Self.machine
        ).text()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("benchmark ") && lines[1].hasSuffix("p50 change  p90 change  verdict"))
        #expect(lines[2].hasPrefix("pipeline short.png ") && lines[2].hasSuffix("+1.0%       -0.8%  ok"))
        #expect(
            lines[3].hasPrefix("pipeline a/much/longer/name.png  ")
                && lines[3].hasSuffix("+150.0%     +116.7%  REGRESSION"))
        // Every column ends where its header does.
        let header = lines[1]
        for column in ["baseline p50 µs", "current p50 µs", "p50 change", "p90 change"] {
            let end = header.range(of: column)!.upperBound
            let offset = header.distance(from: header.startIndex, to: end)
            for row in lines[2...3] {
                #expect(row[row.index(row.startIndex, offsetBy: offset - 1)] != " ", "\(column): \(row)")
            }
        }
        #expect(lines.contains("options: compression=6 threads=1"))
        #expect(lines.contains("missing from this run: pipeline gone.png (compression=6 threads=1)"))
        #expect(lines.last == "regression: 1 of 2 benchmark(s) more than 15% slower than the baseline at p50")
    }
}
