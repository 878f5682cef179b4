import RenditionLint

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One sticker as a manifest lists it.
struct ManifestSticker {
    let file: String
    let name: String
    let label: String
    let emojis: [String]
}

/// One pack as its manifest describes it.
struct ManifestPack {
    let pack: PlannedPack
    let publisher: String
    let stickers: [ManifestSticker]
    /// Files of the pack's own images by role.
    let images: [PackImageRule.Role: String]
    /// A fingerprint of the pack's files (WhatsApp's image_data_version).
    let version: String
}

/// The files platforms' tools read to learn a pack's metadata, written with the keys those
/// tools read (see `PackManifestKind`).
enum PackManifests {
    /// WhatsApp's `contents.json` for every pack of the platform, as the Android sample's
    /// ContentFileParser reads it (it refuses keys it does not know at the top level and in
    /// stickers).
    static func whatsAppContents(_ packs: [ManifestPack], rules: PackMetadataRules?) -> [UInt8] {
        let entries: [[String: Any]] = packs.map { item in
            let animated = item.pack.animated == true
            let textLimit =
                (animated ? rules?.maximumAnimatedAccessibilityLength : rules?.maximumStillAccessibilityLength)
                ?? Int.max
            let emojiLimit = rules?.emojisPerSticker?.upperBound ?? Int.max
            return [
                "identifier": item.pack.identifier, "name": item.pack.title, "publisher": item.publisher,
                "tray_image_file": item.images[.tray] ?? "", "image_data_version": item.version, "avoid_cache": false,
                "animated_sticker_pack": animated, "publisher_email": "", "publisher_website": "",
                "privacy_policy_website": "",
                "license_agreement_website": "",
                "stickers": item.stickers.map { sticker -> [String: Any] in
                    [
                        "image_file": sticker.file, "emojis": Array(sticker.emojis.prefix(emojiLimit)),
                        "accessibility_text": String(sticker.label.prefix(textLimit)),
                    ]
                },
            ]
        }
        return json(["android_play_store_link": "", "ios_app_store_link": "", "sticker_packs": entries])
    }

    /// Telegram's `set.json`: the fields of the Bot API's createNewStickerSet.
    /// `sticker_type` is `custom_emoji` for custom emoji sets; each sticker's `format` is
    /// `static` (WebP, PNG), `video` (WebM) or `animated` (TGS).
    static func telegramSet(_ item: ManifestPack, rules: PackMetadataRules?, customEmoji: Bool) -> [UInt8] {
        let emojiLimit = rules?.emojisPerSticker?.upperBound ?? Int.max
        func format(_ file: String) -> String {
            if file.hasSuffix(".webm") { return "video" }
            return file.hasSuffix(".tgs") ? "animated" : "static"
        }
        var object: [String: Any] = [
            "name": item.pack.identifier, "title": item.pack.title,
            "sticker_type": customEmoji ? "custom_emoji" : "regular",
            "stickers": item.stickers.map {
                ["sticker": $0.file, "format": format($0.file), "emoji_list": Array($0.emojis.prefix(emojiLimit))]
            },
        ]
        if let thumbnail = item.images[.thumbnail] { object["thumbnail"] = thumbnail }
        return json(object)
    }

    /// Signal's `manifest.json`: the fields of its sticker pack manifest (title, author,
    /// cover, stickers with one emoji each).
    static func signalManifest(_ item: ManifestPack) -> [UInt8] {
        let stickers = item.stickers.map { ["file": $0.file, "emoji": $0.emojis.first ?? ""] }
        return json([
            "title": item.pack.title, "author": item.publisher, "cover": stickers.first ?? [:], "stickers": stickers,
        ])
    }

    /// Discord's `stickers.json`: Create Guild Sticker's fields for each file.
    static func discordStickers(_ item: ManifestPack, rules: PackMetadataRules?) -> [UInt8] {
        let length = rules?.stickerNameLength ?? 2...30
        return json([
            "stickers": item.stickers.map { sticker -> [String: Any] in
                var name = String(sticker.name.map { $0 == "-" || $0 == "_" ? " " : $0 }.prefix(length.upperBound))
                while name.count < length.lowerBound { name += "_" }
                let description = (2...100).contains(sticker.label.count) ? sticker.label : ""
                return [
                    "file": sticker.file, "name": name, "description": description, "tags": sticker.emojis.first ?? "",
                ]
            }
        ])
    }

    static func json(_ object: Any) -> [UInt8] {
        JSONValue.bytes(object)
    }
}
