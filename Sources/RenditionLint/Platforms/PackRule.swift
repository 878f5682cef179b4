import RenditionPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A rule a platform sets for sticker packs; `PackPlatform.sources` says where each one is
/// written down, and `PackValidator` findings name the rule they break.
public enum PackRule: String, Sendable, Codable, CaseIterable {
    /// Sticker file container (WebP, PNG, APNG, GIF).
    case format
    /// Canvas size and shape.
    case canvas
    /// Largest file.
    case bytes
    /// Fewest and most stickers in a pack.
    case stickerCount = "sticker-count"
    /// The only counts a pack may have (LINE's 8, 16, 24...).
    case allowedCounts = "allowed-counts"
    /// Stills and animations in separate packs.
    case stillOrAnimated = "still-or-animated"
    /// Frame count of an animation.
    case frames
    /// Shortest frame delay.
    case frameDelay = "frame-delay"
    /// Longest loop.
    case duration
    /// Loop count.
    case loops
    /// Loops times duration.
    case playTime = "play-time"
    /// An animation whose frames are all the same.
    case identicalFrames = "identical-frames"
    /// Emojis per sticker: how many, each one valid emoji sequence (`EmojiSequence`).
    case emojis
    /// Pack name, publisher, identifier and per-sticker texts.
    case metadata
    /// The manifest file the platform's tools read.
    case manifest
    /// Tray icon, main image, tab image or set thumbnail.
    case packImage = "pack-image"
    /// Sticker file names.
    case fileNames = "file-names"
    /// Pixel format of a sticker file (an animation in truecolour, no palette).
    case colourType = "colour-type"
    /// How an animation's frames are stored (every frame a key frame).
    case keyFrames = "key-frames"
}

/// One of a pack's own images (not a sticker).
public struct PackImageRule: Sendable, Codable, Equatable {
    /// What the image is for.
    package enum Role: String, Sendable, Codable {
        /// WhatsApp's tray icon.
        case tray
        /// LINE's main image.
        case main
        /// LINE's chat tab image.
        case tab
        /// Telegram's set thumbnail.
        case thumbnail
    }

    /// What the image is for.
    package var role: Role
    /// File name inside the pack folder.
    package var filename: String
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// Container.
    package var format: OutputFormat
    /// Largest file.
    package var maximumBytes: Int
    /// Whether the image is animated (APNG) in an animated pack.
    package var animatedInAnimatedPack: Bool?
    /// Smallest side accepted by the platform's check, when it allows a range.
    package var minimumSide: Int?
    /// Largest side accepted by the platform's check, when it allows a range.
    package var maximumSide: Int?

    /// Creates a rule.
    package init(
        role: Role, filename: String, width: Int, height: Int, format: OutputFormat, maximumBytes: Int,
        animatedInAnimatedPack: Bool? = nil, minimumSide: Int? = nil, maximumSide: Int? = nil
    ) {
        self.role = role
        self.filename = filename
        self.width = width
        self.height = height
        self.format = format
        self.maximumBytes = maximumBytes
        self.animatedInAnimatedPack = animatedInAnimatedPack
        self.minimumSide = minimumSide
        self.maximumSide = maximumSide
    }

    /// Whether `width` x `height` is accepted (the exact size, or within the stated range).
    package func accepts(width w: Int, height h: Int) -> Bool {
        if let minimumSide, let maximumSide {
            return (minimumSide...maximumSide).contains(w) && (minimumSide...maximumSide).contains(h)
        }
        return w == width && h == height
    }
}

/// The file a platform's tools read to learn a pack's metadata.
public enum PackManifestKind: String, Sendable, Codable {
    /// `contents.json` beside the pack folders, as the WhatsApp sample app's ContentFileParser reads it.
    case whatsAppContents = "whatsapp-contents"
    /// `set.json` in the pack folder: the Bot API's createNewStickerSet fields (title, name, stickers with emoji_list and format).
    case telegramSet = "telegram-set"
    /// `manifest.json` in the pack folder: the fields of Signal's sticker pack manifest (title, author, cover, stickers with emoji).
    case signalManifest = "signal-manifest"
    /// `stickers.json` in the pack folder: Discord's Create Guild Sticker fields (name, description, tags) per file.
    case discordStickers = "discord-stickers"
}

/// How sticker files are named inside a pack folder.
public enum PackFileNaming: String, Sendable, Codable {
    /// `NAME.ext`, the sticker's own name.
    case stickerName = "sticker-name"
    /// `01.png`, `02.png`... in pack order, as LINE's ZIP upload expects.
    case twoDigitNumbers = "two-digit-numbers"
}

/// Names, identifiers and emojis a platform asks for, with their limits.
public struct PackMetadataRules: Sendable, Codable, Equatable {
    /// How many emojis a sticker must and may have.
    package var emojisPerSticker: ClosedRange<Int>?
    /// Longest pack name (title), in characters.
    package var maximumNameLength: Int?
    /// Whether a publisher (author, creator) is required.
    package var requiresPublisher: Bool?
    /// Longest publisher, in characters.
    package var maximumPublisherLength: Int?
    /// What a pack identifier may look like.
    package var identifier: IdentifierRule?
    /// Longest accessibility text of a still sticker.
    package var maximumStillAccessibilityLength: Int?
    /// Longest accessibility text of an animated sticker.
    package var maximumAnimatedAccessibilityLength: Int?
    /// Shortest and longest sticker name (Discord's 2–30 characters).
    package var stickerNameLength: ClosedRange<Int>?

    /// Creates rules.
    package init(
        emojisPerSticker: ClosedRange<Int>? = nil, maximumNameLength: Int? = nil, requiresPublisher: Bool? = nil,
        maximumPublisherLength: Int? = nil, identifier: IdentifierRule? = nil,
        maximumStillAccessibilityLength: Int? = nil,
        maximumAnimatedAccessibilityLength: Int? = nil, stickerNameLength: ClosedRange<Int>? = nil
    ) {
        self.emojisPerSticker = emojisPerSticker
        self.maximumNameLength = maximumNameLength
        self.requiresPublisher = requiresPublisher
        self.maximumPublisherLength = maximumPublisherLength
        self.identifier = identifier
        self.maximumStillAccessibilityLength = maximumStillAccessibilityLength
        self.maximumAnimatedAccessibilityLength = maximumAnimatedAccessibilityLength
        self.stickerNameLength = stickerNameLength
    }
}

/// What a pack identifier may look like.
package struct IdentifierRule: Sendable, Codable, Equatable {
    /// The characters allowed.
    package enum Characters: String, Sendable, Codable {
        /// Letters, digits, `_`, `-`, `.`, `,`, `'` and spaces, no `..` (WhatsApp).
        case whatsApp = "whatsapp"
        /// ASCII letters, digits and `_`, starting with a letter, no `__` (Telegram short names).
        case telegramShortName = "telegram-short-name"
    }

    /// The characters allowed.
    package var characters: Characters
    /// Longest identifier.
    package var maximumLength: Int

    /// Creates a rule.
    package init(characters: Characters, maximumLength: Int) {
        self.characters = characters
        self.maximumLength = maximumLength
    }

    /// Whether `identifier` follows the rule.
    package func accepts(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.count <= maximumLength else { return false }
        switch characters {
        case .whatsApp:
            return !identifier.contains("..")
                && identifier.unicodeScalars.allSatisfy {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                        || "_-.,' ".unicodeScalars.contains($0)
                        || $0.properties.isWhitespace
                }
        case .telegramShortName:
            guard let first = identifier.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
                return false
            }
            return !identifier.contains("__")
                && identifier.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }
        }
    }

    /// `text` made to follow the rule: disallowed characters become `_` (or are dropped), and
    /// it is cut to the maximum length.
    package func sanitized(_ text: String) -> String {
        var result = ""
        switch characters {
        case .whatsApp:
            for scalar in text.unicodeScalars {
                let ok =
                    scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_-. ".unicodeScalars.contains(scalar))
                result.unicodeScalars.append(ok ? scalar : "_")
            }
            while result.contains("..") { result = result.replacing("..", with: ".") }
        case .telegramShortName:
            for scalar in text.unicodeScalars {
                let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                if ok {
                    result.unicodeScalars.append(scalar)
                } else if !result.hasSuffix("_") && !result.isEmpty {
                    result += "_"
                }
            }
            while result.hasSuffix("_") { result.removeLast() }
            if let first = result.unicodeScalars.first, !first.properties.isAlphabetic { result = "s_" + result }
            if result.isEmpty { result = "stickers" }
        }
        return String(result.prefix(maximumLength))
    }
}
