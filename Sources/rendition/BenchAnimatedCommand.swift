import ArgumentParser
import Dispatch
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// `rendition bench animated`: times the whole animated pipeline in-process, one animation
/// at a time, with `--threads` encoding its renditions concurrently (as `render` does for a
/// single input).
struct BenchAnimatedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animated",
        abstract:
            "Time the whole animated pipeline: file bytes → every frame composited → @2x and @1x → animated file bytes.",
        discussion: """
            Each file is rendered as `render` would (the input's format unless --format), from \
            its bytes in memory to the encoded @2x and @1x in memory; nothing is written. \
            Frames are resampled as they are decoded; --threads encodes the renditions of one \
            animation concurrently (and APNG frames are compressed in parallel). median_us is the \
            median wall time per animation, cpu_median_us the median CPU time of the whole \
            process (all threads) per animation; output_bytes and frames describe the \
            renditions of one pass.
            """)

    @OptionGroup var options: BenchOptions

    @Option(
        help: ArgumentHelp("Output container: auto (the input's), apng, gif, webp, webm or png.", valueName: "format"))
    var format: OutputFormat = .auto

    @Option(help: ArgumentHelp("APNG compression effort, 0 to 12.", valueName: "level"))
    var compression: Int = APNGEncoder.defaultCompressionLevel

    func run() throws {
        let inputs = try options.loadFiles()
        let gate = try BenchGate(options.baseline)
        let renderer = StickerRenderer(
            options: RenderOptions(
                format: format, frameThreads: options.threads, apngCompressionLevel: compression))
        for input in inputs where ImageFormat.sniff(input.bytes) == nil {
            throw ValidationError("\(input.path): not an image")
        }
        // One untimed pass: fails early on a bad input and records what each animation makes.
        let outputs: [AnimatedBenchOutput] = try inputs.map { input in
            do {
                let renditions = try renderer.render(input.bytes)
                return AnimatedBenchOutput(
                    bytes: renditions.reduce(0) { $0 + $1.bytes.count },
                    frames: try renditions.map { try ImageDecoder.decodeAnimation($0.bytes).frames.count },
                    fileExtension: renditions.first?.fileExtension ?? "")
            } catch { throw ValidationError("\(input.path): \(error)") }
        }
        let scratch = try RenderScratch(options: renderer.options)
        func body(_ index: Int) {
            let bytes = inputs[index].bytes
            guard let renditions = try? renderer.render(bytes, scratch: scratch) else { return }
            withExtendedLifetime(renditions) {}
        }
        for _ in 0..<options.warmup { for index in inputs.indices { body(index) } }
        var wall = Array(repeating: [Double](), count: inputs.count)
        var cpu = Array(repeating: [Double](), count: inputs.count)
        for _ in 0..<options.iterations {
            for index in inputs.indices {
                let cpuStart = ProcessCPUTime.microseconds()
                let start = DispatchTime.now().uptimeNanoseconds
                body(index)
                wall[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
                cpu[index].append(ProcessCPUTime.microseconds() - cpuStart)
            }
        }
        let report = AnimatedBenchReport(
            names: inputs.map(\.path), threads: options.threads, wall: wall, cpu: cpu, outputs: outputs)
        let records = report.records(
            options: ["format": format.rawValue, "compression": String(compression)],
            inputs: inputs.map(\.bytes))
        try gate.finish(records, json: options.json) { report.print(json: $0) }
    }
}

/// What one animation's renditions came to in the untimed pass.
struct AnimatedBenchOutput {
    /// Bytes of all renditions together.
    let bytes: Int
    /// Frames in each rendition, highest scale first.
    let frames: [Int]
    /// The renditions' file extension.
    let fileExtension: String
}

/// CPU time of the whole process (every thread).
enum ProcessCPUTime {
    /// User + system CPU time consumed so far, in microseconds.
    static func microseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }
}

/// Medians of `bench animated`, printed as a table or one JSON object.
struct AnimatedBenchReport {
    let names: [String]
    let threads: Int
    /// Wall microseconds per iteration, per file.
    let wall: [[Double]]
    /// Process CPU microseconds per iteration, per file.
    let cpu: [[Double]]
    let outputs: [AnimatedBenchOutput]

    /// Per-iteration mean over the files (one figure per iteration, per animation).
    private static func perAnimation(_ values: [[Double]]) -> [Double] {
        guard let count = values.first?.count else { return [] }
        return (0..<count).map { i in values.reduce(0) { $0 + $1[i] } / Double(values.count) }
    }

    /// The run's baseline records: wall time per animation, per file and over the list.
    func records(options: [String: String], inputs: [[UInt8]]) -> [BenchRecord] {
        BenchRecord.records(
            benchmark: "animated", options: options.merging(["threads": String(threads)]) { a, _ in a }, names: names,
            inputs: inputs, perSticker: Self.perAnimation(wall), perFile: wall)
    }

    func print(json: Bool) {
        let perWall = Self.perAnimation(wall), perCPU = Self.perAnimation(cpu)
        let median = BenchReport.percentile(perWall, 50)
        let cpuMedian = BenchReport.percentile(perCPU, 50)
        let totalBytes = outputs.reduce(0) { $0 + $1.bytes }
        if json {
            let object: [String: Any] = [
                "benchmark": "animated", "files": names.count, "iterations": perWall.count, "threads": threads,
                "median_us": median, "p10_us": BenchReport.percentile(perWall, 10),
                "p90_us": BenchReport.percentile(perWall, 90),
                "min_us": perWall.min() ?? 0, "cpu_median_us": cpuMedian, "output_bytes": totalBytes,
                "per_file": names.indices.map { i -> [String: Any] in
                    [
                        "file": names[i], "median_us": BenchReport.percentile(wall[i], 50),
                        "cpu_median_us": BenchReport.percentile(cpu[i], 50), "output_bytes": outputs[i].bytes,
                        "frames": outputs[i].frames, "extension": outputs[i].fileExtension,
                    ]
                },
            ]
            Swift.print(BatchConsole.encode(object))
            return
        }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        Swift.print("animated: \(names.count) file(s), \(perWall.count) iterations, \(threads) thread(s) per animation")
        Swift.print(
            "per animation (ms): median \(f(median / 1000))  p10 \(f(BenchReport.percentile(perWall, 10) / 1000))  p90 \(f(BenchReport.percentile(perWall, 90) / 1000))  CPU median \(f(cpuMedian / 1000))"
        )
        Swift.print("output: \(totalBytes) bytes for one pass over the file list")
        for (name, output) in zip(names, outputs) {
            Swift.print(
                "  \(name): \(output.bytes) bytes, frames \(output.frames.map(String.init).joined(separator: " + ")) (.\(output.fileExtension))"
            )
        }
    }
}
