import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline

/// Builds every output of one sticker through `StickerPipeline`, from one decode: its Xcode
/// catalog entry and flat renditions (written in place), and its file for each requested
/// platform (kept in memory for `PlatformPackWriter`, which places it in a pack once every
/// sticker is known). A sharded run, which writes no packs, leaves its platform files in
/// `PackShardOutputs` for the run that does.
struct PackStickerWork {
    /// Where the build records the files it writes, flushed together at its end.
    let pending: PendingFlush
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

    /// What each of the sticker's pipeline targets is for (a platform by its index in
    /// `options.platforms`: an enum payload holding a whole platform description confuses
    /// valgrind's tracking of initialised bytes).
    enum Role {
        case catalog
        case rendition(StickerScale)
        case platform(Int)
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
            return upToDate(recorded)
        }
        FaultInjection.trapIfRequested(decoding: entry.path)
        // Vector art is parsed once, for the pass-through check and for drawing.
        var composition: LottieComposition?
        if ImageFormat.sniff(bytes)?.isVector == true {
            do { composition = try LottieComposition(bytes, limits: options.limits) } catch {
                return failure(error.description)
            }
        }

        // A master in a platform's own vector or video format that follows its rules is kept
        // as it is (Telegram's TGS and WebM); every other platform file is made by the pipeline.
        var files: [PackOutputFile] = []
        var platformBytes: [String: PackStickerResult.PlatformBytes] = [:]
        var problems: [String] = []
        var roles: [Role] =
            options.includesApple ? [.catalog] + [StickerScale.x3, .x2, .x1].map { .rendition($0) } : []
        for (index, platform) in options.platforms.enumerated() {
            if let kept = keptVectorFile(bytes, composition: composition, platform: platform)
                ?? keptVideoFile(bytes, platform: platform)
            {
                files.append(kept.file)
                platformBytes[platform.id] = kept.bytes
            } else {
                roles.append(.platform(index))
            }
        }
        let pipeline = StickerPipeline(options: pipelineOptions)
        let master: StickerPipeline.DecodedMaster
        do throws(CodecError) {
            if let composition {
                master = try pipeline.decoded(composition, inspecting: options.lintsMasters)
            } else {
                master = try pipeline.decode(bytes, inspecting: options.lintsMasters)
            }
        } catch {
            return failure(error.description)
        }
        let check = PackInputCheck(
            source: master.inspection, byteCount: bytes.count, path: entry.path, masterWidth: master.width,
            masterHeight: master.height, catalogSide: sizeClass.masterPixels, limits: options.limits)
        if !check.errors.isEmpty && !options.allowsLintErrors {
            let tooSmall = options.includesApple ? check.tooSmallForApple : nil
            let findings = check.errors + (tooSmall.map { [$0] } ?? [])
            return failure(
                "rejected by lint (" + findings.joined(separator: "; ") + "); --allow-lint-errors packs it anyway")
        }
        if options.lintsMasters && !options.allowsLintErrors {
            problems += refuseWhatCannotBeMet(&roles, check: check, master: master)
        }
        // Nothing to make and nothing kept: every target was refused (and said why).
        if roles.isEmpty && files.isEmpty {
            return failure(problems.isEmpty ? "no platform was asked for" : problems.joined(separator: "; "))
        }
        // Every platform file kept as it is: the pipeline has nothing to make.
        var outputs: [Result<TargetOutput, TargetError>] = []
        var masterNotes: [String] = []
        if !roles.isEmpty {
            do {
                let made = try pipeline.run(master.source, targets: roles.map(target), collapsingIdenticalFrames: true)
                (outputs, masterNotes) = (made.outputs, made.notes)
            } catch {
                return failure(error.description)
            }
        }

        for (role, outcome) in zip(roles, outputs) {
            switch (role, outcome) {
            case (.platform(let index), .failure(let error)):
                problems.append("\(options.platforms[index].name): \(error)")
            case (_, .failure(.overLimit(let error))):
                return failure("Apple Messages: \(error)")
            case (_, .failure(let error)):
                return failure("\(error)")
            case (.platform(let index), .success(let output)):
                let platform = options.platforms[index]
                let upscale = PackInputCheck.upscaleNote(
                    master: (master.width, master.height), file: (output.width, output.height))
                let made = platformFile(output, platform: platform, notes: masterNotes + (upscale.map { [$0] } ?? []))
                files.append(made.file)
                platformBytes[platform.id] = made.bytes
            case (.catalog, .success(let output)):
                do { files += try catalogEntry(output, notes: masterNotes) } catch { return failure("\(error)") }
            case (.rendition(let scale), .success(let output)):
                do { files.append(try flatRendition(output, scale: scale)) } catch { return failure("\(error)") }
            }
        }
        var result = PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .success(files))
        result.problems = problems
        // The notes say how Apple's catalog enlarges the master.
        result.notes =
            (options.includesApple ? check.notes : []) + check.errors.map { "packed despite lint error \($0)" }
        result.platformBytes = platformBytes
        result.inputHash = inputHash
        result.optionsHash = optionsHash
        if options.shard != nil {
            // No packs in a sharded run: the platform files wait on disk for the run that
            // writes the packs.
            do { result = try PackShardOutputs.keep(result, in: output, pending: pending) } catch {
                return failure("\(error)")
            }
            if let entry = result.manifestEntry { try? manifest?.record(entry) }
        }
        return result
    }

    /// Removes the targets whose rules the master cannot meet, and says why: Apple's catalog
    /// and renditions when the master is below Apple's smallest @3x side, and each platform
    /// whose file would enlarge the master more than `PackInputCheck.maximumUpscale` times.
    func refuseWhatCannotBeMet(
        _ roles: inout [Role], check: PackInputCheck, master: StickerPipeline.DecodedMaster
    ) -> [String] {
        var refused: [String] = []
        if options.includesApple, let tooSmall = check.tooSmallForApple {
            roles.removeAll { if case .platform = $0 { false } else { true } }
            refused.append("\(AppleMessages.name): \(tooSmall); --allow-lint-errors packs it upscaled")
        }
        roles.removeAll { role in
            guard case .platform(let index) = role else { return false }
            let platform = options.platforms[index]
            let factor = PackInputCheck.upscale(platform, masterWidth: master.width, masterHeight: master.height)
            guard factor > PackInputCheck.maximumUpscale else { return false }
            refused.append(
                "\(platform.name): its file would enlarge the \(master.width)x\(master.height) master \(Int(factor.rounded()))x, more than \(Int(PackInputCheck.maximumUpscale))x; --allow-lint-errors packs it anyway"
            )
            return true
        }
        return refused
    }

    /// The result of a sticker whose files are up to date: its platform files are read back
    /// from where the last run put them.
    func upToDate(_ recorded: RenderManifest.Entry) -> PackStickerResult {
        let files = recorded.outputs.map { output -> PackOutputFile in
            PackOutputFile(
                path: output.file, bytes: output.bytes, width: output.width, height: output.height, limit: 0,
                step: "up to date", givenUp: [], notes: [], platform: output.platform, animated: output.animated)
        }
        var result = PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .success(files))
        result.skipped = true
        result.inputHash = recorded.inputHash
        result.optionsHash = recorded.optionsHash
        return result
    }

    func failure(_ reason: String) -> PackStickerResult {
        PackStickerResult(
            name: entry.name, inputPath: entry.path,
            outcome: .failure(PackStickerError(path: entry.path, reason: reason)))
    }

    /// The pipeline's settings: the pack's deflate level and limits, `frameThreads` threads.
    var pipelineOptions: RenderOptions {
        var png = PNGEncoder.Options()
        png.compressionLevel = options.compressionLevel
        return RenderOptions(png: png, limits: options.limits, frameThreads: frameThreads)
    }

    /// The pipeline target for a role.
    func target(_ role: Role) -> RenditionTarget {
        let side = sizeClass.masterPixels
        switch role {
        case .catalog:
            return AppleMessages.catalogTarget(side: side, style: entry.style, byteLimit: options.appleByteLimit)
        case .rendition(let scale):
            return AppleMessages.renditionTarget(
                scale, side: side, style: entry.style, byteLimit: options.appleByteLimit)
        case .platform(let index):
            let platform = options.platforms[index]
            return platform.stickerTarget(animatedFormats: preferredFirst(platform))
        }
    }

    /// Writes `bytes` to `relative` (inside the output folder).
    func write(_ bytes: [UInt8], to relative: String) throws(FileError) {
        let path = "\(output)/\(relative)"
        if let slash = path.lastIndex(of: "/") { try FileSystem.createDirectory(String(path[..<slash])) }
        try AtomicFile.write(bytes, to: path, deferringFlushTo: pending)
    }

    /// `NAME.sticker` (still, APNG or GIF) or `NAME.stickersequence` (PNG frames) in the catalog.
    func catalogEntry(_ made: TargetOutput, notes masterNotes: [String]) throws(FileError) -> [PackOutputFile] {
        let side = sizeClass.masterPixels
        let folder = "\(XcodeStickerCatalog.catalogName)/\(XcodeStickerCatalog.packName)"
        let limit = options.appleByteLimit
        let report = made.report
        if let sequence = made.sequence {
            let folder = "\(folder)/\(entry.name).stickersequence"
            var files: [PackOutputFile] = []
            var frameNames: [String] = []
            let digits = max(3, String(made.files.count).count)
            for (index, frame) in made.files.enumerated() {
                let number = String(index + 1)
                let name = "\(entry.name)-\(String(repeating: "0", count: digits - number.count))\(number).png"
                frameNames.append(name)
                try write(frame, to: "\(folder)/\(name)")
                files.append(
                    PackOutputFile(
                        path: "\(folder)/\(name)", bytes: frame.count, width: side, height: side, limit: limit,
                        step: report.step, givenUp: report.givenUp, notes: [], quality: report.quality))
            }
            try write(
                XcodeStickerCatalog.sequenceContents(
                    frames: frameNames, timing: sequence.timing, repetitions: sequence.repetitions,
                    accessibilityLabel: entry.label), to: "\(folder)/Contents.json")
            return files
        }
        let filename = "\(entry.name).\(made.fileExtension)"
        let sticker = "\(folder)/\(entry.name).sticker"
        try write(made.bytes, to: "\(sticker)/\(filename)")
        try write(
            XcodeStickerCatalog.stickerContents(filename: filename, accessibilityLabel: entry.label),
            to: "\(sticker)/Contents.json")
        return [
            PackOutputFile(
                path: "\(sticker)/\(filename)", bytes: made.bytes.count, width: side, height: side, limit: limit,
                step: report.step, givenUp: report.givenUp, notes: masterNotes + report.notes,
                quality: report.quality)
        ]
    }

    /// `renditions/NAME@3x`, `@2x` or `@1x` for apps that load stickers from files.
    func flatRendition(_ made: TargetOutput, scale: StickerScale) throws(FileError) -> PackOutputFile {
        let path = "\(AppleMessages.renditionsFolder)/\(entry.name)\(scale.suffix).\(made.fileExtension)"
        try write(made.bytes, to: path)
        return PackOutputFile(
            path: path, bytes: made.bytes.count, width: made.width, height: made.height, limit: options.appleByteLimit,
            step: made.report.step, givenUp: made.report.givenUp, notes: [], quality: made.report.quality)
    }

    /// The sticker's file for another platform, in memory until the pack writer places it.
    func platformFile(_ made: TargetOutput, platform: PackPlatform, notes: [String]) -> (
        file: PackOutputFile, bytes: PackStickerResult.PlatformBytes
    ) {
        let report = made.report
        let file = PackOutputFile(
            path: "\(platform.id)/\(entry.name).\(made.fileExtension)", bytes: made.bytes.count, width: made.width,
            height: made.height, limit: report.limit ?? 0, step: report.step, givenUp: report.givenUp,
            notes: notes + report.notes, platform: platform.id, animated: made.animated,
            quality: report.quality)
        return (file, .init(bytes: made.bytes, fileExtension: made.fileExtension))
    }

    /// The platform's accepted animated containers, the configured one first.
    func preferredFirst(_ platform: PackPlatform) -> [OutputFormat] {
        let accepted = platform.acceptedAnimatedFormats
        guard let wanted = animatedFormatChoice[platform.id], accepted.contains(wanted) else { return accepted }
        return [wanted] + accepted.filter { $0 != wanted }
    }
}
