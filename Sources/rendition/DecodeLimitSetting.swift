import RenditionCodecs
import RenditionPack

/// `--limit KEY=VALUE`: raises or lowers one of the `DecodeLimits` for trusted (or
/// untrusted) inputs, and the hint that names the setting when an input exceeds a limit.
enum DecodeLimitSetting {
    /// The settings by name, with the limit each one changes.
    static var keys: [(name: String, limit: WritableKeyPath<DecodeLimits, Int>, what: String)] {
        [
            ("width", \.maxWidth, "pixels per row"),
            ("height", \.maxHeight, "rows"),
            ("pixels", \.maxPixels, "width x height"),
            ("frames", \.maxFrames, "animation frames"),
            ("decoded-bytes", \.maxDecodedBytes, "RGBA bytes of all frames together"),
            ("input-bytes", \.maxInputBytes, "file size"),
            ("scans", \.maxScans, "progressive JPEG scans"),
            ("document-bytes", \.maxDocumentBytes, "Lottie JSON bytes, after inflating a TGS file"),
            ("draws", \.maxDrawsPerFrame, "vector shapes drawn per frame"),
            ("drawing-work", \.maxDrawingWork, "vector shapes x frames x pixels at one size"),
        ]
    }

    /// One line per setting for `--help`, with its default.
    static var help: String {
        keys.map { "\($0.name) (\($0.what), default \(DecodeLimits.default[keyPath: $0.limit]))" }.joined(
            separator: ", ")
    }

    /// The default limits changed by `settings` (each `KEY=VALUE`, VALUE a positive integer).
    /// - Throws: a message naming the setting that cannot be understood.
    static func limits(from settings: [String]) throws(SettingError) -> DecodeLimits {
        var limits = DecodeLimits.default
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let key = keys.first(where: { $0.name == parts[0] }) else {
                throw SettingError(
                    message:
                        "--limit \(setting): use KEY=VALUE with KEY one of \(keys.map(\.name).joined(separator: ", "))")
            }
            guard let value = Int(parts[1]), value > 0 else {
                throw SettingError(message: "--limit \(setting): the value must be a positive whole number")
            }
            limits[keyPath: key.limit] = value
        }
        return limits
    }

    /// A `--limit` setting could not be understood.
    struct SettingError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
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
