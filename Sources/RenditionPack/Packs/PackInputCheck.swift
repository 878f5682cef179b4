import RenditionCodecs
import RenditionCore
import RenditionLint

/// What `rendition lint` would say about a pack's master before it is packed: the errors no
/// packing step can repair (the platform would reject the sticker), and what packing changes
/// silently otherwise (an upscale, and by how much).
///
/// Masters are linted with the Apple Messages profile (the catalog every pack builds). Errors
/// about the art itself block packing for every platform: an empty image, an opaque image or
/// an opaque background. A canvas below Apple's smallest side blocks Apple's catalog and
/// renditions only (they are made from a @3x master); the other platforms resample any master
/// that needs at most `maximumUpscale` times its size. Format, byte size, frame count,
/// duration and loop rules are the packer's job and do not block.
struct PackInputCheck {
    /// The lint codes that block packing for every platform.
    static let blockingCodes: Set<LintCode> = [.emptyImage, .opaqueImage, .opaqueBackground]

    /// The most a platform file may enlarge its master (a 64 px master makes a 512 px file).
    static let maximumUpscale = 8.0

    /// Blocking findings, as `code: message`.
    let errors: [String]
    /// Apple's `canvas-too-small` finding, as `code: message`, when the master is below its
    /// smallest side.
    let tooSmallForApple: String?
    /// What packing changes that the user should know about (upscaling).
    let notes: [String]

    /// Lints `source` (the master as the pipeline decoded it; `nil` when masters are not
    /// linted) and compares the master's size with the catalog's side.
    init(
        source: SourceImage?, byteCount: Int, path: String, masterWidth: Int, masterHeight: Int, catalogSide: Int,
        limits: DecodeLimits
    ) {
        let linter = StickerLinter(options: LintOptions(limits: limits, measuresRinging: false))
        let findings = source.map { linter.lint(source: $0, byteCount: byteCount, path: path).findings } ?? []
        errors = findings.filter { $0.severity == .error && Self.blockingCodes.contains($0.code) }
            .map { "\($0.code.rawValue): \($0.message)" }
        tooSmallForApple = findings.first { $0.severity == .error && $0.code == .canvasTooSmall }
            .map { "\($0.code.rawValue): \($0.message)" }
        let longer = max(masterWidth, masterHeight)
        if longer > 0 && longer < catalogSide {
            let factor = Double(catalogSide) / Double(longer)
            let rounded = (factor * 100).rounded() / 100
            notes = [
                "upscaled \(masterWidth)x\(masterHeight) to fit \(catalogSide)x\(catalogSide) (\(rounded)x): a @3x master of \(catalogSide) px keeps detail"
            ]
        } else {
            notes = []
        }
    }

    /// How many times `platform`'s file enlarges a master of `width` x `height` (1 or less:
    /// no upscale), on its still or animated canvas, whichever enlarges more.
    static func upscale(_ platform: PackPlatform, masterWidth width: Int, masterHeight height: Int) -> Double {
        let longer = Double(max(1, max(width, height)))
        return [false, true].map { animated in
            let content = platform.canvas(animated: animated).contentSize(masterWidth: width, masterHeight: height)
            return Double(max(content.width, content.height)) / longer
        }.max() ?? 1
    }

    /// The note of a platform file that enlarges its master, or `nil`.
    static func upscaleNote(master: (width: Int, height: Int), file: (width: Int, height: Int)) -> String? {
        let factor = Double(max(file.width, file.height)) / Double(max(1, max(master.width, master.height)))
        guard factor > 1 else { return nil }
        let rounded = (factor * 100).rounded() / 100
        return "upscaled \(master.width)x\(master.height) to \(file.width)x\(file.height) (\(rounded)x)"
    }
}
