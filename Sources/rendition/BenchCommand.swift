import ArgumentParser
import Dispatch
import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPipeline

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the resampler, the whole still or animated pipeline or lint in-process.",
        subcommands: [
            BenchResizeCommand.self, BenchPipelineCommand.self, BenchAnimatedCommand.self, BenchLintCommand.self,
        ]
    )
}

struct BenchOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Sticker files (or folders) to time; each is an @3x master.", valueName: "file"))
    var files: [String]

    @Option(help: "Timed repetitions over the file list (after warm-up).")
    var iterations: Int = 50

    @Option(help: "Untimed warm-up repetitions.")
    var warmup: Int = 3

    @Option(
        help: ArgumentHelp(
            "Threads. With more than 1, stickers are processed in parallel and the figures are wall time per sticker (1 / throughput).",
            valueName: "n"))
    var threads: Int = 1

    @Flag(help: "Print one JSON object instead of a table; median_us is the median microseconds per sticker.")
    var json = false

    @OptionGroup(title: "Regression gate")
    var baseline: BenchBaselineOptions

    func validate() throws {
        guard iterations >= 1 else { throw ValidationError("--iterations must be at least 1") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        guard warmup >= 0 else { throw ValidationError("--warmup must not be negative") }
    }

    /// The bytes of every sticker file in `files` (folders expanded), or a usage error.
    func loadFiles() throws -> [(path: String, bytes: [UInt8])] {
        let paths: [String]
        do { paths = try StickerInputs.expand(files) } catch { throw ValidationError(error.description) }
        return try paths.map { path in
            do { return (path, try FileSystem.read(path)) } catch { throw ValidationError("\(error)") }
        }
    }
}

struct BenchResizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Time Lanczos-3 resampling of each master to @2x and @1x in one pass (decoded pixels in, pixels out)."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        let inputs = try options.loadFiles()
        let masters: [Raster] = try inputs.map { input in
            do { return try ImageDecoder.decode(input.bytes) } catch {
                throw ValidationError("\(input.path): \(error)")
            }
        }
        let gate = try BenchGate(options.baseline)
        let scales = [StickerScale.x2, .x1]
        let report = BenchRunner(options: options, names: inputs.map(\.path)).measure { index, scratch in
            let master = masters[index]
            // Both sizes in one pass over the master, as the renderer makes them.
            var targets = scales.map { scale in
                let size = StickerGeometry.renditionSize(
                    masterWidth: master.width, masterHeight: master.height, scale: scale)
                return scratch.target(width: size.width, height: size.height, slot: scale.rawValue)
            }
            LanczosResampler().resample(master, into: &targets, workspace: scratch.workspace)
            for (target, scale) in zip(targets, scales) { scratch.keep(target, slot: scale.rawValue) }
        }
        try gate.finish(report.records(benchmark: "resize", inputs: inputs.map(\.bytes)), json: options.json) {
            report.print(benchmark: "resize", json: $0)
        }
    }
}

struct BenchPipelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Time the whole still pipeline: file bytes → decode → @2x and @1x → PNG bytes.")

    @OptionGroup var options: BenchOptions

    @Option(help: ArgumentHelp("PNG compression effort, 0 to 12.", valueName: "level"))
    var compression: Int = PNGEncoder.defaultCompressionLevel

    @Flag(help: "Also compress with zlib as Pillow does and keep the smaller (as render's flag).")
    var neverLargerThanZlib = false

    func run() throws {
        let inputs = try options.loadFiles()
        let gate = try BenchGate(options.baseline)
        let renderer = StickerRenderer(
            options: RenderOptions(png: .init(compressionLevel: compression, neverLargerThanZlib: neverLargerThanZlib)))
        // One untimed pass: fails early on a bad input and records the PNG bytes each sticker makes.
        let outputBytes: [Int] = try inputs.map { input in
            do { return try renderer.render(input.bytes).reduce(0) { $0 + $1.bytes.count } } catch {
                throw ValidationError("\(input.path): \(error)")
            }
        }
        let report = BenchRunner(options: options, names: inputs.map(\.path)).measure { index, scratch in
            guard let master = try? ImageDecoder.decode(inputs[index].bytes),
                let renditions = try? renderer.render(master: master, scratch: scratch.renderScratch(renderer.options))
            else { return }
            withExtendedLifetime(renditions) {}
        }
        let records = report.records(
            benchmark: "pipeline", options: ["compression": String(compression)], inputs: inputs.map(\.bytes))
        try gate.finish(records, json: options.json) {
            report.print(benchmark: "pipeline", json: $0, outputBytes: outputBytes)
        }
    }
}
