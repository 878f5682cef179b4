import ArgumentParser
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPack

struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract:
            "Build a sticker pack from a folder of @3x masters: an Xcode catalog, flat renditions and other platforms' packs.",
        discussion: """
            SRC holds @3x stickers (PNG, APNG, GIF, JPEG, WebP) and optionally pack.json or pack.yaml \
            (order, names, accessibility labels, size class, icon; see the README). OUT receives:
              Stickers.xcstickers/   the Xcode sticker catalog (Sticker Pack.stickerpack with one \
            NAME.sticker or NAME.stickersequence per sticker, and the iMessage App Icon.stickersiconset)
              renditions/            NAME@3x, NAME@2x, NAME@1x for apps that load stickers from files
              PLATFORM/PACK/         per --platform (whatsapp, signal, telegram, discord, line), packs the \
            platform accepts: stills and animations apart where it wants them apart, split when over \
            its maximum (PACK-1, PACK-2), with its tray, main, tab or thumbnail image and its manifest \
            (WhatsApp contents.json beside the packs; Telegram set.json, Signal manifest.json, Discord \
            stickers.json in each pack)
              pack-report.json       every file with its size, limit, fitting step and what was given up
            Every file is fitted under its limit (500 KB for Apple) by a fixed ladder, lossless steps \
            first; a file that cannot fit is reported and not written. Exit status 1 when any sticker \
            or platform rule failed.

            rendition pack --check DIR --platform NAME checks a pack folder made anywhere against the \
            same rules and prints each finding with its source (--json for JSON); exit status 1 when \
            any rule is broken.
            """
    )

    @Argument(help: ArgumentHelp("Folder of @3x sticker masters.", valueName: "src"))
    var source: String?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Output folder.", valueName: "out"))
    var output: String?

    @Option(
        name: .customLong("check"),
        help: ArgumentHelp(
            "Check this pack folder (a platform folder or one pack) against the --platform's rules instead of building.",
            valueName: "dir"))
    var checkFolder: String?

    @Flag(help: "With --check: print the findings as JSON.")
    var json = false

    @Option(
        name: .customLong("platform"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Also build packs for these platforms: whatsapp, signal, telegram, discord, line, or all.", valueName: "id")
    )
    var platforms: [String] = []

    @Option(
        name: .customLong("platform-file"),
        help: ArgumentHelp(
            "A JSON file describing another platform (same fields as the built-in ones).", valueName: "file"))
    var platformFiles: [String] = []

    @Option(
        help: ArgumentHelp("First PNG compression level, 0 to 12 (the size ladder may go higher).", valueName: "level"))
    var compression: Int = PNGEncoder.defaultCompressionLevel

    @Option(name: .customLong("byte-limit"), help: ArgumentHelp("Apple's per-file limit in bytes.", valueName: "bytes"))
    var byteLimit: Int = 500_000

    @Option(name: .customLong("threads"), help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
    var threadOption: Int?

    /// The worker threads: --threads, or one per core.
    var threads: Int { threadOption ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(
        help: ArgumentHelp(
            "Build only shard i of n (1-based) of the stickers; run once more without --shard to write the catalog files.",
            valueName: "i/n"))
    var shard: String?

    @Flag(help: "Rebuild every sticker, even those whose outputs are up to date.")
    var force = false

    @Option(
        name: .customLong("log"), help: ArgumentHelp("Per-sticker output: human, jsonl or auto.", valueName: "format"))
    var logFormat: ResultFormat = .auto

    @Flag(inversion: .prefixedNo, help: "Show a progress bar on standard error when it is a terminal.")
    var progress = true

    @Flag(
        help:
            "Pack masters that lint rejects (too small, empty, opaque, on an opaque background) instead of failing them."
    )
    var allowLintErrors = false

    @Flag(help: "Print only failures and the summary.")
    var quiet = false

    func validate() throws {
        guard (0...12).contains(compression) else { throw ValidationError("--compression must be between 0 and 12") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        guard byteLimit > 0 else { throw ValidationError("--byte-limit must be positive") }
        if let shard, Shard(parsing: shard) == nil {
            throw ValidationError("--shard must look like i/n with 1 <= i <= n")
        }
        if checkFolder != nil {
            guard source == nil && output == nil else {
                throw ValidationError("--check takes no source folder and no --output")
            }
            return
        }
        guard source != nil else { throw ValidationError("missing the source folder (or --check DIR)") }
        guard output != nil else { throw ValidationError("missing --output") }
    }

    func run() throws {
        let unique = try selectedPlatforms()
        if let checkFolder {
            guard unique.count == 1 else {
                throw ValidationError("--check needs exactly one --platform (or one --platform-file)")
            }
            guard FileSystem.isDirectory(checkFolder) else {
                throw runFailure(
                    FileSystem.exists(checkFolder) ? "\(checkFolder) is not a folder" : "\(checkFolder): no such folder"
                )
            }
            let findings = PackValidator(platform: unique[0]).validate(folder: checkFolder)
            print(PackCheckOutput.render(findings, platform: unique[0], folder: checkFolder, json: json))
            if !findings.isEmpty { throw ExitCode(1) }
            return
        }
        guard let source, let output else { return }
        guard FileSystem.isDirectory(source) else {
            throw runFailure(FileSystem.exists(source) ? "\(source) is not a folder" : "\(source): no such folder")
        }
        try build(source: source, output: output, platforms: unique)
    }

    func selectedPlatforms() throws -> [PackPlatform] {
        var selected: [PackPlatform] = []
        for id in platforms.flatMap({ $0.split(separator: ",").map(String.init) }) {
            if id == "all" {
                selected += PackPlatform.builtIn.keys.sorted().map { PackPlatform.builtIn[$0]! }
            } else if let platform = PackPlatform.builtIn[id.lowercased()] {
                selected.append(platform)
            } else {
                throw ValidationError(PackError.unknownPlatform(id).description)
            }
        }
        for file in platformFiles {
            do {
                selected.append(
                    try JSONDecoder().decode(PackPlatform.self, from: Data(contentsOf: URL(fileURLWithPath: file))))
            } catch {
                throw ValidationError("\(file): not a valid platform description (\(error))")
            }
        }
        var unique: [PackPlatform] = []
        for platform in selected where !unique.contains(where: { $0.id == platform.id }) { unique.append(platform) }
        return unique
    }

    func build(source: String, output: String, platforms unique: [PackPlatform]) throws {
        guard let attempt = BatchAttempt.current else { throw ExitCode(BatchSupervisor.run()) }
        var options = PackOptions(
            platforms: unique, threads: threads, compressionLevel: compression, appleByteLimit: byteLimit,
            incremental: !force, shard: shard.flatMap(Shard.init(parsing:)))
        options.lintsMasters = true
        options.allowsLintErrors = allowLintErrors
        // Every sticker is built again after a death (those done come from the manifest), and
        // those printed by earlier attempts are not printed again.
        options.supervision = attempt.supervision(firstIndex: 0)
        let builder = PackBuilder(source: source, output: output, options: options)
        let count = (try? StickerInputs.expand([source]).count) ?? 0
        let console = BatchConsole(
            total: count, format: logFormat, quiet: quiet, progress: progress, started: attempt.started,
            resuming: attempt, output: BatchAttempt.output)
        let summary: PackSummary
        let counter = ReportCounter(first: 0)
        do {
            summary = try builder.build {
                let index = counter.take()
                guard index >= attempt.reported else { return }
                var result = $0
                result.skipped = attempt.skipped(index: index, found: result.skipped)
                console.report(result)
                let failed: Bool = if case .failure = result.outcome { true } else { !result.problems.isEmpty }
                attempt.reported(index: index, status: failed ? "f" : result.skipped ? "u" : "o")
            }
        } catch {
            throw runFailure(error.description)
        }
        for (platform, problems) in summary.platformProblems.sorted(by: { $0.key < $1.key }) {
            for problem in problems { console.message("error: \(platform): \(problem)") }
        }
        for (platform, notes) in summary.platformNotes.sorted(by: { $0.key < $1.key }) {
            for note in notes { console.message("note: \(platform): \(note)") }
        }
        if !quiet {
            for (platform, packs) in summary.packs.sorted(by: { $0.key < $1.key }) {
                for pack in packs {
                    let kind = pack.animated.map { $0 ? "animated" : "still" } ?? "mixed"
                    console.message("\(platform)/\(pack.identifier): \(pack.stickers.count) \(kind) sticker(s)")
                }
            }
        }
        let skipped =
            attempt.reportedSkipped
            + summary.stickers.enumerated().dropFirst(attempt.reported).filter {
                attempt.skipped(index: $0.offset, found: $0.element.skipped)
            }.count
        console.packSummary(summary, output: output, skipped: skipped)
        attempt.flushOutput()
        if summary.hasFailures { throw ExitCode(1) }
    }
}
