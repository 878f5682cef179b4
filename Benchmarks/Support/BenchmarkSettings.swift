import Benchmark

/// The metrics and regression tolerances shared by every Rendition benchmark.
///
/// Tolerances apply to the p90 value when a run is checked against the committed static
/// thresholds (`benchmark thresholds check`) and to every listed percentile when two
/// baselines are compared (`benchmark baseline check`). Facts they are built on, measured
/// on the 2-core Linux VM the thresholds come from:
/// - wall clock is noisy on a shared machine (p90 up to 5× p50 while others build), so the
///   static check only catches a doubling of p90; compare baselines on an idle machine, at
///   p50, for small changes;
/// - CPU time on Linux comes from scheduler ticks (10 ms), so short benchmarks read 0 or
///   10 ms and get an absolute band of two ticks;
/// - reading CPU time, resident memory or the instruction counter allocates 16–20 times per
///   iteration inside the measured region, so a benchmark whose own allocation count must
///   be exact (the resampler's steady state: 0) runs without those three metrics;
/// - instruction counts need perf events, which this VM does not expose (the column is then
///   absent); where they exist they are nearly deterministic and get a narrow band.
///
/// Benchmark names contain no spaces or slashes: `thresholds update` writes
/// `Thresholds/<Target>.<name>.p90.json` with those characters replaced, but `thresholds
/// check` looks the file up by the name as written.
public enum BenchmarkSettings {
    /// How a benchmark's allocation count may move before it counts as a regression.
    public enum AllocationTolerance {
        /// Not one more allocation.
        case exact
        /// Up to this many more allocations per iteration (covers the `/proc` sampling noise).
        case absolute(Int)
        /// Up to this many percent more.
        case relative(Double)
    }

    /// Wall clock, CPU time, allocations, instructions (where perf events are available) and
    /// peak resident memory.
    public static var allMetrics: [BenchmarkMetric] {
        [.wallClock, .cpuTotal, .mallocCountTotal, .instructions, .peakMemoryResident]
    }

    /// The metrics that do not disturb the allocation count (no `/proc` or perf reads).
    public static var exactAllocationMetrics: [BenchmarkMetric] {
        [.wallClock, .mallocCountTotal]
    }

    /// Allowed regression per metric; `longRunning` for iterations of 100 ms or more, where
    /// CPU time is measured well enough for a relative band.
    public static func thresholds(
        allocations: AllocationTolerance, longRunning: Bool = false
    ) -> [BenchmarkMetric: BenchmarkThresholds] {
        let malloc: BenchmarkThresholds
        switch allocations {
        case .exact: malloc = .init(absolute: [.p50: 0, .p90: 0])
        case .absolute(let count): malloc = .init(absolute: [.p50: count, .p90: count])
        case .relative(let percent): malloc = .init(relative: [.p50: percent, .p90: percent])
        }
        let cpu: BenchmarkThresholds =
            longRunning
            ? .init(relative: [.p50: 25, .p90: 50])
            : .init(absolute: [.p50: .milliseconds(20), .p90: .milliseconds(20)])
        return [
            .wallClock: .init(relative: [.p50: 25, .p90: 100]),
            .cpuTotal: cpu,
            .instructions: .init(relative: [.p50: 3, .p90: 5]),
            .mallocCountTotal: malloc,
            .peakMemoryResident: .init(relative: [.p50: 20, .p90: 20]),
        ]
    }

    /// A configuration with `metrics`, reported in microseconds, with the tolerances above.
    public static func configuration(
        metrics: [BenchmarkMetric] = allMetrics,
        allocations: AllocationTolerance = .absolute(8),
        longRunning: Bool = false,
        maxDuration: Duration = .seconds(2), maxIterations: Int = 10_000, warmupIterations: Int = 5
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics, timeUnits: .microseconds, warmupIterations: warmupIterations,
            maxDuration: maxDuration, maxIterations: maxIterations,
            thresholds: thresholds(allocations: allocations, longRunning: longRunning).filter {
                metrics.contains($0.key)
            })
    }
}
