/// Emojis for a sticker from its file name, as emoji art is named: OpenMoji by upper-case
/// code points joined with `-` (`1F469-1F3FC-200D-1F680.png`), Noto by `emoji_u` and
/// lower-case code points joined with `_` (`emoji_u1f469_1f3fc_200d_1f680.png`).
public enum StickerEmoji {
    /// The emoji a file named `name` (with or without folder and extension) stands for, or
    /// `nil` when the name is not a run of code points that includes an emoji.
    public static func fromFileName(_ name: String) -> String? {
        var base = Substring(name.split(separator: "/").last ?? Substring(name))
        if let dot = base.lastIndex(of: ".") { base = base[..<dot] }
        if base.lowercased().hasPrefix("emoji_u") { base = base.dropFirst("emoji_u".count) }
        let parts = base.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard !parts.isEmpty else { return nil }
        var scalars = String.UnicodeScalarView()
        for part in parts {
            guard (2...6).contains(part.count), let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value)
            else { return nil }
            scalars.append(scalar)
        }
        guard
            scalars.contains(where: { $0.properties.isEmoji && $0.value > 0x7F })
                || scalars.contains(where: { $0.value == 0x20E3 })
        else {
            return nil
        }
        return String(scalars)
    }
}
