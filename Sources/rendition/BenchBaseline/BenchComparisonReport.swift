import Foundation

/// A comparison as the user reads it: an aligned table, or one JSON object with `--json`.
struct BenchComparisonReport {
    let comparison: BenchComparison
    /// The baseline file's path, as given.
    let path: String
    let baseline: BenchBaseline
    let machine: BenchMachine

    /// The percentiles the table shows a change for: p50 and p90, and the gated one if it is another.
    private var changeColumns: [BenchPercentile] {
        [.p50, .p90] + ([.p50, .p90].contains(comparison.gate) ? [] : [comparison.gate])
    }

    /// The table, the missing and new benchmarks and a one-line verdict.
    func text() -> String {
        let gate = comparison.gate, tolerance = comparison.tolerance
        var lines = [
            "compared with \(path) (recorded \(baseline.created), rendition \(baseline.machine.renditionVersion); this is \(machine.renditionVersion)), gate: \(gate.rawValue) at most \(tolerance.text) slower"
        ]
        if !comparison.rows.isEmpty {
            var table = [
                ["benchmark", "baseline p50 µs", "current p50 µs"] + changeColumns.map { "\($0.rawValue) change" } + [
                    "verdict"
                ]
            ]
            for row in comparison.rows {
                table.append(
                    [
                        "\(row.key.benchmark) \(row.key.input)", Self.microseconds(row.baseline.p50),
                        Self.microseconds(row.current.p50),
                    ]
                        + changeColumns.map { Self.percent(row.change($0)) }
                        + [row.verdict == .regression ? "REGRESSION" : row.verdict.rawValue])
            }
            lines += Self.align(table)
            let options = Set(comparison.rows.map(\.key.optionsText))
            if options.count == 1, let only = options.first, !only.isEmpty { lines.append("options: \(only)") }
        }
        for row in comparison.rows where row.inputChanged {
            lines.append(
                "note: \(row.key.input) is not the file it was in the baseline (its content or size differs); "
                    + "the input changed")
        }
        for key in comparison.missing { lines.append("missing from this run: \(key.description)") }
        for key in comparison.new { lines.append("not in the baseline: \(key.description)") }
        let regressions = comparison.regressions.count
        if comparison.rows.isEmpty {
            lines.append("no benchmark of this run is in the baseline")
        } else if regressions == 0 {
            lines.append(
                "ok: \(comparison.rows.count) benchmark(s) within \(tolerance.text) of the baseline at \(gate.rawValue)"
            )
        } else {
            lines.append(
                "regression: \(regressions) of \(comparison.rows.count) benchmark(s) more than \(tolerance.text) slower than the baseline at \(gate.rawValue)"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The comparison as one JSON object (schema `rendition-bench-compare/1`).
    func json() -> String {
        func statistics(_ s: BenchStatistics) -> [String: Any] {
            ["samples": s.samples, "p50_us": s.p50, "p90_us": s.p90, "p99_us": s.p99, "min_us": s.min, "max_us": s.max]
        }
        func key(_ k: BenchKey) -> [String: Any] { ["benchmark": k.benchmark, "input": k.input, "options": k.options] }
        func finite(_ value: Double) -> Any { value.isFinite ? value : NSNull() }
        func machine(_ m: BenchMachine) -> [String: Any] {
            ["cpu": m.cpu, "cores": m.cores, "os": m.os, "rendition_version": m.renditionVersion]
        }
        let object: [String: Any] = [
            "schema": "rendition-bench-compare/1",
            "baseline": path, "baseline_created": baseline.created,
            "baseline_machine": machine(baseline.machine), "machine": machine(self.machine),
            "machine_differences": self.machine.differences(from: baseline.machine),
            "gate": comparison.gate.rawValue, "tolerance_percent": comparison.tolerance.percent,
            "passed": comparison.passed, "regressions": comparison.regressions.count,
            "results": comparison.rows.map { row -> [String: Any] in
                key(row.key).merging([
                    "baseline": statistics(row.baseline), "current": statistics(row.current),
                    "change_percent": Dictionary(
                        uniqueKeysWithValues: BenchPercentile.allCases.map { ($0.rawValue, finite(row.change($0))) }),
                    "verdict": row.verdict.rawValue, "input_changed": row.inputChanged,
                ]) { a, _ in a }
            },
            "missing": comparison.missing.map(key),
            "new": comparison.new.map(key),
        ]
        return BatchConsole.encode(object)
    }

    private static func microseconds(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func percent(_ value: Double) -> String {
        value.isFinite ? String(format: "%+.1f%%", value) : "+inf"
    }

    /// Pads every column to its widest cell: numbers (every column but the first and the
    /// last) right-aligned, text left-aligned; no trailing spaces.
    static func align(_ table: [[String]]) -> [String] {
        let widths = table[0].indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let last = widths.count - 1
        return table.map { row in
            var line = row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return column == 0 || column == last ? row[column] + padding : padding + row[column]
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
