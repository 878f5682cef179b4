import Dispatch
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// Per-thread reusable state for benchmarks, so steady-state timings exclude allocation.
final class BenchScratch {
    let workspace = ResampleWorkspace()
    private var targets: [Int: Raster] = [:]
    private var render: RenderScratch?

    func target(width: Int, height: Int, slot: Int) -> Raster {
        if let existing = targets.removeValue(forKey: slot), existing.width == width, existing.height == height {
            return existing
        }
        return Raster(width: width, height: height)
    }

    func keep(_ raster: Raster, slot: Int) { targets[slot] = raster }

    func renderScratch(_ options: RenderOptions) throws -> RenderScratch {
        if let render { return render }
        let made = try RenderScratch(options: options)
        render = made
        return made
    }
}

/// Runs a per-sticker body over the file list many times and summarises the timings.
struct BenchRunner {
    let options: BenchOptions
    let names: [String]

    func measure(_ body: @escaping @Sendable (Int, BenchScratch) -> Void) -> BenchReport {
        if options.threads == 1 {
            let scratch = BenchScratch()
            for _ in 0..<options.warmup { for i in names.indices { body(i, scratch) } }
            var perFile = Array(repeating: [Double](), count: names.count)
            var perSticker: [Double] = []
            for _ in 0..<options.iterations {
                var total = 0.0
                for i in names.indices {
                    let start = DispatchTime.now().uptimeNanoseconds
                    body(i, scratch)
                    let us = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
                    perFile[i].append(us)
                    total += us
                }
                perSticker.append(total / Double(names.count))
            }
            return BenchReport(names: names, threads: 1, perSticker: perSticker, perFile: perFile)
        }
        // Parallel: each repetition processes the whole list on N threads; report wall time per sticker.
        let count = names.count
        let threads = options.threads
        let repeats = max(1, (threads * 4 + count - 1) / count)  // enough work to keep every thread busy
        func pass() -> Double {
            let total = count * repeats
            let start = DispatchTime.now().uptimeNanoseconds
            ParallelWork.forEach(count: total, threads: threads, worker: { _ in BenchScratch() }) { k, scratch in
                body(k % count, scratch)
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(total)
        }
        for _ in 0..<options.warmup { _ = pass() }
        let perSticker = (0..<options.iterations).map { _ in pass() }
        return BenchReport(names: names, threads: threads, perSticker: perSticker, perFile: nil)
    }
}

/// Medians and percentiles of a benchmark, printed as a table or JSON.
struct BenchReport {
    let names: [String]
    let threads: Int
    let perSticker: [Double]
    let perFile: [[Double]]?

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = p / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    /// The run's baseline records: time per sticker over the list, and per file when each
    /// file was timed on its own; `options` are the subcommand's own (threads are added).
    /// `inputs` are the files' bytes.
    func records(benchmark: String, options: [String: String] = [:], inputs: [[UInt8]]) -> [BenchRecord] {
        BenchRecord.records(
            benchmark: benchmark, options: options.merging(["threads": String(threads)]) { a, _ in a }, names: names,
            inputs: inputs, perSticker: perSticker, perFile: perFile)
    }

    /// Prints the summary; `outputBytes`, when given, is the encoded size of each file's
    /// renditions (JSON: `output_bytes` for the whole list and per file).
    func print(benchmark: String, json: Bool, outputBytes: [Int]? = nil) {
        let median = Self.percentile(perSticker, 50)
        if json {
            var object: [String: Any] = [
                "benchmark": benchmark, "files": names.count, "iterations": perSticker.count, "threads": threads,
                "median_us": median, "p10_us": Self.percentile(perSticker, 10),
                "p90_us": Self.percentile(perSticker, 90),
                "min_us": perSticker.min()!, "stickers_per_second": 1e6 / median,
            ]
            if let outputBytes { object["output_bytes"] = outputBytes.reduce(0, +) }
            if let perFile {
                object["per_file"] = names.indices.map { i in
                    var entry: [String: Any] = ["file": names[i], "median_us": Self.percentile(perFile[i], 50)]
                    if let outputBytes { entry["output_bytes"] = outputBytes[i] }
                    return entry
                }
            }
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            Swift.print(String(decoding: data, as: UTF8.self))
            return
        }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        Swift.print("\(benchmark): \(names.count) file(s), \(perSticker.count) iterations, \(threads) thread(s)")
        Swift.print(
            "per sticker (µs): median \(f(median))  p10 \(f(Self.percentile(perSticker, 10)))  p90 \(f(Self.percentile(perSticker, 90)))  p99 \(f(Self.percentile(perSticker, 99)))  min \(f(perSticker.min()!))"
        )
        Swift.print("throughput: \(f(1e6 / median)) stickers/s")
        if let outputBytes {
            Swift.print("output: \(outputBytes.reduce(0, +)) PNG bytes for one pass over the file list")
        }
        if let perFile, names.count > 1 {
            for (name, values) in zip(names, perFile) { Swift.print("  \(f(Self.percentile(values, 50))) µs  \(name)") }
        }
    }
}
