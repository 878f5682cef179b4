import ArgumentParser
import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPack
import RenditionPipeline

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render @2x and @1x stickers (and optionally @3x) from @3x masters, still or animated.",
        discussion: """
            Each input NAME.png (or NAME@3x.png, or any format Rendition reads: \
            \(FormatRegistry.names(joinedBy: "or"))) becomes OUTDIR/NAME@2x.EXT and OUTDIR/NAME@1x.EXT, sized round(2/3) and \
            round(1/3) of the master in each axis; animations keep every frame, delay and the \
            loop count, each frame resampled as soon as it is decoded (vector art is drawn at \
            each size). \
            Folders are searched recursively for \(StickerInputs.searchedFilesDescription). \
            Files are written atomically (temporary file, then rename). One line is printed \
            per sticker; a failing input is reported on standard error and the others are \
            still rendered. The exit status is 1 when any input failed. An input that does not \
            look like a sticker (longer side above \(NotAStickerWarnings.photoSide) px, or no \
            transparent pixel) is rendered with a warning on standard error (and in its JSON \
            line's "warnings").
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
            "Output container: auto (the input's: PNG, APNG, GIF, WebP or WebM; JPEG becomes PNG; \(ImageFormat.allCases.filter(\.isVector).map(\.description).joined(separator: ", ")) become APNG), png (a still of the first frame), apng, gif, webp or webm (VP9 with alpha).",
            valueName: "format"),
        completion: .list(RenditionSettings.formatNames))
    var format: String = OutputFormat.auto.rawValue

    @Flag(
        name: .customLong("include-3x"),
        help:
            "Also write NAME@3x.EXT, the master at its own size re-encoded like the other renditions (an optimised PNG for a still PNG or JPEG)."
    )
    var include3x = false

    @OptionGroup var compression: CompressionOption

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

    @Flag(
        help:
            "Also compress each PNG with zlib as Pillow does (level 6, Z_FILTERED) and keep the smaller: no PNG larger than Pillow's of the same pixels, for more than twice the time per still sticker."
    )
    var neverLargerThanZlib = false

    @OptionGroup var threads: ThreadsOption

    @OptionGroup var batch: BatchOptions

    @OptionGroup var console: ConsoleOptions

    func validate() throws {
        _ = try settings()
    }

    /// The settings the options ask for.
    func settings() throws(ValidationError) -> RenditionSettings {
        var settings = try RenditionSettings.shared(compression: compression, threads: threads, batch: batch)
        try commandLineSetting { () throws(SettingsError) in try settings.setFormat(named: format) }
        settings.scales = include3x ? [.x3, .x2, .x1] : [.x2, .x1]
        settings.neverLargerThanZlib = neverLargerThanZlib
        if palette {
            try commandLineSetting { () throws(SettingsError) in try settings.setPalette(similarity: paletteSimilarity)
            }
        } else if paletteSimilarity != nil {
            throw ValidationError("--palette-similarity needs --palette")
        }
        return settings
    }

    func run() throws {
        guard let attempt = BatchAttempt.current else { throw ExitCode(BatchSupervisor.run()) }
        let settings = try settings()
        var files = try expandStickerInputs(inputs, keepingMissing: true)
        if let shard = settings.shard { files = shard.stickerFiles(files) }
        let batch = BatchRenderer(
            renderer: StickerRenderer(options: settings.renderOptions()), outputDirectory: output,
            threads: settings.threads.count, incremental: settings.incremental)
        let console = BatchConsole(
            total: files.count, format: self.console.logFormat, quiet: self.console.quiet,
            progress: self.console.progress, started: attempt.started, resuming: attempt, output: BatchAttempt.output)
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
