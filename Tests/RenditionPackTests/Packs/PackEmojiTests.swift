import Foundation
import RenditionPack
import RenditionTestSupport
import Testing

@Suite("Pack emoji: from file names into manifests, checked by pack --check")
struct PackEmojiTests {
    /// A source folder of fixture stickers named as emoji art is, a size or version after the
    /// code points: the bee first, so it is Signal's cover.
    static func source() throws -> String {
        let source = try TemporaryFolder.make("rendition-emoji-src")
        for (fixture, name) in [
            ("stickers/derived/1F41D-300.png", "1F41D-300.png"),
            ("stickers/derived/1F601-300.png", "1F601-300.png"),
            ("stickers/noto-512/emoji_u1f3cc_1f3fc_200d_2640.png", "emoji_u1f3cc_1f3fc_200d_2640_v2.png"),
        ] {
            try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: "\(source)/\(name)")
        }
        return source
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    static func write(_ object: [String: Any], _ path: String) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    /// The one pack folder of `platform` under `output`.
    static func packFolder(_ output: String, _ platform: String) throws -> String {
        let packs = try FileManager.default.contentsOfDirectory(atPath: "\(output)/\(platform)").filter {
            !$0.hasPrefix(".") && !$0.hasSuffix(".json")
        }
        return "\(output)/\(platform)/" + (try #require(packs.count == 1 ? packs.first : nil, "\(packs)"))
    }

    static let golfer = "🏌🏼\u{200D}♀\u{FE0F}"

    @Test(
        "1F41D-300.png is 🐝 in Telegram's set.json, Signal's manifest and cover and WhatsApp's contents.json; the packs pass pack --check; hand-edited U+0300 is reported"
    )
    func namesToManifestsAndCheck() throws {
        let source = try Self.source()
        let output = try TemporaryFolder.make("rendition-emoji-out")
        defer { for path in [source, output] { try? FileManager.default.removeItem(atPath: path) } }
        let summary = try PackBuilder(
            source: source, output: output,
            options: PackOptions(platforms: [.telegram, .signal, .whatsApp], threads: 2)
        ).build()
        #expect(!summary.hasFailures, "\(summary.platformProblems) \(summary.stickers.map(\.problems))")
        #expect(summary.platformNotes.values.joined().allSatisfy { !$0.contains("default emoji") })

        // Telegram: exactly the bee, nothing after it.
        let telegram = try Self.packFolder(output, "telegram")
        var set = try Self.json("\(telegram)/set.json")
        var stickers = try #require(set["stickers"] as? [[String: Any]])
        let lists = Dictionary(
            uniqueKeysWithValues: stickers.map { ($0["sticker"] as? String ?? "", $0["emoji_list"] as? [String] ?? []) }
        )
        #expect(
            lists == [
                "1F41D-300.webp": ["🐝"], "1F601-300.webp": ["😁"], "emoji_u1f3cc_1f3fc_200d_2640_v2.webp": [Self.golfer],
            ])
        #expect(lists["1F41D-300.webp"]?.first?.unicodeScalars.map(\.value) == [0x1F41D])
        #expect(PackValidator(platform: .telegram).validate(folder: "\(output)/telegram").isEmpty)

        // Signal: one emoji per sticker; the cover is the bee.
        let signal = try Self.packFolder(output, "signal")
        var manifest = try Self.json("\(signal)/manifest.json")
        let cover = try #require(manifest["cover"] as? [String: Any])
        #expect(cover["file"] as? String == "1F41D-300.png" && cover["emoji"] as? String == "🐝")
        #expect((manifest["stickers"] as? [[String: Any]])?.map { $0["emoji"] as? String } == ["🐝", "😁", Self.golfer])
        #expect(PackValidator(platform: .signal).validate(folder: "\(output)/signal").isEmpty)

        // WhatsApp: 1-3 emojis, here one each.
        var contents = try Self.json("\(output)/whatsapp/contents.json")
        var packs = try #require(contents["sticker_packs"] as? [[String: Any]])
        #expect(
            (packs.first?["stickers"] as? [[String: Any]])?.map { $0["emojis"] as? [String] } == [
                ["🐝"], ["😁"], [Self.golfer],
            ])
        #expect(PackValidator(platform: .whatsApp).validate(folder: "\(output)/whatsapp").isEmpty)

        // Telegram's set.json edited by hand: the bee with U+0300, 21 emojis, none.
        stickers = stickers.map { sticker in
            var sticker = sticker
            switch sticker["sticker"] as? String {
            case "1F41D-300.webp": sticker["emoji_list"] = ["🐝\u{0300}"]
            case "1F601-300.webp": sticker["emoji_list"] = Array(repeating: "😁", count: 21)
            default: sticker["emoji_list"] = [String]()
            }
            return sticker
        }
        set["stickers"] = stickers
        try Self.write(set, "\(telegram)/set.json")
        let telegramFindings = PackValidator(platform: .telegram).validate(folder: "\(output)/telegram")
        #expect(telegramFindings.allSatisfy { $0.rule == .emojis }, "\(telegramFindings)")
        let bee = try #require(telegramFindings.first { $0.file == "1F41D-300.webp" })
        #expect(bee.message.contains("U+1F41D U+0300") && bee.message.contains("U+0300 is not an emoji"), "\(bee)")
        #expect(bee.source.contains("UTS #51") && bee.source.contains("emoji_list"))
        #expect(bee.description.contains("1F41D-300.webp: emoji"))
        #expect(
            telegramFindings.first { $0.file == "1F601-300.webp" }?.message == "21 emoji(s); Telegram needs 1–20")
        #expect(
            telegramFindings.first { $0.file == "emoji_u1f3cc_1f3fc_200d_2640_v2.webp" }?.message
                == "0 emoji(s); Telegram needs 1–20")
        #expect(telegramFindings.count == 3, "\(telegramFindings)")

        // Signal's manifest: the bee with U+0300 in the stickers and the cover (reported once),
        // a lone ZWJ, no emoji.
        var signalStickers = try #require(manifest["stickers"] as? [[String: Any]])
        signalStickers[0]["emoji"] = "🐝\u{0300}"
        signalStickers[1]["emoji"] = "\u{200D}"
        signalStickers[2]["emoji"] = ""
        manifest["stickers"] = signalStickers
        manifest["cover"] = signalStickers[0]
        try Self.write(manifest, "\(signal)/manifest.json")
        let signalFindings = PackValidator(platform: .signal).validate(folder: "\(output)/signal")
        #expect(
            signalFindings.map(\.file) == ["1F41D-300.png", "1F601-300.png", "emoji_u1f3cc_1f3fc_200d_2640_v2.png"])
        #expect(signalFindings[0].message.contains("U+1F41D U+0300"))
        #expect(signalFindings[1].message.contains("U+200D") && signalFindings[1].message.contains("does not join"))
        #expect(signalFindings[2].message == "0 emoji(s); Signal needs exactly 1")
        #expect(signalFindings.allSatisfy { $0.rule == .emojis })

        // The cover alone edited: it is reported as the cover's.
        signalStickers[0]["emoji"] = "🐝"
        signalStickers[1]["emoji"] = "😁"
        signalStickers[2]["emoji"] = Self.golfer
        manifest["stickers"] = signalStickers
        manifest["cover"] = ["file": "1F41D-300.png", "emoji": "🐝\u{0300}"]
        try Self.write(manifest, "\(signal)/manifest.json")
        let coverFindings = PackValidator(platform: .signal).validate(folder: "\(output)/signal")
        #expect(coverFindings.count == 1 && coverFindings.first?.message.hasPrefix("the cover's emoji") == true)

        // WhatsApp's contents.json: four emojis, one of them a bare digit.
        var whatsAppStickers = try #require(packs[0]["stickers"] as? [[String: Any]])
        whatsAppStickers[0]["emojis"] = ["🐝", "7", "😁", "🌷"]
        packs[0]["stickers"] = whatsAppStickers
        contents["sticker_packs"] = packs
        try Self.write(contents, "\(output)/whatsapp/contents.json")
        let whatsAppFindings = PackValidator(platform: .whatsApp).validate(folder: "\(output)/whatsapp")
        #expect(whatsAppFindings.map(\.file) == ["1F41D-300.webp", "1F41D-300.webp"], "\(whatsAppFindings)")
        #expect(whatsAppFindings.first?.message == "4 emoji(s); WhatsApp needs 1–3")
        #expect(
            whatsAppFindings.last?.message.contains("\"7\" (U+0037)") == true
                && whatsAppFindings.last?.message.contains("keycap") == true)
    }

    @Test("an emoji in pack.json that is not one valid emoji is a problem of every platform that carries emojis")
    func configuredEmojis() throws {
        let source = try TemporaryFolder.make("rendition-emoji-config-src")
        let output = try TemporaryFolder.make("rendition-emoji-config-out")
        defer { for path in [source, output] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F41D-300.png"), toPath: "\(source)/bee.png")
        let configuration = #"{ "stickers": [ { "file": "bee.png", "emojis": ["🐝", "\u0300"] } ] }"#
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: "\(source)/pack.json"))
        let summary = try PackBuilder(
            source: source, output: output, options: PackOptions(platforms: [.telegram, .signal], threads: 2)
        ).build()
        #expect(summary.hasFailures)
        let telegram = summary.platformProblems["telegram"] ?? []
        #expect(
            telegram.count == 1 && telegram.first?.contains("bee: emoji \"\u{0300}\" (U+0300)") == true, "\(telegram)")
        // Signal takes the first emoji only, and that one is valid.
        #expect(summary.platformProblems["signal"] ?? [] == [])
    }
}
