import ArgumentParser

/// A statistic a comparison can gate on.
enum BenchPercentile: String, CaseIterable, Sendable, ExpressibleByArgument {
    case p50, p90, p99, min, max
}

/// How much slower than its baseline a benchmark may get before it counts as a regression,
/// in percent: `--tolerance 10%` (the `%` is optional).
struct BenchTolerance: Equatable, Sendable, ExpressibleByArgument {
    /// The allowed slowdown in percent (10 means 10 % slower passes, anything more fails).
    let percent: Double

    /// The default, 10 %.
    static let standard = BenchTolerance(percent: 10)

    init(percent: Double) { self.percent = percent }

    init?(argument: String) {
        let number = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        percent = value
    }

    /// `10%`, `7.5%`.
    var text: String { "\(BenchNumber.compact(percent))%" }
}

/// What a comparison says about one benchmark.
enum BenchVerdict: String, Sendable {
    /// Within the tolerance either way.
    case ok
    /// Faster than the baseline by more than the tolerance.
    case faster
    /// Slower than the baseline by more than the tolerance: the gate fails.
    case regression
}

/// This run's benchmarks against a baseline's, each judged on one statistic with a tolerance.
/// A benchmark is matched by what it timed: its `BenchKey` when the input's content is the
/// same (or not recorded), else the same subcommand and options on an input of the same
/// content (`BenchRecord.inputHash`) wherever the file was, else its `BenchKey` alone (the
/// file at that path changed: `Row.inputChanged`). Pure arithmetic, so it is tested with
/// made-up numbers.
struct BenchComparison: Sendable {
    /// A benchmark found in both.
    struct Row: Sendable {
        let key: BenchKey
        let baseline: BenchStatistics
        let current: BenchStatistics
        let verdict: BenchVerdict
        /// The input's size differs from the baseline's (the file changed).
        let inputChanged: Bool

        /// Change of `percentile` from the baseline, in percent (+ is slower).
        func change(_ percentile: BenchPercentile) -> Double {
            BenchComparison.change(from: baseline[percentile], to: current[percentile])
        }
    }

    let gate: BenchPercentile
    let tolerance: BenchTolerance
    /// Benchmarks in both, in the order this run measured them.
    let rows: [Row]
    /// Benchmarks in the baseline that this run did not measure.
    let missing: [BenchKey]
    /// Benchmarks this run measured that the baseline does not have.
    let new: [BenchKey]

    init(baseline: [BenchRecord], current: [BenchRecord], gate: BenchPercentile, tolerance: BenchTolerance) {
        self.gate = gate
        self.tolerance = tolerance
        // Matches by content first, for every record, then by the path alone for those left.
        var unmatched = Array(baseline.indices)
        var partner = [Int?](repeating: nil, count: current.count)
        for (index, record) in current.enumerated() {
            let found =
                unmatched.firstIndex { baseline[$0].key == record.key && !baseline[$0].contentDiffers(from: record) }
                ?? unmatched.firstIndex { baseline[$0].sameContent(as: record) }
            if let found { partner[index] = unmatched.remove(at: found) }
        }
        for (index, record) in current.enumerated() where partner[index] == nil {
            if let found = unmatched.firstIndex(where: { baseline[$0].key == record.key }) {
                partner[index] = unmatched.remove(at: found)
            }
        }
        var rows: [Row] = [], new: [BenchKey] = []
        for (record, partner) in zip(current, partner) {
            guard let partner else {
                new.append(record.key)
                continue
            }
            let old = baseline[partner]
            let change = Self.change(from: old.statistics[gate], to: record.statistics[gate])
            let verdict: BenchVerdict =
                change > tolerance.percent ? .regression : change < -tolerance.percent ? .faster : .ok
            let changed =
                old.contentDiffers(from: record)
                || (old.inputBytes != nil && record.inputBytes != nil && old.inputBytes != record.inputBytes)
            rows.append(
                Row(
                    key: record.key, baseline: old.statistics, current: record.statistics, verdict: verdict,
                    inputChanged: changed))
        }
        self.rows = rows
        self.new = new
        self.missing = unmatched.sorted().map { baseline[$0].key }
    }

    /// The benchmarks slower than the tolerance allows.
    var regressions: [Row] { rows.filter { $0.verdict == .regression } }

    /// Whether the gate passes: something was compared and nothing regressed.
    var passed: Bool { !rows.isEmpty && regressions.isEmpty }

    /// Change from `old` to `new` in percent; a baseline of 0 counts any time as infinitely slower.
    static func change(from old: Double, to new: Double) -> Double {
        guard old > 0 else { return new > 0 ? .infinity : 0 }
        return (new - old) / old * 100
    }
}

/// Number formatting shared by the comparison's outputs.
enum BenchNumber {
    /// `10`, `7.5`, `0.25`: no trailing zeros.
    static func compact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
