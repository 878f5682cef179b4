import RenditionCodecs
import RenditionCore

/// Builds every output of one sticker: its Xcode catalog entry, its flat renditions and its
/// file for each requested platform.
struct PackStickerWork {
    let builder: PackBuilder
    let entry: PackBuilder.Entry
    let sizeClass: StickerSizeClass
    let frameThreads: Int
    let manifest: RenderManifest?
    let fingerprint: String

    var output: String { builder.output }
    var options: PackOptions { builder.options }

    func run() -> PackStickerResult {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(entry.path) } catch {
            return failure(error.description)
        }
        let inputHash = SHA256.hex(bytes)
        let optionsHash = SHA256.hex(Array("\(fingerprint)|\(entry.label)|\(entry.style.rawValue)".utf8))
        if let manifest, let recorded = manifest.upToDateEntry(name: entry.name, inputHash: inputHash, optionsHash: optionsHash) {
            let files = recorded.outputs.map {
                PackOutputFile(path: $0.file, bytes: $0.bytes, width: $0.width, height: $0.height, limit: 0, step: "up to date", givenUp: [], notes: [])
            }
            var result = PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .success(files))
            result.skipped = true
            return result
        }
        let master: Animation
        do { master = try ImageDecoder.decodeAnimation(bytes, limits: options.limits) } catch {
            return failure(error.description)
        }
        var files: [PackOutputFile] = []
        var problems: [String] = []
        do {
            files += try catalogEntry(master)
            files += try flatRenditions(master)
        } catch let error as SizeFitError {
            return failure("Apple Messages: \(error)")
        } catch {
            return failure("\(error)")
        }
        for platform in options.platforms {
            do {
                files.append(try keptVectorFile(bytes, platform: platform) ?? platformFile(master, platform: platform))
            } catch {
                problems.append("\(platform.name): \(error)")
            }
        }
        if let manifest, problems.isEmpty {
            let outputs = files.map {
                RenderManifest.Entry.Output(file: $0.path, bytes: $0.bytes, scale: 0, width: $0.width, height: $0.height)
            }
            try? manifest.record(RenderManifest.Entry(name: entry.name, inputHash: inputHash, optionsHash: optionsHash, outputs: outputs))
        }
        var result = PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .success(files))
        result.problems = problems
        return result
    }

    func failure(_ reason: String) -> PackStickerResult {
        PackStickerResult(name: entry.name, inputPath: entry.path, outcome: .failure(PackStickerError(path: entry.path, reason: reason)))
    }

    /// Writes `bytes` to `relative` (inside the output folder) and describes it.
    func write(_ fitted: FittedFile, to relative: String, width: Int, height: Int, limit: Int, notes: [String] = []) throws -> PackOutputFile {
        let path = "\(output)/\(relative)"
        if let slash = path.lastIndex(of: "/") { try FileSystem.createDirectory(String(path[..<slash])) }
        try AtomicFile.write(fitted.bytes, to: path, durable: false)
        return PackOutputFile(path: relative, bytes: fitted.bytes.count, width: width, height: height, limit: limit,
                              step: fitted.step, givenUp: fitted.givenUp, notes: notes)
    }

    /// `NAME.sticker` (still, APNG or GIF) or `NAME.stickersequence` (PNG frames) in the catalog.
    func catalogEntry(_ master: Animation) throws -> [PackOutputFile] {
        let side = sizeClass.masterPixels
        let canvas = CanvasPlacement.square(master, side: side, frameThreads: frameThreads)
        let folder = "\(XcodeStickerCatalog.catalogName)/\(XcodeStickerCatalog.packName)"
        let limit = options.appleByteLimit
        let fitter = SizeFitter(limit: limit, compressionLevel: options.compressionLevel)
        var style = entry.style
        var notes: [String] = []
        if canvas.isAnimated && style == .sequence {
            if XcodeStickerCatalog.timing(of: canvas) == nil {
                style = .apng
                notes.append("frame delays vary, which a sticker sequence cannot express: written as an APNG sticker")
            } else if XcodeStickerCatalog.repetitions(forLoopCount: canvas.loopCount) == nil {
                style = .apng
                notes.append("the animation plays once, which a sticker sequence cannot express: written as an APNG sticker")
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
            try AtomicFile.write(XcodeStickerCatalog.sequenceContents(
                frames: frameNames, timing: XcodeStickerCatalog.timing(of: canvas)!,
                repetitions: XcodeStickerCatalog.repetitions(forLoopCount: canvas.loopCount)!,
                accessibilityLabel: entry.label), to: "\(output)/\(sequence)/Contents.json")
            return files
        }
        let format: OutputFormat = !canvas.isAnimated ? .png : (style == .gif ? .gif : .apng)
        let filename = "\(entry.name).\(format.fileExtension)"
        let sticker = "\(folder)/\(entry.name).sticker"
        let fitted = try fitter.fit(canvas, as: format)
        let file = try write(fitted, to: "\(sticker)/\(filename)", width: side, height: side, limit: limit, notes: notes)
        try AtomicFile.write(XcodeStickerCatalog.stickerContents(filename: filename, accessibilityLabel: entry.label),
                             to: "\(output)/\(sticker)/Contents.json")
        return [file]
    }

    /// `renditions/NAME@3x`, `@2x`, `@1x` for apps that load stickers from files.
    func flatRenditions(_ master: Animation) throws -> [PackOutputFile] {
        let format: OutputFormat = !master.isAnimated ? .png : (entry.style == .gif ? .gif : .apng)
        let fitter = SizeFitter(limit: options.appleByteLimit, compressionLevel: options.compressionLevel)
        return try [StickerScale.x3, .x2, .x1].map { scale in
            let side = StickerGeometry.renditionSide(masterSide: sizeClass.masterPixels, scale: scale)
            let canvas = CanvasPlacement.square(master, side: side, frameThreads: frameThreads)
            let fitted = try fitter.fit(canvas, as: format)
            return try write(fitted, to: "renditions/\(entry.name)\(scale.suffix).\(format.fileExtension)",
                             width: side, height: side, limit: options.appleByteLimit)
        }
    }

    /// The sticker's file for another platform, adapted to its rules and fitted.
    func platformFile(_ master: Animation, platform: PackPlatform) throws -> PackOutputFile {
        var notes: [String] = []
        var source = master
        if master.isAnimated && platform.animatedFormat == nil {
            source = Animation(still: master.firstFrame)
            notes.append("\(platform.name) takes still stickers here: first frame used")
        }
        let placed = CanvasPlacement.place(source, on: platform.canvas, frameThreads: frameThreads)
        let adapted = try AnimationConstraints.apply(platform, to: placed)
        notes += adapted.notes
        let animated = adapted.animation.isAnimated
        let format = animated ? platform.animatedFormat! : platform.staticFormat
        let limit = animated ? platform.maximumAnimatedBytes : platform.maximumStaticBytes
        let fitter = SizeFitter(limit: limit, compressionLevel: options.compressionLevel,
                                preserveFrames: platform.minimumFrames != nil)
        let fitted = try fitter.fit(adapted.animation, as: format)
        return try write(fitted, to: "\(platform.id)/\(entry.name).\(format.fileExtension)",
                         width: adapted.animation.width, height: adapted.animation.height, limit: limit, notes: notes)
    }
}
