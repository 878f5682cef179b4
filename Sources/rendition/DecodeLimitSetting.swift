import RenditionCodecs
import RenditionPack
import RenditionBatch

/// `--limit KEY=VALUE` (the keys are `DecodeLimitKey`, parsed by `RenditionSettings`): its
/// help, and the hint that names the setting when an input exceeds a limit.
enum DecodeLimitSetting {
    /// One entry per key for `--help`, with its default.
    static var help: String {
        DecodeLimitKey.allCases.map {
            "\($0.rawValue) (\($0.counts), default \(DecodeLimits.default[keyPath: $0.limit]))"
        }
        .joined(separator: ", ")
    }

    /// The setting an exceeded limit's reason is about (from the wording `DecodeLimits` and
    /// the decoders use), or `nil` when no setting helps (out of memory).
    static func settingName(forReason fullReason: String) -> String? {
        let imagePrefix = "an embedded image: "
        let reason = fullReason.hasPrefix(imagePrefix) ? String(fullReason.dropFirst(imagePrefix.count)) : fullReason
        if reason.contains("over the draws limit") { return "draws" }
        if reason.contains("over the drawing-work limit") { return "drawing-work" }
        if reason.hasPrefix("a JSON document of") || reason.hasPrefix("the gzip stream inflates to more than") {
            return "document-bytes"
        }
        // Limits no setting raises: nesting, value counts, precomposition depth.
        if reason.contains("nest more than") || reason.contains("values") || reason.contains("out of memory") {
            return nil
        }
        if reason.hasPrefix("embedded images decode to more than") { return "decoded-bytes" }
        if reason.contains("scans") { return "scans" }
        if reason.contains("decoded bytes") || reason.hasPrefix("decoding would need") { return "decoded-bytes" }
        if reason.hasPrefix("input of") { return "input-bytes" }
        if reason.contains(" frames is over") { return "frames" }
        if reason.hasPrefix("width") { return "width" }
        if reason.hasPrefix("height") { return "height" }
        if reason.contains("pixels") { return "pixels" }
        return nil
    }

    /// What `render` prints for a failed sticker: the error, and for an exceeded limit the
    /// `--limit` setting that would let a trusted file through.
    static func message(for error: StickerError) -> String {
        guard case .codec(let path, .limitExceeded(let format, let reason)) = error,
            let name = settingName(forReason: reason)
        else {
            return error.description
        }
        return
            "\(path): \(format) image exceeds a decoding limit: \(reason); if the file is trusted, raise it with --limit \(name)=N"
    }
}
