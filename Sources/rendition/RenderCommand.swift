import ArgumentParser
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPack

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render @2x and @1x stickers (and optionally @3x) from @3x masters, still or animated.",
        discussion: """
            Each input NAME.png (or NAME@3x.png, a JPEG, an APNG, GIF or WebP) becomes \
            OUTDIR/NAME@2x.EXT and OUTDIR/NAME@1x.EXT, sized round(2/3) and round(1/3) of the \
            master in each axis; animations keep every frame, delay and the loop count, each \
            frame resampled as soon as it is decoded. \
            Folders are searched recursively for .png, .apng, .gif, .jpg, .jpeg and .webp files. \
            Files are written atomically (temporary file, then rename). One line is printed \
            per sticker; a failing input is reported on standard error and the others are \
            still rendered. The exit status is 1 when any input failed.
            """
    )

    @Argument(help: ArgumentHelp("Sticker files or folders of stickers (@3x masters).", valueName: "input"))
    var inputs: [String]

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Folder to write the renditions to (created if missing).", valueName: "outdir"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "Output container: auto (the input's: PNG, APNG, GIF, WebP or WebM; JPEG becomes PNG; TGS and Lottie become APNG), png (a still of the first frame), apng, gif, webp or webm (VP9 with alpha).",
            valueName: "format"))
    var format: OutputFormat = .auto

    @Flag(name: .customLong("include-3x"), help: "Also write NAME@3x.png, the master re-encoded as an optimised PNG.")
    var include3x = false

    @Option(
        help: ArgumentHelp(
            "PNG and APNG compression effort, 0 (fastest, largest) to 12 (slowest, smallest); default 6 for PNG, 5 for APNG.",
            valueName: "level"))
    var compression: Int?

    @Flag(
        help: ArgumentHelp(
            "Write PNG and APNG renditions with more than 256 colours as 8-bit palette images (median cut, dithered; one palette for all frames of an APNG) when the result clears the similarity floor; otherwise they stay lossless. Lossy."
        ))
    var palette = false

    @Option(
        name: .customLong("palette-similarity"),
        help: ArgumentHelp(
            "With --palette: the lowest structural similarity (SSIM over black and white) accepted, 0-1 (default \(PaletteQuantization.defaultMinimumSimilarity)); 0 turns the check off.",
            valueName: "ssim"))
    var paletteSimilarity: Double?

    /// The palette settings, when --palette is given.
    var paletteSettings: PaletteQuantization? {
        guard palette else { return nil }
        return PaletteQuantization(minimumSimilarity: paletteSimilarity ?? PaletteQuantization.defaultMinimumSimilarity)
    }

    @Flag(
        help:
            "Also compress each PNG with zlib as Pillow does (level 6, Z_FILTERED) and keep the smaller: no PNG larger than Pillow's of the same pixels, for more than twice the time per still sticker."
    )
    var neverLargerThanZlib = false

    @Option(
        name: .customLong("threads"),
        help: ArgumentHelp("Worker threads; stickers are rendered in parallel (default: all cores).", valueName: "n"))
    var threadOption: Int?

    /// The worker threads: --threads, or one per core.
    var threads: Int { threadOption ?? ProcessInfo.processInfo.activeProcessorCount }

    @Flag(help: "Print only failures and the summary.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Render only shard i of n (1-based, e.g. 2/8): stickers are split by a stable hash of their names, so several machines can share a catalog. auto/n takes i from the array job's index: JOB_COMPLETION_INDEX (Kubernetes), AWS_BATCH_JOB_ARRAY_INDEX or SLURM_ARRAY_TASK_ID (from SLURM_ARRAY_TASK_MIN).",
            valueName: "i/n"))
    var shard: String?

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Change a decoding limit, e.g. --limit frames=5000 (repeatable). Inputs over a limit are refused before they are decoded. KEY: \(DecodeLimitSetting.help).",
            valueName: "key=value"))
    var limitSettings: [String] = []

    @Flag(help: "Render everything, even stickers whose outputs are up to date in OUTDIR's manifest.")
    var force = false

    @Option(
        name: .customLong("log"),
        help: ArgumentHelp(
            "Per-sticker output: human lines, jsonl (one JSON object per line), or auto (human on a terminal, jsonl otherwise).",
            valueName: "format"))
    var logFormat: ResultFormat = .auto

    @Flag(
        inversion: .prefixedNo, help: "Show a progress bar with rate and ETA on standard error when it is a terminal.")
    var progress = true

    func validate() throws {
        guard compression.map({ (0...12).contains($0) }) ?? true else {
            throw ValidationError("--compression must be between 0 and 12")
        }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        guard palette || paletteSimilarity == nil else { throw ValidationError("--palette-similarity needs --palette") }
        guard paletteSimilarity.map({ (0...1).contains($0) }) ?? true else {
            throw ValidationError("--palette-similarity must be between 0 and 1")
        }
        if let shard {
            do { _ = try Shard.parse(shard, environment: ProcessInfo.processInfo.environment) } catch {
                throw ValidationError(error.description)
            }
        }
        do { _ = try DecodeLimitSetting.limits(from: limitSettings) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        guard let attempt = BatchAttempt.current else { throw ExitCode(BatchSupervisor.run()) }
        var files = try expandStickerInputs(inputs)
        if let shard = try shard.map({ try Shard.parse($0, environment: ProcessInfo.processInfo.environment) }) {
            files = shard.stickerFiles(files)
        }
        let scales: [StickerScale] = include3x ? [.x3, .x2, .x1] : [.x2, .x1]
        let limits: DecodeLimits
        do { limits = try DecodeLimitSetting.limits(from: limitSettings) } catch {
            throw ValidationError(error.description)
        }
        let options = RenderOptions(
            scales: scales,
            png: .init(
                compressionLevel: compression ?? PNGEncoder.defaultCompressionLevel, palette: paletteSettings,
                neverLargerThanZlib: neverLargerThanZlib),
            limits: limits,
            format: format, apngCompressionLevel: compression ?? APNGEncoder.defaultCompressionLevel)
        let batch = BatchRenderer(
            renderer: StickerRenderer(options: options), outputDirectory: output,
            threads: threads, incremental: !force)
        let console = BatchConsole(
            total: files.count, format: logFormat, quiet: quiet, progress: progress, started: attempt.started,
            resuming: attempt, output: BatchAttempt.output)
        var results: [StickerResult]
        let counter = ReportCounter(first: attempt.reported)
        do {
            results = try batch.run(inputs: files, supervision: attempt.supervision(firstIndex: attempt.reported)) {
                let index = counter.take()
                var result = $0
                result.skipped = attempt.skipped(index: index, found: result.skipped)
                console.report(result)
                attempt.reported(index: index, status: result.failed ? "f" : result.skipped ? "u" : "o")
            }
        } catch {
            throw runFailure(error.description)
        }
        for offset in results.indices {
            results[offset].skipped = attempt.skipped(index: attempt.reported + offset, found: results[offset].skipped)
        }
        console.summary(results: results, output: output, after: attempt)
        attempt.flushOutput()
        if attempt.reportedFailed > 0 || results.contains(where: \.failed) { throw ExitCode(1) }
    }
}

extension ResultFormat: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
