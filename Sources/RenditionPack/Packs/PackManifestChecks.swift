import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Checks a WhatsApp platform folder: `contents.json` as the Android sample's
/// ContentFileParser reads it, then every pack it lists as StickerPackValidator checks it.
struct WhatsAppContentsCheck {
    let validator: PackValidator
    var platform: PackPlatform { validator.platform }

    static let topLevelKeys: Set<String> = ["android_play_store_link", "ios_app_store_link", "sticker_packs"]
    static let stickerKeys: Set<String> = ["image_file", "emojis", "accessibility_text"]

    func validate(root: String) -> [PackFinding] {
        var base = root
        if !FileSystem.exists("\(base)/contents.json"), let slash = root.lastIndex(of: "/"),
            FileSystem.exists("\(root[..<slash])/contents.json")
        {
            base = String(root[..<slash])
        }
        let path = "\(base)/contents.json"
        guard let bytes = try? FileSystem.read(path), let object = JSONValue.object(from: bytes) else {
            return [
                validator.finding(
                    .manifest, ".", "contents.json",
                    FileSystem.exists(path) ? "contents.json is not a JSON object" : "contents.json is missing")
            ]
        }
        var findings: [PackFinding] = []
        for key in object.keys.sorted() where !Self.topLevelKeys.contains(key) {
            findings.append(
                validator.finding(.manifest, ".", "contents.json", "unknown field \"\(key)\" (the parser refuses it)"))
        }
        guard let packs = object["sticker_packs"] as? [[String: Any]], !packs.isEmpty else {
            return findings + [validator.finding(.manifest, ".", "contents.json", "sticker_packs is missing or empty")]
        }
        for pack in packs { findings += check(pack, base: base) }
        return findings
    }

    func check(_ pack: [String: Any], base: String) -> [PackFinding] {
        let identifier = pack["identifier"] as? String ?? ""
        let label = identifier.isEmpty ? "." : identifier
        var findings: [PackFinding] = []
        func require(_ key: String) -> String {
            let value = pack[key] as? String ?? ""
            if value.isEmpty {
                findings.append(validator.finding(.manifest, label, "contents.json", "\(key) is empty"))
            }
            return value
        }
        _ = require("identifier")
        let name = require("name"), publisher = require("publisher"), tray = require("tray_image_file")
        _ = require("image_data_version")
        let rules = platform.metadata
        if !identifier.isEmpty, let rule = rules?.identifier, !rule.accepts(identifier) || identifier.contains("/") {
            findings.append(
                validator.finding(
                    .metadata, label, "contents.json",
                    "identifier \"\(identifier)\" may hold letters, digits, _ - . , ' and spaces, at most \(rule.maximumLength), no '..' or '/'"
                ))
        }
        if let maximum = rules?.maximumNameLength, name.count > maximum {
            findings.append(
                validator.finding(
                    .metadata, label, "contents.json", "name has \(name.count) characters; at most \(maximum)"))
        }
        if let maximum = rules?.maximumPublisherLength, publisher.count > maximum {
            findings.append(
                validator.finding(
                    .metadata, label, "contents.json", "publisher has \(publisher.count) characters; at most \(maximum)"
                ))
        }
        guard !identifier.isEmpty, !identifier.contains("/"), !identifier.contains("..") else { return findings }
        let folder = "\(base)/\(identifier)"
        let animatedPack = pack["animated_sticker_pack"] as? Bool ?? false
        if !tray.isEmpty, let rule = platform.packImages?.first(where: { $0.role == .tray }) {
            var trayRule = rule
            trayRule.filename = tray
            findings += validator.checkPackImage(trayRule, folder: folder, pack: identifier, animatedPack: false)
        }
        let stickers = pack["stickers"] as? [[String: Any]] ?? []
        var kinds: [Bool] = []
        for sticker in stickers {
            let file = sticker["image_file"] as? String ?? ""
            for key in sticker.keys.sorted() where !Self.stickerKeys.contains(key) {
                findings.append(
                    validator.finding(
                        .manifest, identifier, file, "unknown sticker field \"\(key)\" (the parser refuses it)"))
            }
            if file.isEmpty || !file.hasSuffix(".webp") || file.contains("..") || file.contains("/") {
                findings.append(
                    validator.finding(
                        .fileNames, identifier, file, "image_file must be a .webp file name without '..' or '/'"))
                continue
            }
            let emojis = (sticker["emojis"] as? [String] ?? []).filter { !$0.isEmpty }
            findings += validator.emojiFindings(emojis, pack: identifier, file: file)
            let text = sticker["accessibility_text"] as? String ?? ""
            let textLimit =
                animatedPack ? rules?.maximumAnimatedAccessibilityLength : rules?.maximumStillAccessibilityLength
            if let textLimit, text.count > textLimit {
                findings.append(
                    validator.finding(
                        .metadata, identifier, file,
                        "accessibility_text has \(text.count) characters; at most \(textLimit)"))
            }
            let (fileFindings, animated) = validator.checkSticker(
                path: "\(folder)/\(file)", pack: identifier, file: file)
            findings += fileFindings
            if let animated {
                kinds.append(animated)
                if animated != animatedPack {
                    findings.append(
                        validator.finding(
                            .stillOrAnimated, identifier, file,
                            animatedPack
                                ? "the pack is marked animated_sticker_pack but this sticker does not animate"
                                : "the pack is not marked animated_sticker_pack but this sticker animates"))
                }
            }
        }
        var count = validator.countFindings(count: stickers.count, kinds: kinds, pack: identifier)
        count.removeAll { $0.rule == .stillOrAnimated }
        return findings + count
    }
}

/// Checks the manifest Rendition writes beside a pack's files for Telegram, Signal and
/// Discord: present, parseable, listing the pack's files, with the metadata the platform asks for.
struct ManifestCheck {
    let validator: PackValidator
    var platform: PackPlatform { validator.platform }

    func findings(folder: String, pack: String, stickerFiles: [String]) -> [PackFinding] {
        let name: String
        switch platform.manifest {
        case .telegramSet?: name = "set.json"
        case .signalManifest?: name = "manifest.json"
        case .discordStickers?: name = "stickers.json"
        case .whatsAppContents?, nil: return []
        }
        guard let bytes = try? FileSystem.read("\(folder)/\(name)"), let object = JSONValue.object(from: bytes) else {
            return [validator.finding(.manifest, pack, name, "\(name) is missing or not a JSON object")]
        }
        var findings: [PackFinding] = []
        let rules = platform.metadata
        let stickers = object["stickers"] as? [[String: Any]] ?? []
        let fileKey = platform.manifest == .telegramSet ? "sticker" : "file"
        let listed = stickers.compactMap { $0[fileKey] as? String }
        if listed.sorted() != stickerFiles.sorted() {
            let missing = Set(stickerFiles).subtracting(listed).sorted(),
                extra = Set(listed).subtracting(stickerFiles).sorted()
            findings.append(
                validator.finding(
                    .manifest, pack, name,
                    "does not list the pack's files: "
                        + [
                            missing.isEmpty ? nil : "missing \(missing.joined(separator: ", "))",
                            extra.isEmpty ? nil : "no such file \(extra.joined(separator: ", "))",
                            missing.isEmpty && extra.isEmpty ? "a file listed twice" : nil,
                        ].compactMap { $0 }.joined(separator: "; ")))
        }
        for sticker in stickers {
            let file = sticker[fileKey] as? String
            let emojis: [String] =
                switch platform.manifest {
                case .telegramSet?: (sticker["emoji_list"] as? [String]) ?? []
                case .signalManifest?: [(sticker["emoji"] as? String) ?? ""].filter { !$0.isEmpty }
                default: [(sticker["tags"] as? String) ?? ""].filter { !$0.isEmpty }
                }
            // Discord's tags are a convention (an emoji's name will do), so only their count is checked.
            findings += validator.emojiFindings(
                emojis, pack: pack, file: file, checksSequences: platform.manifest != .discordStickers)
            if let range = rules?.stickerNameLength {
                let stickerName = sticker["name"] as? String ?? ""
                if !range.contains(stickerName.count) {
                    findings.append(
                        validator.finding(
                            .metadata, pack, file,
                            "name \"\(stickerName)\" has \(stickerName.count) characters; \(platform.name) needs \(range.lowerBound)–\(range.upperBound)"
                        ))
                }
            }
        }
        if platform.manifest == .telegramSet {
            let title = object["title"] as? String ?? ""
            if title.isEmpty || title.count > (rules?.maximumNameLength ?? Int.max) {
                findings.append(
                    validator.finding(
                        .metadata, pack, name, "title must have 1–\(rules?.maximumNameLength ?? 64) characters"))
            }
            if let rule = rules?.identifier, !rule.accepts(object["name"] as? String ?? "") {
                findings.append(
                    validator.finding(
                        .metadata, pack, name,
                        "name (the set's short name) may hold letters, digits and underscores, start with a letter, no '__', at most \(rule.maximumLength)"
                    ))
            }
        }
        // Signal's cover is a sticker of its own in the manifest; its emoji is checked where no
        // listed sticker has the same file and emoji.
        if platform.manifest == .signalManifest, let cover = object["cover"] as? [String: Any],
            let emoji = cover["emoji"] as? String, !emoji.isEmpty,
            !stickers.contains(where: {
                $0["file"] as? String == cover["file"] as? String && $0["emoji"] as? String == emoji
            })
        {
            if let finding = validator.sequenceFinding(
                emoji, pack: pack, file: cover["file"] as? String, what: "the cover's emoji")
            {
                findings.append(finding)
            }
        }
        if platform.manifest == .signalManifest && (object["title"] as? String ?? "").isEmpty {
            findings.append(validator.finding(.metadata, pack, name, "the pack has no title"))
        }
        return findings
    }
}

extension PackValidator {
    /// Where a valid emoji sequence is defined, for findings about one.
    static let emojiSequenceSource = "unicode.org/reports/tr51 (UTS #51 emoji sequences)"

    /// The emoji rules one sticker's `emojis` break: how many the platform takes
    /// (`PackMetadataRules.emojisPerSticker`) and, when `checksSequences`, that each one is a
    /// single valid emoji (`EmojiSequence`).
    func emojiFindings(_ emojis: [String], pack: String, file: String?, checksSequences: Bool = true) -> [PackFinding] {
        var findings: [PackFinding] = []
        if let range = platform.metadata?.emojisPerSticker, !range.contains(emojis.count) {
            let needs = range.count == 1 ? "exactly \(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
            findings.append(finding(.emojis, pack, file, "\(emojis.count) emoji(s); \(platform.name) needs \(needs)"))
        }
        if checksSequences {
            findings += emojis.compactMap { sequenceFinding($0, pack: pack, file: file) }
        }
        return findings
    }

    /// A finding naming the code points of `emoji` when it is not one valid emoji sequence.
    func sequenceFinding(_ emoji: String, pack: String, file: String?, what: String = "emoji") -> PackFinding? {
        guard let problem = EmojiSequence.problem(in: emoji) else { return nil }
        return PackFinding(
            rule: .emojis, pack: pack, file: file,
            message: "\(what) \"\(emoji)\" (\(EmojiSequence.codePoints(emoji))) is not one valid emoji: \(problem)",
            source: "\(Self.emojiSequenceSource); \(platform.source(of: .emojis))")
    }
}
