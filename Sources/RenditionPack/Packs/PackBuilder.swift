import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Settings for `PackBuilder`.
public struct PackOptions: Sendable {
    /// Platforms to build packs for besides the Xcode catalog and flat renditions.
    public var platforms: [PackPlatform]
    /// Whether Apple's pack is built: the Xcode catalog (stickers, sequences, the Messages
    /// icon set) and the flat @3x/@2x/@1x renditions. `true` by default; `false` builds only
    /// `platforms`, and removes Apple's folders when an earlier build recorded them
    /// (`PackBuilder.build`).
    public var includesApple = true
    /// Worker threads (stickers are built in parallel).
    public var threads: Int
    /// First deflate level for PNG/APNG (the size ladder may go higher).
    public var compressionLevel: Int
    /// Apple's per-file limit (500 KB).
    public var appleByteLimit: Int
    /// Skip stickers whose outputs are up to date (manifest in the output folder).
    public var incremental: Bool
    /// Build only this shard's stickers; catalog-level files are written by unsharded runs.
    public var shard: Shard?
    /// Input decoding limits.
    public var limits: DecodeLimits
    /// Lint each master first (see `PackInputCheck`): a master whose art lint rejects (empty,
    /// opaque) fails; one below Apple's smallest @3x side is left out of Apple's catalog and
    /// renditions only, and a platform whose file would enlarge the master more than 8 times
    /// is left out for that sticker; each refusal is a problem of the sticker (a partial pack
    /// exits 1). With `allowsLintErrors` everything is packed, with a note. Off by default.
    public var lintsMasters = false
    /// With `lintsMasters`, pack masters that lint rejects instead of failing them.
    public var allowsLintErrors = false
    /// Read the files the configuration names (`stickers[].file`, `icon`, `tray`) wherever
    /// they are: absolute paths, `..` and symbolic links out of the source folder. `false` by
    /// default: such paths are refused (`PackPathResolver`).
    public var allowsPathsOutsideSource = false
    /// Set by a supervising process (see `BatchSupervision`; its `firstIndex` is not used: a
    /// pack works on every sticker, those up to date from the manifest).
    package var supervision: BatchSupervision?

    /// Creates options.
    public init(
        platforms: [PackPlatform] = [], threads: Int = 1, compressionLevel: Int = PNGEncoder.defaultCompressionLevel,
        appleByteLimit: Int = AppleMessages.byteLimit, incremental: Bool = true, shard: Shard? = nil,
        limits: DecodeLimits = .default
    ) {
        self.platforms = platforms
        self.threads = max(1, threads)
        self.compressionLevel = compressionLevel
        self.appleByteLimit = appleByteLimit
        self.incremental = incremental
        self.shard = shard
        self.limits = limits
    }
}

/// Builds a sticker pack from a folder of @3x masters: an Xcode-ready `Stickers.xcstickers`
/// catalog (stickers, sticker sequences, Messages icon set), flat @3x/@2x/@1x renditions,
/// and packs for other platforms, every file fitted under its limit. Stickers are built in
/// parallel; a bad sticker is reported and the others go on; files are written atomically.
public struct PackBuilder: Sendable {
    /// The source folder.
    package let source: String
    /// The output folder.
    package let output: String
    /// Settings.
    package let options: PackOptions

    /// Creates a builder.
    public init(source: String, output: String, options: PackOptions) {
        self.source = source.hasSuffix("/") && source.count > 1 ? String(source.dropLast()) : source
        self.output = output
        self.options = options
    }

    /// One sticker to build.
    struct Entry: Sendable {
        let path: String
        let name: String
        let label: String
        let style: PackConfiguration.AnimatedStyle
        var emojis: [String]? = nil
    }

    /// Builds the pack; `report` receives each sticker's outcome in pack order.
    ///
    /// The output's top-level folders the build writes (Apple's, one per platform) are
    /// recorded in the output (`PackOwnedFolders`) and listed in `pack-report.json`; an
    /// unsharded build that made every folder it was asked for, with no failure, removes the
    /// folders the last one recorded that it no longer makes (a platform left out this time),
    /// and nothing it did not record (`PackSummary.removedFolders`); one that failed or fell
    /// short (a platform with too few stickers for a pack) removes nothing. Only folders that exist are recorded. A shard's
    /// build removes nothing and records the last build's folders as well as its own.
    public func build(report: @escaping @Sendable (PackStickerResult) -> Void = { _ in }) throws(PackError)
        -> PackSummary
    {
        let configuration = try PackConfiguration.load(from: source) ?? PackConfiguration()
        if !options.includesApple && options.platforms.isEmpty {
            throw .invalidConfiguration(
                path: source, reason: "nothing to build: Apple's pack is left out and no other platform is named")
        }
        var entries = try plan(configuration)
        if entries.isEmpty { throw .empty(source: source) }
        let sizeClass = configuration.sizeClass ?? inferSizeClass(entries)
        do { try FileSystem.createDirectory(output) } catch { throw .file(error) }
        // Earlier versions staged platform files here and left them behind.
        try? FileManager.default.removeItem(atPath: "\(output)/.rendition-stage")
        if let shard = options.shard { entries = entries.filter { shard.contains(stickerNamed: $0.name) } }

        let manifest = options.incremental ? RenderManifest(directory: output) : nil
        // Files written during the build, made durable together at the end.
        let pending = PendingFlush()
        let fingerprint = fingerprint(configuration: configuration, sizeClass: sizeClass)
        let frameThreads = ThreadBudget(options.threads).frameThreads(forBatchOf: entries.count)
        let frozenEntries = entries
        let supervision = options.supervision.map {
            var whole = $0
            whole.firstIndex = 0
            return whole
        }
        let animatedFormatChoice = configuration.animatedFormats ?? [:]
        var results = BatchSupervision.map(
            supervision, count: entries.count, threads: options.threads, worker: { _ in () }, reportingInOrder: report
        ) { [self] index, _ in
            let work = PackStickerWork(
                pending: pending,
                builder: self, entry: frozenEntries[index], sizeClass: sizeClass,
                frameThreads: frameThreads, manifest: manifest, fingerprint: fingerprint,
                animatedFormatChoice: animatedFormatChoice)
            guard let supervision else { return work.run() }
            if let signal = supervision.fatalInputs[index] {
                return work.failure(BatchSupervision.processDiedReason(path: work.entry.path, signal: signal))
            }
            supervision.willStart(index)
            let result = work.run()
            let rendered = !result.skipped && result.problems.isEmpty && (try? result.outcome.get()) != nil
            supervision.didFinish(index, rendered)
            return result
        }
        if options.shard != nil {
            try? manifest?.compact()
            do { try pending.flush() } catch { throw .file(error) }
        }

        var problems: [String: [String]] = [:]
        var summary = PackSummary(stickers: results, platformProblems: [:], sizeClass: sizeClass)
        if options.shard == nil && options.includesApple {
            problems = try writePackLevelFiles(
                configuration: configuration, entries: entries, results: results, sizeClass: sizeClass)
        }
        if options.shard == nil {
            let packs = try PlatformPackWriter(
                builder: self, configuration: configuration, entries: entries, pending: pending
            ).write(
                results: results)
            results = packs.results
            // Each sticker is recorded with its files where the packs put them; the platform
            // files of sharded runs have been read back and are no longer needed.
            for result in results {
                if let entry = result.manifestEntry { try? manifest?.record(entry) }
            }
            try? manifest?.compact()
            try? FileManager.default.removeItem(atPath: "\(output)/\(PackShardOutputs.folder)")
            do { try pending.flush() } catch { throw .file(error) }
            for (platform, list) in packs.problems where !list.isEmpty { problems[platform, default: []] += list }
            summary = PackSummary(stickers: results, platformProblems: problems, sizeClass: sizeClass)
            summary.packs = packs.packs
            summary.platformNotes = packs.notes
        } else {
            summary = PackSummary(stickers: results, platformProblems: problems, sizeClass: sizeClass)
        }
        let recorded = PackOwnedFolders.recorded(in: output)
        let asked = PackOwnedFolders.asked(by: options)
        // A folder is made when it exists now and, for a platform, a pack was written into it
        // (a platform without a pack keeps whatever an earlier build left there).
        let made = asked.filter { name in
            FileSystem.isDirectory("\(output)/\(name)")
                && (AppleMessages.folders.contains(name) || summary.packs[name]?.isEmpty == false)
        }
        if options.shard == nil {
            let settled = PackOwnedFolders.settle(
                in: output, asked: asked, made: made, recorded: recorded, failed: summary.hasFailures)
            summary.folders = settled.owned
            summary.removedFolders = settled.removed
        } else {
            // A shard writes no platform folder: it keeps the record and adds Apple's folders it wrote.
            let existing = made.filter { AppleMessages.folders.contains($0) }
            summary.folders =
                recorded.filter { FileSystem.isDirectory("\(output)/\($0)") }
                + existing.filter { !recorded.contains($0) }
        }
        do { try PackOwnedFolders.record(summary.folders, in: output) } catch { throw .file(error) }
        try PackReport.write(summary, to: "\(output)/\(PackReport.fileName)")
        return summary
    }

    /// Where the files the configuration names are, checked against the source folder.
    var paths: PackPathResolver {
        PackPathResolver(
            source: source, configurationFile: PackConfiguration.file(in: source) ?? "\(source)/pack.json",
            allowsPathsOutsideSource: options.allowsPathsOutsideSource)
    }

    /// The stickers in pack order, from the configuration or the folder's images; every path
    /// the configuration names is checked first (`PackPathResolver`).
    func plan(_ configuration: PackConfiguration) throws(PackError) -> [Entry] {
        let defaultStyle = configuration.animatedAs ?? .sequence
        let paths = self.paths
        var icon: String?
        var tray: String?
        if let given = configuration.icon { icon = try paths.path(of: given, key: "icon") }
        if let given = configuration.tray { tray = try paths.path(of: given, key: "tray") }
        var entries: [Entry] = []
        if let listed = configuration.stickers {
            for (index, sticker) in listed.enumerated() {
                let name = sticker.name ?? StickerInputs.stickerName(for: sticker.file)
                entries.append(
                    Entry(
                        path: try paths.path(of: sticker.file, key: "stickers[\(index)].file"), name: name,
                        label: sticker.accessibilityLabel ?? Self.label(for: name),
                        style: sticker.animatedAs ?? defaultStyle, emojis: sticker.emojis))
            }
        } else {
            let files: [String]
            do { files = try StickerInputs.expand([source]) } catch { throw .file(error) }
            for file in files.sorted()
            where file != icon && file != tray && !file.contains("/\(PackShardOutputs.folder)/") {
                let name = StickerInputs.stickerName(for: file)
                entries.append(Entry(path: file, name: name, label: Self.label(for: name), style: defaultStyle))
            }
        }
        var seen = Set<String>()
        for entry in entries {
            if entry.label.count > PackConfiguration.maximumAccessibilityLabelLength {
                throw .invalidConfiguration(
                    path: "\(source)/pack.json",
                    reason:
                        "the accessibility label of \"\(entry.name)\" has \(entry.label.count) characters; Apple allows \(PackConfiguration.maximumAccessibilityLabelLength)"
                )
            }
            if entry.name.isEmpty || entry.name.contains("/") || entry.name.hasPrefix(".") {
                throw .invalidConfiguration(
                    path: "\(source)/pack.json", reason: "\"\(entry.name)\" is not a usable sticker name")
            }
            if !seen.insert(entry.name.lowercased()).inserted {
                throw .invalidConfiguration(
                    path: "\(source)/pack.json", reason: "two stickers are named \"\(entry.name)\"")
            }
        }
        return entries
    }

    /// A readable default label: the name with separators as spaces.
    static func label(for name: String) -> String {
        String(name.map { $0 == "-" || $0 == "_" ? " " : $0 })
    }

    /// The size class most masters are made for (by their longer side).
    func inferSizeClass(_ entries: [Entry]) -> StickerSizeClass {
        var votes: [StickerSizeClass: Int] = [:]
        for entry in entries {
            guard let bytes = try? FileSystem.read(entry.path), let size = try? ImageDimensions(bytes) else { continue }
            let side = max(size.width, size.height)
            let sizeClass = StickerSizeClass.allCases.last { $0.masterPixels <= side } ?? .small
            votes[sizeClass, default: 0] += 1
        }
        return votes.max { ($0.value, $0.key.points) < ($1.value, $1.key.points) }?.key ?? .regular
    }

    func fingerprint(configuration: PackConfiguration, sizeClass: StickerSizeClass) -> String {
        var hasher = SHA256()
        hasher.update(
            "rendition-pack \(RenditionVersion.string)|\(sizeClass.rawValue)|\(options.compressionLevel)|\(options.appleByteLimit)"
        )
        if !options.includesApple { hasher.update("|without Apple") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for platform in options.platforms {
            if let data = try? encoder.encode(platform) { hasher.update([UInt8](data)) }
        }
        if let data = try? encoder.encode(configuration.animatedFormats ?? [:]) { hasher.update([UInt8](data)) }
        return hasher.finalizeHex()
    }

    /// The catalog's shared files, written after the stickers: Contents.json of the pack and
    /// catalog and the icon set (other platforms' packs: `PlatformPackWriter`).
    func writePackLevelFiles(
        configuration: PackConfiguration, entries: [Entry], results: [PackStickerResult],
        sizeClass: StickerSizeClass
    ) throws(PackError) -> [String: [String]] {
        var problems: [String: [String]] = [AppleMessages.reportKey: []]
        let succeeded = zip(entries, results).filter { if case .success = $1.outcome { true } else { false } }
        let packFolder = "\(output)/\(XcodeStickerCatalog.catalogName)/\(XcodeStickerCatalog.packName)"
        var catalogStickers = 0
        do {
            try FileSystem.createDirectory(packFolder)
            try AtomicFile.write(
                XcodeStickerCatalog.catalogContents(), to: "\(output)/\(XcodeStickerCatalog.catalogName)/Contents.json")
            // Stickers whose catalog entry was refused (a master below Apple's size) are not listed.
            let folders = succeeded.compactMap { _, result -> String? in
                guard case .success(let files) = result.outcome else { return nil }
                return files.lazy.map(\.path).first { $0.hasPrefix("\(XcodeStickerCatalog.catalogName)/") }
                    .map { String($0.split(separator: "/")[2]) }
            }
            catalogStickers = folders.count
            try AtomicFile.write(
                XcodeStickerCatalog.packContents(gridSize: sizeClass, stickerFolders: folders),
                to: "\(packFolder)/Contents.json")
            // Remove sticker folders left from earlier builds that are no longer in the pack.
            for name in try FileSystem.contents(of: packFolder)
            where (name.hasSuffix(".sticker") || name.hasSuffix(".stickersequence")) && !folders.contains(name) {
                try? FileManager.default.removeItem(atPath: "\(packFolder)/\(name)")
            }
        } catch {
            throw .file(error)
        }
        if catalogStickers == 0 {
            problems[AppleMessages.reportKey, default: []].append("no sticker could be built")
        }

        // Icon source: the configured icon, else the first sticker that built.
        var iconPath = succeeded.first?.0.path
        if let icon = configuration.icon { iconPath = try paths.path(of: icon, key: "icon") }
        if let iconPath {
            let (red, green, blue) = try configuration.iconBackgroundColor()
            do {
                let icons = AppleMessages.iconTargets(background: RGBA(red, green, blue, 255))
                var iconOptions = RenderOptions(limits: options.limits)
                iconOptions.png.compressionLevel = 9
                let made = try StickerPipeline(options: iconOptions).run(
                    .bytes(try FileSystem.read(iconPath)), targets: icons.map(\.target))
                let iconFolder = "\(output)/\(XcodeStickerCatalog.catalogName)/\(XcodeStickerCatalog.iconSetName)"
                try FileSystem.createDirectory(iconFolder)
                for (icon, output) in zip(icons, made.outputs) {
                    try AtomicFile.write(try output.get().bytes, to: "\(iconFolder)/\(icon.slot.filename)")
                }
                try AtomicFile.write(
                    XcodeStickerCatalog.iconSetContents(MessagesIconSlot.all), to: "\(iconFolder)/Contents.json")
            } catch {
                problems[AppleMessages.reportKey, default: []].append("icon \(iconPath): \(error)")
            }
        }
        return problems
    }
}
