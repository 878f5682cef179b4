import RenditionBatch
import RenditionCodecs

/// Turns names that clients give (multipart file names, `?name=`) into safe file names inside
/// a staging folder: the last path component only, no leading dots, no control characters or
/// separators, at most 100 characters, and an extension that matches the bytes.
enum UploadNames {
    /// A safe base name (without extension) for `name`; `sticker` when nothing is left.
    static func baseName(_ name: String) -> String {
        let last = lastComponent(name)
        var cleaned = String(
            last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != ":" }.map(Character.init))
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        if let dot = cleaned.lastIndex(of: "."),
            FormatRegistry.decoder(fileExtension: String(cleaned[cleaned.index(after: dot)...])) != nil
        {
            cleaned = String(cleaned[..<dot])
        }
        cleaned = String(cleaned.prefix(100)).trimmingSpaces
        return cleaned.isEmpty ? "sticker" : cleaned
    }

    /// The sticker's name for its renditions, as `rendition render` names them: the safe base
    /// name without a trailing `@3x` (`cat@3x.png` → `cat`, whose renditions are
    /// `cat@2x.png` and `cat@1x.png`).
    static func stickerName(_ name: String) -> String {
        let base = baseName(name)
        guard base.hasSuffix("@3x"), base.count > 3 else { return base }
        return String(base.dropLast(3))
    }

    /// The part of `name` after its last `/` or `\\`.
    static func lastComponent(_ name: String) -> String {
        name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
    }

    /// A safe file name for `name` whose bytes are in `format`.
    static func fileName(_ name: String, format: ImageFormat) -> String {
        "\(baseName(name)).\(format.fileExtension)"
    }
}
