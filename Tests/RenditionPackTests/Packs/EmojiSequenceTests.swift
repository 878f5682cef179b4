import Foundation
import RenditionPack
import RenditionTestSupport
import Testing

@Suite("Emoji sequences (UTS #51) and emoji from file names")
struct EmojiSequenceTests {
    /// Unicode's emoji-test.txt, from Debian's `unicode-data` package (Scripts/install-dependencies).
    static let emojiTestPath = "/usr/share/unicode/emoji/emoji-test.txt"

    /// One line of emoji-test.txt: the code points and their status.
    struct TestLine {
        let scalars: [Unicode.Scalar]
        let status: String
    }

    static func emojiTest() throws -> [TestLine] {
        let text = try String(contentsOfFile: emojiTestPath, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> TestLine? in
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
            let codes = line[..<semicolon].split(separator: " ")
            let status = line[line.index(after: semicolon)...].split(separator: "#")[0]
                .trimmingCharacters(in: .whitespaces)
            let scalars = codes.compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            return scalars.count == codes.count ? TestLine(scalars: scalars, status: status) : nil
        }
    }

    static func string(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    @Test(
        "valid: emoji presentation, VS16, keycaps, flags, tag flags, skin tones, ZWJ families and couples",
        arguments: [
            "🐝", "❤\u{FE0F}", "©\u{FE0F}", "3\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}", "🇨🇮",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "👍🏽", "☝🏻", "🏌🏼\u{200D}♀\u{FE0F}",
            "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👩🏼\u{200D}❤\u{FE0F}\u{200D}👨🏻", "🏳\u{FE0F}\u{200D}🌈",
            "🐈\u{200D}⬛",
        ])
    func valid(emoji: String) throws {
        let sequence = try #require(EmojiSequence(emoji), "\(EmojiSequence.codePoints(emoji))")
        #expect(sequence.string == emoji && EmojiSequence.problem(in: emoji) == nil)
    }

    @Test(
        "invalid: a lone skin tone, a combining mark, a lone or trailing ZWJ, text-only digits and symbols, half a flag, two emoji unjoined",
        arguments: [
            ("", EmojiSequence.Problem.empty),
            ("\u{1F3FB}", .strayModifier("\u{1F3FB}")),
            ("\u{0300}", .notEmoji("\u{0300}")),
            ("🐝\u{0300}", .notEmoji("\u{0300}")),
            ("\u{200D}", .strayJoiner),
            ("🐝\u{200D}", .strayJoiner),
            ("👨\u{200D}\u{200D}👩", .strayJoiner),
            ("7", .bareKeycapBase("7")),
            ("7\u{FE0F}", .bareKeycapBase("7")),
            ("1\u{20E3}", .bareKeycapBase("1")),
            ("#", .bareKeycapBase("#")),
            ("❤", .textPresentation("❤")),
            ("🏳\u{200D}🌈", .textPresentation("🏳")),
            ("🇨", .unpairedRegionalIndicator("🇨")),
            ("🐝🐱", .notJoined("🐱")),
            ("👍\u{FE0F}🏽", .strayModifier("🏽")),
            ("🐝🏽", .strayModifier("🏽")),
            ("😀\u{FE0E}", .unexpected("\u{FE0E}")),
            ("🐝\u{20E3}", .unexpected("\u{20E3}")),
            ("🏴\u{E0067}\u{E0062}", .unterminatedTag),
            ("\u{E007F}", .unterminatedTag),
            ("a", .notEmoji("a")),
        ] as [(String, EmojiSequence.Problem)])
    func invalid(emoji: String, problem: EmojiSequence.Problem) {
        #expect(EmojiSequence(emoji) == nil)
        #expect(EmojiSequence.problem(in: emoji) == problem, "\(EmojiSequence.codePoints(emoji))")
    }

    @Test("code points are written U+XXXX, at least four digits")
    func codePoints() {
        #expect(EmojiSequence.codePoints("🐝\u{0300}") == "U+1F41D U+0300")
        #expect(EmojiSequence("🇨🇮")?.codePoints == "U+1F1E8 U+1F1EE")
        #expect(EmojiSequence.codePoints("#") == "U+0023")
    }

    @Test(
        "Unicode's emoji-test.txt: every fully-qualified emoji is valid; every minimally-qualified and unqualified one is not, and qualifying it gives a fully-qualified one"
    )
    func unicodeEmojiTest() throws {
        let lines = try Self.emojiTest()
        let fully = lines.filter { $0.status == "fully-qualified" }
        let partly = lines.filter { $0.status == "minimally-qualified" || $0.status == "unqualified" }
        #expect(fully.count > 3_600 && partly.count > 1_000, "\(fully.count) \(partly.count)")
        let fullySet = Set(fully.map { Self.string($0.scalars) })
        let rejected = fully.filter { EmojiSequence(scalars: $0.scalars) == nil }
        #expect(
            rejected.isEmpty,
            "\(rejected.prefix(10).map { "\(EmojiSequence.codePoints($0.scalars)): \(EmojiSequence.problem(in: $0.scalars)!)" })"
        )
        let accepted = partly.filter { EmojiSequence(scalars: $0.scalars) != nil }
        #expect(accepted.isEmpty, "\(accepted.prefix(10).map { EmojiSequence.codePoints($0.scalars) })")
        let unmatched = partly.filter { !fullySet.contains(Self.string(EmojiSequence.qualifying($0.scalars))) }
        #expect(unmatched.isEmpty, "\(unmatched.prefix(10).map { EmojiSequence.codePoints($0.scalars) })")
        // Components alone: skin tones are not emoji by themselves.
        let tones = lines.filter { $0.status == "component" && $0.scalars.count == 1 }.map(\.scalars[0])
            .filter(\.properties.isEmojiModifier)
        #expect(tones.count == 5 && tones.allSatisfy { EmojiSequence(scalars: [$0]) == nil })
    }

    @Test(
        "every emoji-test.txt emoji named as OpenMoji and Noto name files, with a size after it, reads back as itself with the size as suffix"
    )
    func unicodeEmojiTestNames() throws {
        let fully = try Self.emojiTest().filter { $0.status == "fully-qualified" }
        var wrong: [String] = []
        for line in fully {
            let hex = line.scalars.map { String($0.value, radix: 16, uppercase: true) }
            let openMoji = hex.map { String(repeating: "0", count: max(0, 4 - $0.count)) + $0 }.joined(separator: "-")
            // Noto leaves U+FE0F out of its names.
            let noto =
                "emoji_u"
                + line.scalars.filter { $0 != "\u{FE0F}" }
                .map { String($0.value, radix: 16) }
                .map { String(repeating: "0", count: max(0, 4 - $0.count)) + $0 }.joined(separator: "_")
            for name in ["\(openMoji)-300.png", "\(noto)_300.png", "dir/\(openMoji).png"] {
                let parsed = StickerEmoji.parse(fileName: name)
                let suffix: String? = name.hasPrefix("dir/") ? nil : "300"
                if parsed?.emoji.scalars != line.scalars || parsed?.suffix != suffix { wrong.append(name) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
    }

    @Test(
        "names: the bee at 300 px is the bee; flags, Noto names and keycaps; a size or version after the code points is a suffix",
        arguments: [
            ("1F41D-300.png", "🐝", ["1F41D"], "300"),
            ("stickers/1F41D-300.png", "🐝", ["1F41D"], "300"),
            ("1F1E8-1F1EE.png", "🇨🇮", ["1F1E8", "1F1EE"], nil),
            ("emoji_u1f302.png", "🌂", ["1f302"], nil),
            ("1F600-v2.png", "😀", ["1F600"], "v2"),
            ("1F600.png", "😀", ["1F600"], nil),
            ("emoji_u1f600.png", "😀", ["1f600"], nil),
            ("1F44D-1F3FD-300.png", "👍🏽", ["1F44D", "1F3FD"], "300"),
            ("1F469-1F3FC-200D-1F680.png", "👩🏼\u{200D}🚀", ["1F469", "1F3FC", "200D", "1F680"], nil),
            (
                "1F468-200D-1F469-200D-1F467-200D-1F466.png", "👨\u{200D}👩\u{200D}👧\u{200D}👦",
                ["1F468", "200D", "1F469", "200D", "1F467", "200D", "1F466"], nil
            ),
            ("0033-FE0F-20E3.png", "3\u{FE0F}\u{20E3}", ["0033", "FE0F", "20E3"], nil),
            // Twemoji's names: short code points, U+FE0F left out of keycaps.
            ("23-20e3.png", "#\u{FE0F}\u{20E3}", ["23", "20e3"], nil),
            // Noto's names leave U+FE0F out; the emoji gets it back.
            ("emoji_u2764.png", "❤\u{FE0F}", ["2764"], nil),
            (
                "emoji_u1f469_1f3fc_200d_2764_200d_1f468_1f3fb.png", "👩🏼\u{200D}❤\u{FE0F}\u{200D}👨🏻",
                ["1f469", "1f3fc", "200d", "2764", "200d", "1f468", "1f3fb"], nil
            ),
            ("emoji_u1f3cc_1f3fc_200d_2640_v2.png", "🏌🏼\u{200D}♀\u{FE0F}", ["1f3cc", "1f3fc", "200d", "2640"], "v2"),
            (
                "1F3F4-E0067-E0062-E0073-E0063-E0074-E007F.png",
                "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
                ["1F3F4", "E0067", "E0062", "E0073", "E0063", "E0074", "E007F"], nil
            ),
        ] as [(String, String, [String], String?)])
    func names(name: String, emoji: String, parts: [String], suffix: String?) throws {
        let parsed = try #require(StickerEmoji.parse(fileName: name))
        #expect(parsed.emoji.string == emoji, "\(parsed.emoji.codePoints)")
        #expect(parsed.codePointParts == parts && parsed.suffix == suffix)
        #expect(StickerEmoji.fromFileName(name) == emoji)
    }

    @Test(
        "names that spell no emoji: words, a hyphen, a bare digit, a lone skin tone, a combining mark first",
        arguments: [
            "bee.png", "cafe.png", "002D.png", "emoji_u0037.png", "1F3FB.png", "0300-1F41D.png", "1F1E8.png",
            "200D-1F41D.png", "tulip-1F337.png", ".png", "",
        ])
    func noEmoji(name: String) {
        #expect(StickerEmoji.parse(fileName: name) == nil)
    }

    @Test(
        "the emoji fixtures' names: each spells an emoji of emoji-test.txt, a subdivision flag or a newer emoji; the rest start with no emoji"
    )
    func fixtureNames() throws {
        let fully = Set(
            try Self.emojiTest().filter { $0.status == "fully-qualified" }.map { Self.string($0.scalars) })
        var names: [String] = []
        for folder in ["stickers/openmoji-618", "stickers/noto-512", "stickers/derived"] {
            names += try Fixtures.files(in: folder, extension: "png")
        }
        #expect(names.count > 100)
        let parsed = names.compactMap { StickerEmoji.parse(fileName: $0) }
        #expect(parsed.count > 150)
        // Outside emoji-test.txt (Unicode 15.0): OpenMoji's subdivision flags beyond the RGI
        // three, and emoji newer than the test data.
        let unknown = parsed.filter { !fully.contains($0.emoji.string) }.filter {
            let scalars = $0.emoji.scalars
            let flag = scalars.first == "🏴" && scalars.count > 2 && scalars.last == "\u{E007F}"
            let newer = scalars.contains { ($0.properties.age?.major ?? 0) > 15 }
            return !flag && !newer
        }
        #expect(unknown.isEmpty, "\(unknown.map(\.emoji.codePoints))")
        // Names that spell none: OpenMoji's extras (private use, symbols that are no emoji),
        // the hyphen-minus and Noto's bare digit.
        let none = names.filter { StickerEmoji.parse(fileName: $0) == nil }
        #expect(none.contains("002D.png") && none.contains("emoji_u0037.png") && none.contains("F8FF.png"))
        for name in none {
            var base = Substring(name.dropLast(".png".count))
            if base.hasPrefix("emoji_u") { base = base.dropFirst("emoji_u".count) }
            let first = try #require(base.split(whereSeparator: { $0 == "-" || $0 == "_" }).first)
            let scalar = try #require(UInt32(first, radix: 16).flatMap(Unicode.Scalar.init), "\(name)")
            #expect(!scalar.properties.isEmoji || ("0"..."9").contains(scalar), "\(name)")
        }
    }

    @Test("emojis from file names: OpenMoji 1F600.png and 1F469-1F3FC-200D-1F680.png, Noto emoji_u1f600.png")
    func emojiNames() {
        #expect(StickerEmoji.fromFileName("1F600.png") == "😀")
        #expect(StickerEmoji.fromFileName("emoji_u1f600.png") == "😀")
        #expect(StickerEmoji.fromFileName("dir/1F469-1F3FC-200D-1F680.png") == "👩🏼‍🚀")
        // Noto leaves U+FE0F out of its names; the emoji has it (❤️).
        #expect(StickerEmoji.fromFileName("emoji_u1f469_1f3fc_200d_2764_200d_1f468_1f3fb.png") == "👩🏼‍❤️‍👨🏻")
        #expect(StickerEmoji.fromFileName("bee.png") == nil && StickerEmoji.fromFileName("cafe.png") == nil)
        #expect(StickerEmoji.fromFileName("0033-FE0F-20E3.png") == "3️⃣")
    }
}
