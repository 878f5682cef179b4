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

/// A rule a pack breaks, with where the rule is written down.
public struct PackFinding: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The rule.
    public let rule: PackRule
    /// The pack folder, relative to the checked folder (`.` for the folder itself).
    public let pack: String
    /// The file, relative to the pack folder, when the finding is about one file.
    public let file: String?
    /// A sentence for people.
    public let message: String
    /// Where the rule comes from.
    public let source: String

    /// `PACK/FILE: message [rule; source]`.
    public var description: String {
        let place = [pack == "." ? nil : pack, file].compactMap { $0 }.joined(separator: "/")
        return "\(place.isEmpty ? "" : place + ": ")\(message) [\(rule.rawValue); \(source)]"
    }
}

/// Checks a pack folder, made by Rendition or elsewhere, against a platform's rules: the same
/// data (`PackPlatform`) the builder fits to, so what `rendition pack` writes passes and what
/// a platform would refuse is found. `folder` is a platform folder holding pack folders (and,
/// for WhatsApp, `contents.json`) or one pack folder.
public struct PackValidator: Sendable {
    /// The platform whose rules are checked.
    package let platform: PackPlatform
    /// Input decoding limits.
    package let limits: DecodeLimits

    /// Creates a validator.
    public init(platform: PackPlatform, limits: DecodeLimits = .default) {
        self.platform = platform
        self.limits = limits
    }

    /// Every rule broken in `folder`, in a stable order.
    public func validate(folder: String) -> [PackFinding] {
        let root = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        if platform.manifest == .whatsAppContents {
            return WhatsAppContentsCheck(validator: self).validate(root: root)
        }
        var findings: [PackFinding] = []
        if !FileSystem.isDirectory(root) {
            return [finding(.stickerCount, ".", nil, "\(root) is not a folder")]
        }
        for pack in packFolders(root) {
            findings += validatePack(root: root, pack: pack)
        }
        return findings
    }

    /// `.` when `root` holds images itself, else its subfolders that hold images.
    func packFolders(_ root: String) -> [String] {
        if !images(in: root).isEmpty { return ["."] }
        let names = (try? FileSystem.contents(of: root)) ?? []
        let packs = names.sorted().filter {
            !$0.hasPrefix(".") && FileSystem.isDirectory("\(root)/\($0)") && !images(in: "\(root)/\($0)").isEmpty
        }
        return packs.isEmpty ? ["."] : packs
    }

    /// Image files directly in `folder` (the extensions a folder search takes; JSON files
    /// are the packs' manifests here), sorted.
    func images(in folder: String) -> [String] {
        let names = (try? FileSystem.contents(of: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") && StickerInputs.hasImageExtension($0) }.sorted()
    }

    func finding(_ rule: PackRule, _ pack: String, _ file: String?, _ message: String) -> PackFinding {
        PackFinding(rule: rule, pack: pack, file: file, message: message, source: platform.source(of: rule))
    }

    /// One pack folder of a platform without a shared contents file.
    func validatePack(root: String, pack: String) -> [PackFinding] {
        let folder = pack == "." ? root : "\(root)/\(pack)"
        let imageNames = Set((platform.packImages ?? []).map(\.filename))
        let stickerFiles = images(in: folder).filter { !imageNames.contains($0) }
        var findings: [PackFinding] = []
        var kinds: [Bool] = []
        for file in stickerFiles {
            let (fileFindings, animated) = checkSticker(path: "\(folder)/\(file)", pack: pack, file: file)
            findings += fileFindings
            if let animated { kinds.append(animated) }
        }
        findings += countFindings(count: stickerFiles.count, kinds: kinds, pack: pack)
        if platform.fileNaming == .twoDigitNumbers {
            for (index, file) in stickerFiles.enumerated() {
                let number = String(index + 1)
                let expected = (number.count < 2 ? "0" + number : number) + ".png"
                if file != expected {
                    findings.append(
                        finding(
                            .fileNames, pack, file,
                            "sticker files must be named 01.png, 02.png... in order; expected \(expected)"))
                }
            }
        }
        let packAnimated = !kinds.isEmpty && kinds.allSatisfy { $0 }
        for rule in platform.packImages ?? [] {
            findings += checkPackImage(rule, folder: folder, pack: pack, animatedPack: packAnimated)
        }
        findings += ManifestCheck(validator: self).findings(folder: folder, pack: pack, stickerFiles: stickerFiles)
        return findings
    }

    /// Count, fixed-count and still-or-animated rules for a pack of `count` stickers.
    func countFindings(count: Int, kinds: [Bool], pack: String) -> [PackFinding] {
        var findings: [PackFinding] = []
        let animated = kinds.contains(true)
        if platform.separatesStillAndAnimated == true && animated && kinds.contains(false) {
            findings.append(
                finding(
                    .stillOrAnimated, pack, nil,
                    "the pack mixes \(kinds.filter { !$0 }.count) still and \(kinds.filter { $0 }.count) animated stickers; \(platform.name) needs all still or all animated"
                ))
        }
        if let allowed = platform.allowedCounts(animated: animated), !allowed.contains(count) {
            findings.append(
                finding(
                    .allowedCounts, pack, nil,
                    "\(count) \(animated ? "animated" : "still") stickers; \(platform.name) takes \(PackPlanner.list(allowed))"
                ))
        }
        if let minimum = platform.minimumStickers, count < minimum {
            findings.append(
                finding(.stickerCount, pack, nil, "\(count) sticker(s); \(platform.name) needs at least \(minimum)"))
        }
        if let maximum = platform.maximumStickers, count > maximum {
            findings.append(
                finding(
                    .stickerCount, pack, nil, "\(count) stickers; \(platform.name) allows at most \(maximum) per pack"))
        }
        return findings
    }

    /// The rules one sticker file breaks, and whether it is animated (`nil` when unreadable).
    func checkSticker(path: String, pack: String, file: String) -> ([PackFinding], Bool?) {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch {
            return ([finding(.format, pack, file, "cannot be read: \(error)")], nil)
        }
        let format = ImageFormat.sniff(bytes)
        // A sticker in the platform's own vector format (Telegram's TGS) has rules of its own.
        if let vector = platform.vectorStickers, format == vector.format {
            return (
                vector.problems(bytes, limits: limits).map { finding(.format, pack, file, "\(vector.format): \($0)") },
                true
            )
        }
        let animation: Animation
        do { animation = try ImageDecoder.decodeAnimation(bytes, limits: limits) } catch {
            return ([finding(.format, pack, file, "cannot be decoded: \(error)")], nil)
        }
        var findings: [PackFinding] = []
        let animated = animation.isAnimated
        if animated {
            let accepted = platform.acceptedAnimatedFormats.map(\.encoder.container)
            if !accepted.contains(where: { $0 == format }) {
                let names = platform.acceptedAnimatedFormats.map { $0 == .apng ? "APNG" : $0.rawValue.uppercased() }
                findings.append(
                    finding(
                        .format, pack, file,
                        names.isEmpty
                            ? "animated; \(platform.name) takes still stickers here"
                            : "animated \(format.map { "\($0)" } ?? "file") is not accepted; \(platform.name) takes \(names.joined(separator: " or "))"
                    ))
            }
        } else if !([platform.staticFormat] + (platform.otherStaticFormats ?? [])).map(\.encoder.container).contains(
            where: {
                $0 == format
            })
        {
            findings.append(
                finding(
                    .format, pack, file,
                    "still \(format.map { "\($0)" } ?? "file") is not accepted; \(platform.name) takes \(platform.staticFormat.rawValue.uppercased())"
                ))
        }
        let limit = platform.byteLimit(animated: animated)
        if bytes.count > limit {
            findings.append(
                finding(
                    .bytes, pack, file,
                    "\(bytes.count) bytes; \(platform.name) allows \(limit) for \(animated ? "an animated" : "a still") sticker"
                ))
        }
        let rule = platform.canvas(animated: animated && platform.animatedFormat != nil)
        if !rule.accepts(width: animation.width, height: animation.height) {
            findings.append(
                finding(
                    .canvas, pack, file,
                    "\(animation.width)x\(animation.height) px; \(platform.name) needs \(Self.describe(rule))"))
        }
        if animated { findings += animationFindings(animation, pack: pack, file: file) }
        if animated && format == .png && platform.animatedTruecolourOnly == true,
            let colourType = Self.pngColourType(bytes), colourType != 2 && colourType != 6
        {
            findings.append(
                finding(
                    .colourType, pack, file,
                    "animated PNG with \(colourType == 3 ? "a palette" : "grey") (colour type \(colourType)); \(platform.name) needs truecolour (RGB or RGBA), or the sticker may not animate"
                ))
        }
        return (findings, animated)
    }

    /// Frame, timing and loop rules of an animated sticker.
    func animationFindings(_ animation: Animation, pack: String, file: String) -> [PackFinding] {
        var findings: [PackFinding] = []
        let frames = animation.frames.count
        if let minimum = platform.minimumFrames, frames < minimum {
            findings.append(
                finding(.frames, pack, file, "\(frames) frames; \(platform.name) needs at least \(minimum)"))
        }
        if let maximum = platform.maximumFrames, frames > maximum {
            findings.append(
                finding(.frames, pack, file, "\(frames) frames; \(platform.name) allows at most \(maximum)"))
        }
        if let shortest = platform.minimumFrameMilliseconds,
            let short = animation.frames.first(where: { $0.delay < .milliseconds(shortest) })
        {
            findings.append(
                finding(
                    .frameDelay, pack, file,
                    "a frame lasts \(Int((short.delay.seconds * 1000).rounded())) ms; \(platform.name) needs at least \(shortest) ms"
                ))
        }
        let duration = animation.duration
        if let longest = platform.maximumDurationMilliseconds, duration > .milliseconds(longest) {
            findings.append(
                finding(
                    .duration, pack, file,
                    "one loop lasts \(AnimationConstraints.formatSeconds(duration)) s; \(platform.name) allows \(AnimationConstraints.formatSeconds(.milliseconds(longest))) s"
                ))
        }
        if platform.requiresEndlessLoop && animation.loopCount != 0 {
            findings.append(
                finding(
                    .loops, pack, file,
                    "plays \(animation.loopCount) time(s); \(platform.name) needs it to loop forever"))
        }
        if let range = platform.loopCountRange, !range.contains(animation.loopCount) {
            let plays = animation.loopCount == 0 ? "forever" : "\(animation.loopCount) times"
            findings.append(
                finding(
                    .loops, pack, file,
                    "plays \(plays); \(platform.name) allows \(range.lowerBound)–\(range.upperBound) loops"))
        }
        if let play = platform.maximumPlayMilliseconds {
            let loops = animation.loopCount
            let total = duration.seconds * 1000 * Double(max(loops, 1))
            if loops == 0 || total > Double(play) + 1e-6 {
                let said =
                    loops == 0 ? "loops forever" : "plays \(loops) x \(AnimationConstraints.formatSeconds(duration)) s"
                findings.append(
                    finding(
                        .playTime, pack, file,
                        "\(said); \(platform.name) allows at most \(AnimationConstraints.formatSeconds(.milliseconds(play))) s in all"
                    ))
            }
        }
        if platform.rejectsIdenticalFrames == true && AnimationConstraints.allFramesIdentical(animation) {
            findings.append(
                finding(
                    .identicalFrames, pack, file,
                    "all \(frames) frames are the same; \(platform.name) refuses such files"))
        }
        return findings
    }

    /// A pack image (tray, main, tab, thumbnail): present, its size, container and bytes.
    func checkPackImage(_ rule: PackImageRule, folder: String, pack: String, animatedPack: Bool) -> [PackFinding] {
        let path = "\(folder)/\(rule.filename)"
        guard FileSystem.exists(path) else {
            return [finding(.packImage, pack, rule.filename, "the \(rule.role.rawValue) image is missing")]
        }
        guard let bytes = try? FileSystem.read(path),
            let image = try? ImageDecoder.decodeAnimation(bytes, limits: limits)
        else {
            return [finding(.packImage, pack, rule.filename, "the \(rule.role.rawValue) image cannot be decoded")]
        }
        var findings: [PackFinding] = []
        if bytes.count > rule.maximumBytes {
            findings.append(
                finding(
                    .packImage, pack, rule.filename,
                    "\(bytes.count) bytes; the \(rule.role.rawValue) image may have \(rule.maximumBytes)"))
        }
        if !rule.accepts(width: image.width, height: image.height) {
            let wanted =
                rule.minimumSide.flatMap { lo in rule.maximumSide.map { "\(lo)–\($0) px per side" } }
                ?? "\(rule.width)x\(rule.height) px"
            findings.append(
                finding(
                    .packImage, pack, rule.filename,
                    "\(image.width)x\(image.height) px; the \(rule.role.rawValue) image must be \(wanted)"))
        }
        if ImageFormat.sniff(bytes) != rule.format.encoder.container {
            findings.append(
                finding(
                    .packImage, pack, rule.filename,
                    "the \(rule.role.rawValue) image must be \(rule.format.rawValue.uppercased())"))
        }
        if rule.animatedInAnimatedPack == true && animatedPack {
            if !image.isAnimated {
                findings.append(
                    finding(
                        .packImage, pack, rule.filename,
                        "the \(rule.role.rawValue) image of an animated pack must be animated"))
            } else {
                findings += animationFindings(image, pack: pack, file: rule.filename)
            }
        }
        return findings
    }

    /// The colour type in a PNG's header (0 grey, 2 RGB, 3 palette, 4 grey with alpha, 6 RGBA),
    /// or `nil` when the bytes do not start with a PNG signature and `IHDR`.
    static func pngColourType(_ bytes: [UInt8]) -> UInt8? {
        guard bytes.count > 25, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        return bytes[25]
    }

    static func describe(_ rule: CanvasRule) -> String {
        var text: String
        switch rule.mode {
        case .exact: text = "exactly \(rule.width)x\(rule.height) px"
        case .fitWithin: text = "at most \(rule.width)x\(rule.height) px"
        case .longerSideExactly: text = "one side exactly \(max(rule.width, rule.height)) px, the other at most that"
        case .squareWithin: text = "a square of at most \(rule.width) px"
        }
        if let minimum = rule.minimumLongerSide { text += ", the longer side at least \(minimum) px" }
        if rule.evenDimensions == true { text += ", even width and height" }
        return text
    }
}
