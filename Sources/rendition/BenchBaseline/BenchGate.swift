import ArgumentParser
import Foundation
import RenditionBatch

/// The baseline side of one `bench` run: reads the `--compare` baseline before anything is
/// timed (a bad file fails at once, not after minutes of benchmarks), then, once the run is
/// measured, compares it and saves it as asked.
struct BenchGate {
    /// Exit status when a benchmark is slower than the tolerance allows (0 success, 1 a
    /// run-time failure such as an unreadable baseline, 2 bad usage).
    static let regressionExitCode: Int32 = 3

    let options: BenchBaselineOptions
    /// The baseline of `--compare`, read.
    let baseline: BenchBaseline?

    /// Reads the baseline of `--compare`, if given; an unusable file is a run-time failure (exit status 1).
    init(_ options: BenchBaselineOptions) throws {
        self.options = options
        guard let path = options.compare else {
            baseline = nil
            return
        }
        do { baseline = try BenchBaseline.load(path) } catch { throw runFailure(error.description) }
    }

    /// Prints the run's report through `printReport` (except with `--json` and `--compare`,
    /// where the comparison is the one JSON object), then the comparison, then saves the
    /// baseline. Throws exit status 3 on a regression, and a run failure when no benchmark
    /// of this run is in the baseline (a gate that compares nothing would always pass).
    func finish(_ records: [BenchRecord], json: Bool, printReport: (_ json: Bool) -> Void) throws {
        if !(json && baseline != nil) { printReport(json) }
        var comparison: BenchComparison?
        if let baseline, let path = options.compare {
            let machine = BenchMachine.current
            for reason in machine.differences(from: baseline.machine) {
                printError("warning: \(path) was recorded on another machine: \(reason); the timings may not compare")
            }
            let compared = BenchComparison(
                baseline: baseline.records, current: records, gate: options.gate ?? .p50,
                tolerance: options.tolerance ?? .standard)
            let report = BenchComparisonReport(comparison: compared, path: path, baseline: baseline, machine: machine)
            print(json ? report.json() : "\n" + report.text())
            comparison = compared
        }
        if let path = options.saveBaseline {
            let created = ISO8601DateFormatter().string(from: Date())
            let saved = BenchBaseline(created: created, machine: .current, records: records)
            do { try AtomicFile.write(saved.encoded(), to: path) } catch { throw runFailure(error.description) }
            let message = "saved \(records.count) benchmark(s) to \(path)"
            if json { printError(message) } else { print(message) }
        }
        guard let comparison, let path = options.compare else { return }
        if comparison.rows.isEmpty {
            throw runFailure(
                "no benchmark of this run is in \(path) (another subcommand, other inputs or other options?)")
        }
        if !comparison.regressions.isEmpty { throw ExitCode(Self.regressionExitCode) }
    }
}
