import ArgumentParser
import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack

struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract:
            "Build a sticker pack from a folder of @3x masters: an Xcode catalog, flat renditions and other platforms' packs.",
        discussion: """
            SRC holds @3x stickers (searched recursively for \(StickerInputs.searchedFilesDescription)) \
            and optionally pack.json or pack.yaml (order, names, accessibility labels, size class, \
            icon; see docs/PACKS.md, section Pack configuration).
            OUT receives:
              with Apple's pack (without --platform, or --platform messages or all):
                Stickers.xcstickers/  the Xcode sticker catalog (Sticker Pack.stickerpack
                                      with one NAME.sticker or NAME.stickersequence per
                                      sticker, and the iMessage App Icon.stickersiconset)
                renditions/           NAME@3x, NAME@2x, NAME@1x for apps that load
                                      stickers from files
              per --platform (whatsapp, signal, telegram, discord, line):
                PLATFORM/PACK/        packs the platform accepts: stills and animations
                                      apart where it wants them apart, split when over
                                      its maximum (PACK-1, PACK-2), with its tray, main,
                                      tab or thumbnail image and its manifest (WhatsApp
                                      contents.json beside the packs; Telegram
                                      set.json, Signal manifest.json, Discord
                                      stickers.json in each pack)
              always:
                pack-report.json      every file with its size, limit, fitting step and
                                      what was given up, and the folders above that
                                      the build wrote (recorded for the next build in
                                      .rendition-pack-folders)

            A folder an earlier build wrote and recorded that this one does not make (a platform left out \
            this time) is removed when the build succeeds; nothing else in OUT is, and a build that \
            fails removes nothing.
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
            "Build packs for these platforms (repeatable, or comma-separated): \(AppleMessages.profileID) (or \(AppleMessages.aliases.joined(separator: ", "))), \(PackPlatform.builtIn.keys.sorted().joined(separator: ", ")), or all. Without --platform, Apple's pack only; with it, Apple's pack (catalog and renditions) only when named or all.",
            valueName: "id"),
        completion: .list(Self.platformIDs))
    var platforms: [String] = []

    /// What `--platform` takes: Apple's id and aliases, the built-in platforms, and `all`.
    static var platformIDs: [String] {
        [AppleMessages.profileID] + AppleMessages.aliases + PackPlatform.builtIn.keys.sorted() + ["all"]
    }

    @Option(
        name: .customLong("platform-file"),
        help: ArgumentHelp(
            "A JSON file describing another platform (same fields as the built-in ones).", valueName: "file"))
    var platformFiles: [String] = []

    @OptionGroup var compression: CompressionOption

    @Option(
        name: .customLong("byte-limit"),
        help: ArgumentHelp("Apple's per-file limit in bytes.", valueName: "bytes"))
    var byteLimit: Int = AppleMessages.byteLimit

    @Option(
        name: .customLong("quality-floor"),
        help: ArgumentHelp(
            "List the files whose quality score (SSIM against the unfitted rendition) is below this, with the step that cost it (0 lists none).",
            valueName: "score"))
    var qualityFloor: Double = 0.9

    @OptionGroup var threads: ThreadsOption

    @OptionGroup var batch: BatchOptions

    @OptionGroup var console: ConsoleOptions

    @Flag(
        help:
            "Pack masters that lint rejects (too small, empty, opaque, on an opaque background) instead of failing them."
    )
    var allowLintErrors = false

    @Flag(
        help:
            "Let pack.json or pack.yaml name files outside SRC (absolute paths, .., symbolic links out of it); without it they are refused."
    )
    var allowOutsidePaths = false

    func validate() throws {
        if checkFolder != nil {
            guard source == nil && output == nil else {
                throw ValidationError("--check takes no source folder and no --output")
            }
        } else {
            guard source != nil else { throw ValidationError("missing the source folder (or --check DIR)") }
            guard output != nil else { throw ValidationError("missing --output") }
        }
        _ = try settings()
    }

    /// The settings the options ask for, the platforms of --platform-file included.
    func settings() throws(ValidationError) -> RenditionSettings {
        var settings = try RenditionSettings.shared(compression: compression, threads: threads, batch: batch)
        try commandLineSetting { () throws(SettingsError) in
            try settings.setAppleByteLimit(byteLimit)
            try settings.setPlatforms(named: platforms)
        }
        for file in platformFiles {
            let platform: PackPlatform
            do {
                platform = try JSONDecoder().decode(
                    PackPlatform.self, from: Data(try FileSystem.read(file)))
            } catch {
                throw ValidationError("\(file): not a valid platform description (\(error))")
            }
            if !settings.platforms.contains(where: { $0.id == platform.id }) { settings.platforms.append(platform) }
        }
        settings.lintsMasters = true
        settings.allowsLintErrors = allowLintErrors
        settings.allowsPathsOutsideSource = allowOutsidePaths
        return settings
    }

    func run() throws {
        let settings = try settings()
        let unique = settings.platforms
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
        try build(source: source, output: output, settings: settings)
    }

    func build(source: String, output: String, settings: RenditionSettings) throws {
        guard let attempt = BatchAttempt.current else { throw ExitCode(BatchSupervisor.run()) }
        var options = settings.packOptions()
        // Every sticker is built again after a death (those done come from the manifest), and
        // those printed by earlier attempts are not printed again.
        options.supervision = attempt.supervision(firstIndex: 0)
        let builder = PackBuilder(source: source, output: output, options: options)
        let count = (try? StickerInputs.expand([source]).count) ?? 0
        let console = BatchConsole(
            total: count, format: self.console.logFormat, quiet: self.console.quiet,
            progress: self.console.progress, started: attempt.started, resuming: attempt, output: BatchAttempt.output)
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
        console.placed(summary)
        for (platform, problems) in summary.platformProblems.sorted(by: { $0.key < $1.key }) {
            for problem in problems { console.message("error: \(platform): \(problem)") }
        }
        for (platform, notes) in summary.platformNotes.sorted(by: { $0.key < $1.key }) {
            for note in notes { console.message("note: \(platform): \(note)") }
        }
        for line in PackQualityFloor(floor: qualityFloor).lines(summary) { console.message(line) }
        for folder in summary.removedFolders {
            console.message("note: removed \(output)/\(folder)/, which an earlier build made and this one does not")
        }
        if !self.console.quiet {
            for (platform, packs) in summary.packs.sorted(by: { $0.key < $1.key }) {
                for pack in packs {
                    let kind = PackEvents.kind(of: pack, in: summary)
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
