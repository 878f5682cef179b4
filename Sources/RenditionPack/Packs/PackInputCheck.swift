import RenditionCodecs
import RenditionCore

/// What `rendition lint` would say about a pack's master before it is packed: the errors no
/// packing step can repair (the platform would reject the sticker), and what packing changes
/// silently otherwise (an upscale, and by how much).
///
/// Masters are linted with the Apple Messages profile (the catalog every pack builds). Only
/// errors about the art itself block packing: a canvas below the profile's smallest side, an
/// empty image, an opaque image or an opaque background. Format, byte size, frame count,
/// duration and loop rules are the packer's job and do not block.
struct PackInputCheck {
    /// The lint codes that block packing.
    static let blockingCodes: Set<LintCode> = [.canvasTooSmall, .emptyImage, .opaqueImage, .opaqueBackground]

    /// Blocking findings, as `code: message`.
    let errors: [String]
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
}
