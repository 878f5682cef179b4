import RenditionCodecs
import RenditionCore

/// Builds every output of one sticker: its Xcode catalog entry, its flat renditions and its
/// file for each requested platform. The master is decoded once and resampled once per
/// content size; every output of that size (Apple's and each platform's) shares the frames,
/// and outputs of one size are encoded concurrently when the sticker has threads to spare.
/// Platform files go to a staging folder (`PackStaging`); the builder puts them into packs
/// once every sticker is known.
struct PackStickerWork {
    let builder: PackBuilder
    let entry: PackBuilder.Entry
    let sizeClass: StickerSizeClass
    let frameThreads: Int
    let manifest: RenderManifest?
    let fingerprint: String
    /// Animated container chosen per platform in the pack configuration.
    let animatedFormatChoice: [String: OutputFormat]

    var output: String { builder.output }
    var options: PackOptions { builder.options }

    /// One file to make from the master: the catalog entry, a flat rendition, or the file for
    /// `options.platforms[platform]` (plain fields: a multi-payload enum holding a whole
    /// platform description confused valgrind's tracking of initialised bytes).
    struct Target {
        enum Kind { case catalog, rendition, platform }
        let kind: Kind
        var scale: StickerScale = .x3
        var platform: Int = -1

        static let catalog = Target(kind: .catalog)
        static func rendition(_ scale: StickerScale) -> Target { Target(kind: .rendition, scale: scale) }
        static func platform(_ index: Int) -> Target { Target(kind: .platform, platform: index) }
    }

    func run() -> PackStickerResult {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(entry.path) } catch {
            return failure(error.description)
        }
        let inputHash = SHA256.hex(bytes)
        let optionsHash = SHA256.hex(Array("\(fingerprint)|\(entry.label)|\(entry.style.rawValue)".utf8))
        if let manifest,
            let recorded = manifest.upToDateEntry(name: entry.name, inputHash: inputHash, optionsHash: optionsHash)
        {
            let files = recorded.outputs.map { output -> PackOutputFile in
                let staged = PackStaging.parse(output.file)
                return PackOutputFile(
                    path: output.file, bytes: output.bytes, width: output.width, height: output.height, limit: 0,
                    step: "up to date", givenUp: [], notes: [], platform: staged?.platform, animated: staged?.animated)
            }
            var result = PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .success(files))
            result.skipped = true
            return result
        }
        var master: Animation
        FaultInjection.trapIfRequested(decoding: entry.path)
        do { master = try ImageDecoder.decodeAnimation(bytes, limits: options.limits) } catch {
            return failure(error.description)
        }
        let check = PackInputCheck(
            bytes: bytes, path: entry.path, master: master, catalogSide: sizeClass.masterPixels,
            limits: options.limits, lints: options.lintsMasters)
        if !check.errors.isEmpty && !options.allowsLintErrors {
            return failure(
                "rejected by lint (" + check.errors.joined(separator: "; ") + "); --allow-lint-errors packs it anyway")
        }

        var masterNotes: [String] = []
        if AnimationConstraints.allFramesIdentical(master) {
            masterNotes.append("all \(master.frames.count) frames are the same: written as a still")
            master = Animation(still: master.firstFrame)
        }

        // A master in a platform's own vector format that follows its rules is kept as it is
        // (Telegram's TGS); every other platform file is drawn, fitted and staged.
        var files: [PackOutputFile] = []
        var problems: [String] = []
        var targets: [Target] = [.catalog] + [StickerScale.x3, .x2, .x1].map { .rendition($0) }
        for (index, platform) in options.platforms.enumerated() {
            do {
                if let kept = try keptVectorFile(bytes, platform: platform) {
                    files.append(kept)
                } else {
                    targets.append(.platform(index))
                }
            } catch {
                problems.append("\(platform.name): \(error)")
            }
        }
        let outcomes = make(targets, from: master, notes: masterNotes)

        for (target, outcome) in zip(targets, outcomes) {
            switch outcome {
            case .success(let made): files += made
            case .failure(let error) where target.kind == .platform:
                problems.append("\(options.platforms[target.platform].name): \(error)")
            case .failure(let error):
                return failure(error is SizeFitError ? "Apple Messages: \(error)" : "\(error)")
            }
        }
        if let manifest, problems.isEmpty {
            let outputs = files.map {
                RenderManifest.Entry.Output(
                    file: $0.path, bytes: $0.bytes, scale: 0, width: $0.width, height: $0.height)
            }
            try? manifest.record(
                RenderManifest.Entry(name: entry.name, inputHash: inputHash, optionsHash: optionsHash, outputs: outputs)
            )
        }
        var result = PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .success(files))
        result.problems = problems
        result.notes = check.notes + check.errors.map { "packed despite lint error \($0)" }
        return result
    }

    func failure(_ reason: String) -> PackStickerResult {
        PackStickerResult(
            name: entry.name, inputPath: entry.path,
            outcome: .failure(PackStickerError(path: entry.path, reason: reason)))
    }

    /// The canvas and whether the output animates, for a target.
    func placement(of target: Target, master: Animation) -> (rule: CanvasRule, animated: Bool) {
        switch target.kind {
        case .catalog:
            let side = sizeClass.masterPixels
            return (CanvasRule(mode: .exact, width: side, height: side), master.isAnimated)
        case .rendition:
            let side = StickerGeometry.renditionSide(masterSide: sizeClass.masterPixels, scale: target.scale)
            return (CanvasRule(mode: .exact, width: side, height: side), master.isAnimated)
        case .platform:
            let platform = options.platforms[target.platform]
            let animated = master.isAnimated && platform.animatedFormat != nil
            return (platform.canvas(animated: animated), animated)
        }
    }

    /// Makes every target: grouped by content size (in order of first appearance), each size
    /// resampled once and its targets encoded concurrently.
    func make(_ targets: [Target], from master: Animation, notes: [String]) -> [Result<[PackOutputFile], any Error>] {
        var groups: [(width: Int, height: Int, members: [Int])] = []
        for (index, target) in targets.enumerated() {
            let rule = placement(of: target, master: master).rule
            let size = rule.contentSize(masterWidth: master.width, masterHeight: master.height)
            if let g = groups.firstIndex(where: { $0.width == size.width && $0.height == size.height }) {
                groups[g].members.append(index)
            } else {
                groups.append((size.width, size.height, [index]))
            }
        }
        var results: [Result<[PackOutputFile], any Error>?] = Array(repeating: nil, count: targets.count)
        for group in groups {
            let needsFrames = group.members.contains { placement(of: targets[$0], master: master).animated }
            let source = needsFrames ? master : Animation(still: master.firstFrame)
            let content =
                (group.width == master.width && group.height == master.height)
                ? source
                : LanczosResampler().resample(source, width: group.width, height: group.height, threads: frameThreads)
            let members = group.members
            let workers = ParallelWork.workerCount(items: members.count, threads: frameThreads)
            let encoderThreads = max(1, frameThreads / workers)
            let outcomes = ParallelWork.map(count: members.count, threads: frameThreads) { slot in
                Result {
                    try self.make(
                        targets[members[slot]], content: content, master: master, notes: notes, threads: encoderThreads)
                }
            }
            for (slot, outcome) in outcomes.enumerated() { results[members[slot]] = outcome }
        }
        return results.map { $0! }
    }

    func make(_ target: Target, content: Animation, master: Animation, notes: [String], threads: Int) throws
        -> [PackOutputFile]
    {
        let (rule, animated) = placement(of: target, master: master)
        let source = animated || !content.isAnimated ? content : Animation(still: content.firstFrame)
        let canvas = rule.canvasSize(masterWidth: master.width, masterHeight: master.height)
        let placed = CanvasPlacement.padded(source, width: canvas.width, height: canvas.height)
        switch target.kind {
        case .catalog: return try catalogEntry(placed, notes: notes, threads: threads)
        case .rendition: return [try flatRendition(placed, scale: target.scale, threads: threads)]
        case .platform:
            let platform = options.platforms[target.platform]
            var platformNotes = notes
            if master.isAnimated && !animated {
                platformNotes.append("\(platform.name) takes still stickers here: first frame used")
            }
            return [try platformFile(placed, platform: platform, notes: platformNotes, threads: threads)]
        }
    }

    /// Writes `bytes` to `relative` (inside the output folder) and describes it.
    func write(
        _ fitted: FittedFile, to relative: String, width: Int, height: Int, limit: Int, notes: [String] = [],
        platform: String? = nil, animated: Bool? = nil
    ) throws -> PackOutputFile {
        let path = "\(output)/\(relative)"
        if let slash = path.lastIndex(of: "/") { try FileSystem.createDirectory(String(path[..<slash])) }
        try AtomicFile.write(fitted.bytes, to: path, durable: false)
        return PackOutputFile(
            path: relative, bytes: fitted.bytes.count, width: width, height: height, limit: limit,
            step: fitted.step, givenUp: fitted.givenUp, notes: notes, platform: platform, animated: animated)
    }

    /// `NAME.sticker` (still, APNG or GIF) or `NAME.stickersequence` (PNG frames) in the catalog.
    func catalogEntry(_ canvas: Animation, notes masterNotes: [String], threads: Int) throws -> [PackOutputFile] {
        let side = sizeClass.masterPixels
        let folder = "\(XcodeStickerCatalog.catalogName)/\(XcodeStickerCatalog.packName)"
        let limit = options.appleByteLimit
        let fitter = SizeFitter(limit: limit, compressionLevel: options.compressionLevel, threads: threads)
        var style = entry.style
        var notes = masterNotes
        if canvas.isAnimated && style == .sequence {
            if XcodeStickerCatalog.timing(of: canvas) == nil {
                style = .apng
                notes.append("frame delays vary, which a sticker sequence cannot express: written as an APNG sticker")
            } else if XcodeStickerCatalog.repetitions(forLoopCount: canvas.loopCount) == nil {
                style = .apng
                notes.append(
                    "the animation plays once, which a sticker sequence cannot express: written as an APNG sticker")
            }
        }
        if canvas.isAnimated && style == .sequence {
            let sequence = "\(folder)/\(entry.name).stickersequence"
            var files: [PackOutputFile] = []
            var frameNames: [String] = []
            let digits = max(3, String(canvas.frames.count).count)
            for (index, frame) in canvas.frames.enumerated() {
                let number = String(index + 1)
                let name = "\(entry.name)-\(String(repeating: "0", count: digits - number.count))\(number).png"
                frameNames.append(name)
                let fitted = try fitter.fit(Animation(still: frame.raster), as: .png)
                files.append(try write(fitted, to: "\(sequence)/\(name)", width: side, height: side, limit: limit))
            }
            try AtomicFile.write(
                XcodeStickerCatalog.sequenceContents(
                    frames: frameNames, timing: XcodeStickerCatalog.timing(of: canvas)!,
                    repetitions: XcodeStickerCatalog.repetitions(forLoopCount: canvas.loopCount)!,
                    accessibilityLabel: entry.label), to: "\(output)/\(sequence)/Contents.json")
            return files
        }
        let format: OutputFormat = !canvas.isAnimated ? .png : (style == .gif ? .gif : .apng)
        let filename = "\(entry.name).\(format.fileExtension)"
        let sticker = "\(folder)/\(entry.name).sticker"
        let fitted = try fitter.fit(canvas, as: format)
        let file = try write(
            fitted, to: "\(sticker)/\(filename)", width: side, height: side, limit: limit, notes: notes)
        try AtomicFile.write(
            XcodeStickerCatalog.stickerContents(filename: filename, accessibilityLabel: entry.label),
            to: "\(output)/\(sticker)/Contents.json")
        return [file]
    }

    /// `renditions/NAME@3x`, `@2x` or `@1x` for apps that load stickers from files.
    func flatRendition(_ canvas: Animation, scale: StickerScale, threads: Int) throws -> PackOutputFile {
        let format: OutputFormat = !canvas.isAnimated ? .png : (entry.style == .gif ? .gif : .apng)
        let fitter = SizeFitter(
            limit: options.appleByteLimit, compressionLevel: options.compressionLevel, threads: threads)
        let fitted = try fitter.fit(canvas, as: format)
        return try write(
            fitted, to: "renditions/\(entry.name)\(scale.suffix).\(format.fileExtension)",
            width: canvas.width, height: canvas.height, limit: options.appleByteLimit)
    }

    /// The sticker's file for another platform, adapted to its rules, fitted and staged. An
    /// animation tries the platform's preferred container first and its other accepted ones
    /// when the preferred cannot get under the limit.
    func platformFile(_ placed: Animation, platform: PackPlatform, notes: [String], threads: Int) throws
        -> PackOutputFile
    {
        var notes = notes
        let adapted = try AnimationConstraints.apply(platform, to: placed)
        notes += adapted.notes
        let animated = adapted.animation.isAnimated
        let limit = platform.byteLimit(animated: animated)
        let fitter = SizeFitter(
            limit: limit, compressionLevel: options.compressionLevel,
            preserveFrames: platform.minimumFrames != nil, threads: threads)
        let formats = animated ? preferredFirst(platform) : [platform.staticFormat]
        var firstError: (any Error)?
        for format in formats {
            do {
                var fitted = try fitter.fit(adapted.animation, as: format)
                if format != formats[0] {
                    fitted = FittedFile(
                        bytes: fitted.bytes, step: "\(fitted.step), as \(format.rawValue.uppercased())",
                        stepIndex: fitted.stepIndex, givenUp: fitted.givenUp)
                    notes.append(
                        "\(formats[0].rawValue.uppercased()) could not get under \(limit) bytes: written as \(format.rawValue.uppercased())"
                    )
                }
                return try write(
                    fitted,
                    to: PackStaging.path(platform: platform.id, name: entry.name, animated: animated, format: format),
                    width: adapted.animation.width, height: adapted.animation.height, limit: limit, notes: notes,
                    platform: platform.id, animated: animated)
            } catch let error as SizeFitError {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError!
    }

    /// The platform's accepted animated containers, the configured one first.
    func preferredFirst(_ platform: PackPlatform) -> [OutputFormat] {
        let accepted = platform.acceptedAnimatedFormats
        guard let wanted = animatedFormatChoice[platform.id], accepted.contains(wanted) else { return accepted }
        return [wanted] + accepted.filter { $0 != wanted }
    }
}

/// Where platform files wait until the builder has planned the packs:
/// `.rendition-stage/PLATFORM/NAME.still.EXT` or `NAME.animated.EXT` inside the output folder.
enum PackStaging {
    static let folder = ".rendition-stage"

    static func path(platform: String, name: String, animated: Bool, format: OutputFormat) -> String {
        path(platform: platform, name: name, animated: animated, fileExtension: format.fileExtension)
    }

    static func path(platform: String, name: String, animated: Bool, fileExtension: String) -> String {
        "\(folder)/\(platform)/\(name).\(animated ? "animated" : "still").\(fileExtension)"
    }

    /// The platform and kind of a staged path, or `nil` for other paths.
    static func parse(_ path: String) -> (platform: String, animated: Bool)? {
        let parts = path.split(separator: "/")
        guard parts.count == 3, parts[0] == folder else { return nil }
        return (String(parts[1]), parts[2].contains(".animated."))
    }
}
