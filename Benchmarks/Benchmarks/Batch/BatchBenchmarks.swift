import Benchmark
import BenchmarkSupport
import Foundation
import RenditionPack
import RenditionPipeline
import RenditionBatch

/// Stickers rendered per second over one batch (the built-in throughput metric counts whole
/// batches per second, too coarse to compare).
let stickersPerSecond = BenchmarkMetric.custom("stickersPerSecond", polarity: .prefersLarger, useScalingFactor: false)

/// `BatchRenderer` over the first 32 OpenMoji stickers, files in and files out (the work of
/// `rendition render --force`), on 1 and 2 threads. Not incremental, so every iteration
/// renders every sticker again.
let benchmarks: @Sendable () -> Void = {
    let inputs = Array(BenchmarkFixtures.files(in: "stickers/openmoji-618").prefix(32))
    for threads in [1, 2] {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("rendition-bench-batch-\(ProcessInfo.processInfo.processIdentifier)-\(threads)")
            .path
        let batch = BatchRenderer(
            renderer: StickerRenderer(), outputDirectory: output, threads: threads, incremental: false)
        var configuration = BenchmarkSettings.configuration(
            metrics: BenchmarkSettings.allMetrics + [stickersPerSecond],
            allocations: .relative(5), longRunning: true, maxDuration: .seconds(5), maxIterations: 100,
            warmupIterations: 1)
        configuration.thresholds?[stickersPerSecond] = .init(relative: [.p50: 25, .p90: 50])
        Benchmark(
            "Batch-\(inputs.count)-stickers-\(threads)-thread\(threads == 1 ? "" : "s")", configuration: configuration
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let start = ContinuousClock.now
                let results = try batch.run(inputs: inputs)
                let elapsed = start.duration(to: .now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                benchmark.measurement(stickersPerSecond, Int((Double(inputs.count) / seconds).rounded()))
                let failed = results.filter { if case .failure = $0.outcome { true } else { false } }
                if let first = failed.first, case .failure(let error) = first.outcome {
                    benchmark.error("\(failed.count) sticker(s) failed, first: \(error)")
                }
            }
        } teardown: {
            try? FileManager.default.removeItem(atPath: output)
        }
    }
}
