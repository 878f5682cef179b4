/// Emojis for a sticker from its file name, as emoji art is named: OpenMoji by upper-case
/// code points joined with `-` (`1F469-1F3FC-200D-1F680.png`), Noto by `emoji_u` and
/// lower-case code points joined with `_` (`emoji_u1f469_1f3fc_200d_1f680.png`).
///
/// Only a valid emoji (`EmojiSequence`) comes from a name: the name's leading run of code
/// points is read as far as it still spells one, and what follows is a suffix, not code points
/// (`1F41D-300.png`, the bee at 300 px, is 🐝 with the suffix `300`).
package enum StickerEmoji {
    /// The emoji a file name spells, and the rest of the name.
    package struct FileNameEmoji: Sendable, Hashable {
        /// The emoji, fully qualified (U+FE0F added where the name leaves it out, as Noto's
        /// names do: `emoji_u2764.png` is ❤️).
        package let emoji: EmojiSequence
        /// The parts of the name that spell it, as written (`["1F41D"]`).
        package let codePointParts: [String]
        /// What follows them, without the separator (`"300"` for `1F41D-300.png`), or `nil`.
        package let suffix: String?
    }

    /// The emoji a file named `name` (with or without folder and extension) starts with: the
    /// longest run of its leading `-` or `_` separated hexadecimal parts (2–6 digits, after an
    /// optional `emoji_u`) that spells a valid emoji once U+FE0F is added where emoji art's
    /// names leave it out (`EmojiSequence.qualifying`). `nil` when no leading run does.
    package static func parse(fileName name: String) -> FileNameEmoji? {
        var base = Substring(name.split(separator: "/").last ?? Substring(name))
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        if base.lowercased().hasPrefix("emoji_u") { base = base.dropFirst("emoji_u".count) }
        let parts = base.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        var scalars: [Unicode.Scalar] = []
        for part in parts {
            guard (2...6).contains(part.count), part.allSatisfy(\.isHexDigit),
                let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value)
            else { break }
            scalars.append(scalar)
        }
        for count in stride(from: scalars.count, through: 1, by: -1) {
            guard let emoji = EmojiSequence(scalars: EmojiSequence.qualifying(Array(scalars[..<count]))) else {
                continue
            }
            let spelled = parts[..<count].map(String.init)
            let rest = base.dropFirst(spelled.reduce(0) { $0 + $1.count } + count)
            return FileNameEmoji(emoji: emoji, codePointParts: spelled, suffix: rest.isEmpty ? nil : String(rest))
        }
        return nil
    }

    /// The emoji a file named `name` starts with, as a string (`parse(fileName:)`), or `nil`.
    package static func fromFileName(_ name: String) -> String? {
        parse(fileName: name)?.emoji.string
    }
}
