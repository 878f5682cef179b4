import ArgumentParser
import Foundation
import RenditionBatch
import RenditionCore
import RenditionLint
import RenditionPack

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check sticker files against a platform's rules and for edge problems; optionally fix them.",
        discussion: """
            Each file (folders are searched recursively for \(StickerInputs.searchedFilesDescription)) \
            is checked against the profile \
            (Apple Messages by default: PNG/APNG/GIF/JPEG, square 300-618 px, at most \
            500,000 bytes, transparent background) and analysed for edge problems: opaque \
            backgrounds, art touching the border, hard aliased edges, matte halos, colour \
            hidden under transparent pixels, clamped ringing and art that disappears on \
            white, black, red, yellow, multicolor or photo backgrounds. Every finding has a \
            stable code and a severity. The exit status is 0 when no file has an error, 1 when \
            some file has one, 2 for bad usage.

            --fix writes fixed copies as PNG into the -o folder (never over the input unless \
            --in-place), each written atomically; fixes apply in the order remove-background, \
            unmatte, defringe, trim, pad, and the fixed files are linted again; the summary and the \
            exit status then count each file by its fixed copy, and name the findings fixed.
            """
    )

    @Argument(help: ArgumentHelp("Sticker files or folders.", valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Print one JSON document (schema: docs/LINT.md, section JSON).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Built-in profile to check against: \(RenditionSettings.profileNames.joined(separator: ", ")); case is ignored.",
            valueName: "id"))
    var profile: String = AppleMessages.profileID

    @Option(
        name: .customLong("profile-file"),
        help: ArgumentHelp("A profile as a JSON file (overrides --profile).", valueName: "file"))
    var profileFile: String?

    @Option(
        name: .customLong("max-bytes"),
        help: ArgumentHelp("Byte limit per file, in decimal bytes (default: the profile's).", valueName: "bytes"))
    var maxBytes: Int?

    @Option(
        help: ArgumentHelp(
            "Fix kinds to apply: trim, pad, defringe, unmatte, remove-background (repeatable, or comma-separated).",
            valueName: "kind"),
        completion: .list(FixKind.allCases.map(\.rawValue)))
    var fix: [String] = []

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Folder for fixed files (created if missing).", valueName: "dir"))
    var output: String?

    @Flag(
        name: .customLong("in-place"), help: "Let --fix replace the input files (atomically) instead of writing to -o.")
    var inPlace = false

    @Option(
        help: ArgumentHelp(
            "Matte colour for --fix unmatte, as #rrggbb (default: estimated from the edges).", valueName: "color"))
    var matte: String?

    @Flag(help: "Show the numbers behind each finding in human output.")
    var verbose = false

    @Flag(name: .customLong("list-codes"), help: "Print every finding code with its severity and meaning, then exit.")
    var listCodes = false

    @OptionGroup var threads: ThreadsOption

    func validate() throws {
        if listCodes { return }
        guard !paths.isEmpty else { throw ValidationError("give at least one file or folder to lint") }
        if let maxBytes, maxBytes < 1 { throw ValidationError("--max-bytes must be positive") }
        _ = try fixKinds()
        if inPlace && output != nil { throw ValidationError("use either -o or --in-place, not both") }
        if !fix.isEmpty && output == nil && !inPlace {
            throw ValidationError("--fix needs an output folder (-o DIR), or --in-place to replace the inputs")
        }
        if fix.isEmpty && (output != nil || inPlace) {
            throw ValidationError("-o and --in-place only apply with --fix")
        }
        if let matte, RGBColor(hex: matte) == nil { throw ValidationError("--matte must be a colour like #ffffff") }
        _ = try loadProfile()
    }

    func fixKinds() throws -> [FixKind] {
        var kinds: [FixKind] = []
        for item in fix.flatMap({ $0.split(separator: ",") }) {
            guard let kind = FixKind(rawValue: String(item)) else {
                throw ValidationError(
                    "unknown fix '\(item)'; use \(FixKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }

    func loadProfile() throws -> StickerProfile {
        var chosen: StickerProfile
        if let profileFile {
            do {
                chosen = try JSONDecoder().decode(
                    StickerProfile.self, from: Data(try FileSystem.read(profileFile)))
            } catch {
                throw ValidationError("cannot load profile \(profileFile): \(error)")
            }
        } else {
            chosen = try commandLineSetting { () throws(SettingsError) in try RenditionSettings.profile(named: profile)
            }
        }
        if let maxBytes {
            chosen.maximumBytes = maxBytes
            chosen.maximumAnimatedBytes = nil
        }
        return chosen
    }

    func run() throws {
        if listCodes {
            for code in LintCode.allCases {
                print(
                    "\(code.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0)) \(code.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(code.summary)"
                )
            }
            return
        }
        let profile = try loadProfile()
        let files = try expandStickerInputs(paths)
        let linter = StickerLinter(options: LintOptions(profile: profile))
        let json = self.json, verbose = self.verbose
        let threadCount = try threads.budget().count
        let reports = linter.lint(paths: files, threads: threadCount) { report in
            if !json { print(LintOutput.human(report, verbose: verbose)) }
        }

        var outcomes: [FixOutcome]? = nil
        let kinds = try fixKinds()
        if !kinds.isEmpty {
            let fixer = StickerFixer(
                options: FixOptions(kinds: kinds, profile: profile, matte: matte.flatMap(RGBColor.init(hex:))))
            var results: [FixOutcome] = []
            for file in files {
                let destination = FixedFileNames.path(for: file, in: inPlace ? nil : output)
                let outcome = fixer.fix(path: file, writingTo: destination, linter: linter)
                if !json { print(LintOutput.fixLine(outcome)) }
                results.append(outcome)
            }
            outcomes = results
        }

        // With fixes, a file counts by its fixed version when one was written.
        let tally = outcomes.map { LintFixTally(reports: reports, fixes: $0) }
        if json {
            print(try LintOutput.json(reports, profile: profile, fixes: outcomes))
        } else {
            print(tally?.summary ?? LintOutput.summary(reports))
        }
        let failed = tally?.fails ?? reports.contains(where: \.hasErrors)
        if failed { throw ExitCode(1) }
    }
}
