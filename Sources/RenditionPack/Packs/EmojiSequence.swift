/// One emoji as Unicode's emoji specification (UTS #51) defines it: a run of code points that
/// a platform shows as a single emoji, checked with the Unicode emoji properties.
///
/// Valid, with `Emoji` and the other properties as the standard library knows them
/// (`Unicode.Scalar.Properties`), are one element or several joined by ZERO WIDTH JOINER
/// (U+200D, an emoji ZWJ sequence, 👩‍🚀), each element being
/// - an emoji with emoji presentation (🐝), or any other emoji followed by VARIATION
///   SELECTOR-16 (U+FE0F, ❤️), except the digits, `#` and `*`;
/// - a keycap: a digit, `#` or `*`, U+FE0F, then U+20E3 (3️⃣);
/// - a flag: two regional indicators (🇨🇮);
/// - a modifier sequence: an emoji modifier base and a skin tone U+1F3FB…U+1F3FF (👍🏽);
/// - a tag sequence: an emoji, tag characters U+E0020…U+E007E and CANCEL TAG U+E007F
///   (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
///
/// The element grammar is UTS #51's "possible emoji" (section 1.4.9, EBNF and Regex), with
/// the qualification rules of its definitions ED-13 (modifier bases), ED-14a (tags), ED-14c
/// (keycaps) and ED-18 (fully-qualified): an emoji whose default is text presentation needs
/// U+FE0F, unless a skin tone follows it.
package struct EmojiSequence: Sendable, Hashable, CustomStringConvertible {
    /// The code points, as checked.
    package let scalars: [Unicode.Scalar]

    /// The emoji in `string`, or `nil` when `string` is not exactly one valid emoji.
    package init?(_ string: String) {
        self.init(scalars: Array(string.unicodeScalars))
    }

    /// The emoji the code points `scalars` spell, or `nil` when they are not exactly one
    /// valid emoji.
    package init?(scalars: [Unicode.Scalar]) {
        guard Self.problem(in: scalars) == nil else { return nil }
        self.scalars = scalars
    }

    /// The emoji as a string.
    package var string: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// The code points as Unicode writes them: `U+1F41D`, `U+1F1E8 U+1F1EE`.
    package var codePoints: String { Self.codePoints(scalars) }

    /// The emoji as a string.
    package var description: String { string }

    /// `U+1F41D U+0300` for the scalars given.
    package static func codePoints<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
        scalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// `U+1F41D U+0300` for the code points of `string`.
    package static func codePoints(_ string: String) -> String { codePoints(string.unicodeScalars) }

    /// Why a run of code points is not one emoji.
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// No code points at all.
        case empty
        /// A code point that is no emoji and is not where a sequence may have it (U+0300, a
        /// combining accent; a letter).
        case notEmoji(Unicode.Scalar)
        /// A digit, `#` or `*` that is not part of a keycap sequence.
        case bareKeycapBase(Unicode.Scalar)
        /// An emoji whose default presentation is text, without U+FE0F after it.
        case textPresentation(Unicode.Scalar)
        /// A skin tone that follows nothing it can modify.
        case strayModifier(Unicode.Scalar)
        /// A ZERO WIDTH JOINER at the start or end, or two in a row.
        case strayJoiner
        /// A regional indicator without its pair.
        case unpairedRegionalIndicator(Unicode.Scalar)
        /// Tag characters without CANCEL TAG at their end, or CANCEL TAG without tags.
        case unterminatedTag
        /// A second emoji (or the start of one) right after the first: only U+200D may join two.
        case notJoined(Unicode.Scalar)
        /// A code point after a complete element where only U+200D may follow (U+FE0F twice,
        /// U+20E3 after anything but a keycap base, U+FE0E).
        case unexpected(Unicode.Scalar)

        /// The problem in a sentence, naming the code point.
        package var description: String {
            switch self {
            case .empty: "no code points"
            case .notEmoji(let s): "\(EmojiSequence.codePoints([s])) is not an emoji"
            case .bareKeycapBase(let s):
                "\(EmojiSequence.codePoints([s])) is an emoji only as a keycap (followed by U+FE0F U+20E3)"
            case .textPresentation(let s):
                "\(EmojiSequence.codePoints([s])) is text by default and needs U+FE0F after it"
            case .strayModifier(let s):
                "skin tone \(EmojiSequence.codePoints([s])) follows nothing it can modify"
            case .strayJoiner: "U+200D (zero width joiner) does not join two emoji"
            case .unpairedRegionalIndicator(let s):
                "regional indicator \(EmojiSequence.codePoints([s])) is not one of a pair (a flag)"
            case .unterminatedTag: "tag characters must follow an emoji and end with U+E007F (cancel tag)"
            case .notJoined(let s):
                "a second emoji starts at \(EmojiSequence.codePoints([s])) (only U+200D joins emoji into one)"
            case .unexpected(let s): "\(EmojiSequence.codePoints([s])) cannot follow what comes before it"
            }
        }
    }

    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"
    static let combiningKeycap: Unicode.Scalar = "\u{20E3}"
    static let cancelTag: Unicode.Scalar = "\u{E007F}"

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }
    static func isKeycapBase(_ s: Unicode.Scalar) -> Bool { s == "#" || s == "*" || ("0"..."9").contains(s) }
    static func isTag(_ s: Unicode.Scalar) -> Bool { (0xE0020...0xE007E).contains(s.value) }

    /// Why `scalars` are not exactly one valid emoji, or `nil` when they are.
    package static func problem(in scalars: [Unicode.Scalar]) -> Problem? {
        guard !scalars.isEmpty else { return .empty }
        var index = 0
        while true {
            switch element(scalars, from: index) {
            case .failure(let problem): return problem
            case .success(let end):
                if end == scalars.count { return nil }
                guard scalars[end] == zeroWidthJoiner else { return stray(scalars, at: end) }
                guard end + 1 < scalars.count else { return .strayJoiner }
                index = end + 1
            }
        }
    }

    /// What is wrong with the code point at `index`, after a complete element.
    static func stray(_ scalars: [Unicode.Scalar], at index: Int) -> Problem {
        let scalar = scalars[index]
        if scalar.properties.isEmojiModifier { return .strayModifier(scalar) }
        if scalar.properties.isEmoji { return .notJoined(scalar) }
        let components: Set<Unicode.Scalar> = [emojiPresentationSelector, "\u{FE0E}", combiningKeycap, cancelTag]
        return components.contains(scalar) || isTag(scalar) ? .unexpected(scalar) : .notEmoji(scalar)
    }

    /// Why `string` is not exactly one valid emoji, or `nil` when it is.
    package static func problem(in string: String) -> Problem? { problem(in: Array(string.unicodeScalars)) }

    /// The end of the ZWJ element starting at `start`, or why there is none.
    static func element(_ s: [Unicode.Scalar], from start: Int) -> Result<Int, Problem> {
        let head = s[start]
        let next: Unicode.Scalar? = start + 1 < s.count ? s[start + 1] : nil
        if head == zeroWidthJoiner { return .failure(.strayJoiner) }
        if isRegionalIndicator(head) {
            guard let next, isRegionalIndicator(next) else { return .failure(.unpairedRegionalIndicator(head)) }
            return .success(start + 2)
        }
        let properties = head.properties
        if isKeycapBase(head) {
            guard next == emojiPresentationSelector, start + 2 < s.count, s[start + 2] == combiningKeycap else {
                return .failure(.bareKeycapBase(head))
            }
            return .success(start + 3)
        }
        if properties.isEmojiModifier { return .failure(.strayModifier(head)) }
        guard properties.isEmoji else {
            return .failure(head == cancelTag || isTag(head) ? .unterminatedTag : .notEmoji(head))
        }
        guard let next else {
            return properties.isEmojiPresentation ? .success(start + 1) : .failure(.textPresentation(head))
        }
        if next.properties.isEmojiModifier {
            return properties.isEmojiModifierBase ? .success(start + 2) : .failure(.strayModifier(next))
        }
        if next == emojiPresentationSelector { return .success(start + 2) }
        if isTag(next) {
            guard properties.isEmojiPresentation else { return .failure(.textPresentation(head)) }
            var end = start + 1
            while end < s.count, isTag(s[end]) { end += 1 }
            guard end < s.count, s[end] == cancelTag else { return .failure(.unterminatedTag) }
            return .success(end + 1)
        }
        if next == cancelTag { return .failure(.unterminatedTag) }
        return properties.isEmojiPresentation ? .success(start + 1) : .failure(.textPresentation(head))
    }

    /// `scalars` with U+FE0F added where emoji art's file names leave it out (Noto's and
    /// Twemoji's do): after each emoji whose default is text and that no U+FE0F or skin tone
    /// follows, and between a digit, `#` or `*` and U+20E3. Other code points are kept as they are.
    package static func qualifying(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count + 2)
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar)
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if isKeycapBase(scalar) {
                if next == combiningKeycap { result.append(emojiPresentationSelector) }
                continue
            }
            let properties = scalar.properties
            guard properties.isEmoji, !properties.isEmojiPresentation, !properties.isEmojiModifier,
                !isRegionalIndicator(scalar)
            else { continue }
            if next == emojiPresentationSelector || next == "\u{FE0E}" { continue }
            if let next, next.properties.isEmojiModifier, properties.isEmojiModifierBase { continue }
            result.append(emojiPresentationSelector)
        }
        return result
    }
}
