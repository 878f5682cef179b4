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

/// Puts each platform's sticker files into packs: plans them (`PackPlanner`), writes the files
/// made in memory (or, for stickers that were up to date, read back from where the last run
/// put them) into `PLATFORM/PACK/` under the platform's file names, renders the pack's own
/// images (tray, main, tab, thumbnail) and writes its manifest. The platform folder is
/// rebuilt on every run that plans a pack for it, so no pack of an earlier build lingers; a
/// platform with no pack this time (a problem) keeps its folder as it was.
struct PlatformPackWriter {
    let builder: PackBuilder
    let configuration: PackConfiguration
    let entries: [PackBuilder.Entry]
    /// Where the build records the files it writes.
    let pending: PendingFlush

    var output: String { builder.output }

    /// What the writer did for every platform.
    struct Outcome {
        var results: [PackStickerResult]
        var packs: [String: [PlannedPack]] = [:]
        var problems: [String: [String]] = [:]
        var notes: [String: [String]] = [:]
    }

    func write(results: [PackStickerResult]) throws(PackError) -> Outcome {
        var outcome = Outcome(results: results)
        let title = configuration.name ?? (builder.source.split(separator: "/").last.map(String.init) ?? "Stickers")
        let base = PackPlanner.slug(configuration.identifier ?? title)
        // Every platform file's bytes, before any platform folder is rebuilt: made in this run,
        // or read from where the last run (or a shard) put them.
        var contents: [String: [Int: PackStickerResult.PlatformBytes]] = [:]
        for platform in builder.options.platforms {
            for (index, result) in results.enumerated() {
                guard case .success(let files) = result.outcome,
                    let file = files.first(where: { $0.platform == platform.id })
                else { continue }
                if let made = result.platformBytes[platform.id] {
                    contents[platform.id, default: [:]][index] = made
                } else {
                    do {
                        let bytes = try FileSystem.read("\(output)/\(file.path)")
                        let ext = file.path.split(separator: "/").last?.split(separator: ".").last.map(String.init)
                        contents[platform.id, default: [:]][index] = .init(bytes: bytes, fileExtension: ext ?? "png")
                    } catch { throw .file(error) }
                }
            }
        }
        var sources = PackImageSources(builder: builder)
        // Sticker and platform of every file put into a pack.
        var placed = Set<String>()
        for platform in builder.options.platforms {
            // The file of each sticker that has one, in pack order.
            var staged: [(entry: Int, file: PackOutputFile, made: PackStickerResult.PlatformBytes)] = []
            for (index, result) in results.enumerated() {
                guard case .success(let files) = result.outcome,
                    let file = files.first(where: { $0.platform == platform.id }),
                    let made = contents[platform.id]?[index]
                else { continue }
                staged.append((index, file, made))
            }
            let items = staged.map {
                PackPlanner.Item(name: entries[$0.entry].name, animated: $0.file.animated == true)
            }
            let (packs, problems) = PackPlanner.plan(items, platform: platform, base: base, title: title)
            outcome.problems[platform.id, default: []] += problems
            outcome.packs[platform.id] = packs
            let folder = "\(output)/\(platform.id)"
            // A platform that gets no pack this time (too few stickers) keeps the folder an
            // earlier build wrote: a build that makes nothing removes nothing.
            if !packs.isEmpty { try? FileManager.default.removeItem(atPath: folder) }
            var manifests: [ManifestPack] = []
            var defaulted: [String] = []
            // Configured emojis that are not one valid emoji each (Discord's tags may be any text).
            var invalidEmojis: [String] = []
            for pack in packs {
                let packFolder = "\(folder)/\(pack.identifier)"
                var stickers: [ManifestSticker] = []
                var packBytes: [UInt8] = []
                for (position, name) in pack.stickers.enumerated() {
                    guard let item = staged.first(where: { entries[$0.entry].name == name }) else { continue }
                    let entry = entries[item.entry]
                    let ext = item.made.fileExtension
                    let number = String(position + 1)
                    let filename =
                        platform.fileNaming == .twoDigitNumbers
                        ? "\(number.count < 2 ? "0" + number : number).\(ext)" : "\(name).\(ext)"
                    let bytes = item.made.bytes
                    do {
                        try FileSystem.createDirectory(packFolder)
                        try AtomicFile.write(bytes, to: "\(packFolder)/\(filename)", deferringFlushTo: pending)
                    } catch { throw .file(error) }
                    packBytes += SHA256.hex(bytes).utf8
                    let (emojis, derived) = emojis(for: entry)
                    if !derived { defaulted.append(name) }
                    if let range = platform.metadata?.emojisPerSticker, platform.manifest != .discordStickers {
                        for emoji in emojis.prefix(range.upperBound) {
                            guard let problem = EmojiSequence.problem(in: emoji) else { continue }
                            invalidEmojis.append(
                                "\(name): emoji \"\(emoji)\" (\(EmojiSequence.codePoints(emoji))) is not one valid emoji: \(problem)"
                            )
                        }
                    }
                    stickers.append(ManifestSticker(file: filename, name: name, label: entry.label, emojis: emojis))
                    outcome.results[item.entry] = relocate(
                        outcome.results[item.entry], platform: platform.id,
                        to: "\(platform.id)/\(pack.identifier)/\(filename)")
                    placed.insert("\(item.entry)/\(platform.id)")
                }
                var images: [PackImageRule.Role: String] = [:]
                for rule in platform.packImages ?? [] {
                    do {
                        try packImage(rule, pack: pack, platform: platform, folder: packFolder, sources: &sources)
                        images[rule.role] = rule.filename
                    } catch {
                        outcome.problems[platform.id, default: []].append(
                            "\(pack.identifier): \(rule.role.rawValue) image: \(error)")
                    }
                }
                let publisher = configuration.publisher ?? "Rendition"
                let item = ManifestPack(
                    pack: pack, publisher: publisher, stickers: stickers, images: images,
                    version: String(SHA256.hex(packBytes).prefix(12)))
                manifests.append(item)
                do {
                    switch platform.manifest {
                    case .telegramSet?:
                        try AtomicFile.write(
                            PackManifests.telegramSet(
                                item, rules: platform.metadata,
                                customEmoji: platform.id == PackPlatform.telegramEmoji.id), to: "\(packFolder)/set.json"
                        )
                    case .signalManifest?:
                        try AtomicFile.write(PackManifests.signalManifest(item), to: "\(packFolder)/manifest.json")
                    case .discordStickers?:
                        try AtomicFile.write(
                            PackManifests.discordStickers(item, rules: platform.metadata),
                            to: "\(packFolder)/stickers.json")
                    case .whatsAppContents?, nil: break
                    }
                } catch { throw .file(error) }
            }
            if platform.manifest == .whatsAppContents && !manifests.isEmpty {
                do {
                    try AtomicFile.write(
                        PackManifests.whatsAppContents(manifests, rules: platform.metadata),
                        to: "\(folder)/contents.json")
                } catch { throw .file(error) }
            }
            outcome.problems[platform.id, default: []] += invalidEmojis
            if let range = platform.metadata?.emojisPerSticker, range.lowerBound > 0, !defaulted.isEmpty {
                let emoji = (configuration.defaultEmojis ?? Self.fallbackEmojis).joined()
                outcome.notes[platform.id, default: []].append(
                    "\(defaulted.count) sticker(s) got the default emoji \(emoji) (no emojis in the pack configuration and none in the file name): \(defaulted.joined(separator: ", "))"
                )
            }
        }
        // A platform file that went into no pack (too few stickers for one) is not written: it
        // leaves the report, and the sticker is made again next time, when it may fit a pack.
        for index in outcome.results.indices {
            guard case .success(let files) = outcome.results[index].outcome else { continue }
            let kept = files.filter { $0.platform == nil || placed.contains("\(index)/\($0.platform!)") }
            if kept.count != files.count {
                outcome.results[index] = outcome.results[index].replacingFiles(kept)
                outcome.results[index].leftOutOfPacks = true
            }
        }
        return outcome
    }

    static let fallbackEmojis = ["🙂"]

    /// A sticker's emojis: configured, else from its file name, else the pack's default;
    /// `derived` is false for the default.
    func emojis(for entry: PackBuilder.Entry) -> (emojis: [String], derived: Bool) {
        if let given = entry.emojis, !given.isEmpty { return (given, true) }
        if let named = StickerEmoji.parse(fileName: entry.path) { return ([named.emoji.string], true) }
        return (configuration.defaultEmojis ?? Self.fallbackEmojis, false)
    }

    /// The result with its file for `platform` at `path`.
    func relocate(_ result: PackStickerResult, platform: String, to path: String) -> PackStickerResult {
        guard case .success(let files) = result.outcome else { return result }
        return result.replacingFiles(files.map { $0.platform == platform ? $0.moved(to: path) : $0 })
    }

    /// Renders one of the pack's own images from the tray source (the configured `tray`, else
    /// the pack's most legible sticker, `TrayLegibility`): a still placed on the image's canvas, or for LINE's main
    /// image of an animated set an APNG following the platform's animation rules.
    func packImage(
        _ rule: PackImageRule, pack: PlannedPack, platform: PackPlatform, folder: String,
        sources: inout PackImageSources
    ) throws {
        let path: String
        if let tray = configuration.tray {
            path = try builder.paths.path(of: tray, key: "tray")
        } else {
            let paths = pack.stickers.compactMap { name in entries.first(where: { $0.name == name })?.path }
            guard let first = paths.first else { return }
            // The most legible sticker; when none can be decoded, the first (whose error is reported).
            path = TrayLegibility.mostLegible(paths.map { sources.legibility($0) }).map { paths[$0] } ?? first
        }
        let master = try sources.master(path)
        let target = platform.target(
            label: "\(platform.name) \(rule.role.rawValue) image",
            size: .canvas(CanvasRule(mode: .exact, width: rule.width, height: rule.height)),
            formats: .init(still: rule.format, animated: [.apng]),
            animates: pack.animated == true && rule.animatedInAnimatedPack == true, byteLimit: .bytes(rule.maximumBytes)
        )
        var options = RenderOptions(limits: builder.options.limits)
        options.png.compressionLevel = builder.options.compressionLevel
        let made = try StickerPipeline(options: options).run(
            master, targets: [target], collapsingIdenticalFrames: true)
        let fitted = try made.outputs[0].get()
        try FileSystem.createDirectory(folder)
        try AtomicFile.write(fitted.bytes, to: "\(folder)/\(rule.filename)", deferringFlushTo: pending)
    }
}

/// The decoded sources of the packs' own images, each file decoded once for every platform
/// and pack that draws from it.
struct PackImageSources {
    let builder: PackBuilder
    private var decoded: [String: PipelineSource] = [:]
    /// The legibility of each file measured, `nil` for one that could not be decoded.
    private var measured: [String: TrayLegibility?] = [:]

    init(builder: PackBuilder) {
        self.builder = builder
    }

    /// The file at `path`, decoded (read and decoded on the first call only).
    mutating func master(_ path: String) throws -> PipelineSource {
        if let source = decoded[path] { return source }
        let bytes = try FileSystem.read(path)
        guard let format = ImageFormat.sniff(bytes) else { throw CodecError.unrecognizedFormat }
        let source = PipelineSource.animation(
            try ImageDecoder.decodeAnimation(bytes, limits: builder.options.limits), format: format)
        decoded[path] = source
        return source
    }

    /// How legible the file at `path` is as a pack image, by its first frame (measured once,
    /// and only the measures kept: a pack's stickers are not all held decoded); `nil` when it
    /// cannot be read or decoded.
    mutating func legibility(_ path: String) -> TrayLegibility? {
        if let known = measured[path] { return known }
        let frame = try? ImageDecoder.decode(try FileSystem.read(path), limits: builder.options.limits)
        let measures = frame.map(TrayLegibility.init)
        measured[path] = measures
        return measures
    }
}
