import RenditionBatch
import RenditionCore
import RenditionLint
import RenditionPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The optional `pack.json` (or `pack.yaml`) in a pack's source folder: order, names,
/// accessibility labels, size class, icon, per-sticker choices, and the metadata other
/// platforms' packs carry (publisher, identifier, emojis, tray image).
///
/// ```json
/// {
///   "name": "Party Animals",
///   "publisher": "Jane Doe",
///   "identifier": "party-animals",
///   "tray": "cat.png",
///   "animatedFormats": { "discord": "gif" },
///   "sizeClass": "regular",
///   "icon": "icon.png",
///   "iconBackground": "#FFD60A",
///   "animatedAs": "sequence",
///   "stickers": [
///     { "file": "cat.png", "name": "Cat", "accessibilityLabel": "A cat waving hello", "emojis": ["🐱", "👋"] },
///     { "file": "dance.gif", "animatedAs": "gif" }
///   ]
/// }
/// ```
package struct PackConfiguration: Sendable, Codable, Equatable {
    /// How an animated sticker goes into the Xcode catalog.
    package enum AnimatedStyle: String, Sendable, Codable, CaseIterable {
        /// A `.stickersequence` of PNG frames (Xcode's own animated sticker type).
        case sequence
        /// A `.sticker` holding one APNG.
        case apng
        /// A `.sticker` holding one GIF.
        case gif
    }

    /// One sticker entry; entries give the pack's order.
    package struct Sticker: Sendable, Codable, Equatable {
        /// Image file, relative to the source folder and inside it (see `PackPathResolver`).
        package var file: String
        /// Name used for the sticker's folder and files (default: the file name without extension).
        package var name: String?
        /// Text VoiceOver reads (at most 150 characters; default: the name).
        package var accessibilityLabel: String?
        /// Overrides the pack's `animatedAs` for this sticker.
        package var animatedAs: AnimatedStyle?
        /// Emojis the sticker stands for (default: from a file named by its code points, like
        /// `1F600.png` or `emoji_u1f600.png`, else the pack's `defaultEmojis`).
        package var emojis: [String]?

        /// Creates an entry.
        package init(
            file: String, name: String? = nil, accessibilityLabel: String? = nil, animatedAs: AnimatedStyle? = nil,
            emojis: [String]? = nil
        ) {
            self.file = file
            self.name = name
            self.accessibilityLabel = accessibilityLabel
            self.animatedAs = animatedAs
            self.emojis = emojis
        }
    }

    /// The pack's name (default: the source folder's name).
    package var name: String?
    /// Size class for the whole pack (default: inferred from the masters).
    package var sizeClass: StickerSizeClass?
    /// Icon source image, relative to the source folder and inside it (default: the first sticker).
    package var icon: String?
    /// Opaque background behind the icon, `#RRGGBB` (default white).
    package var iconBackground: String?
    /// How animated stickers go into the catalog (default `sequence`).
    package var animatedAs: AnimatedStyle?
    /// Stickers in order (default: every image in the folder, sorted by file name).
    package var stickers: [Sticker]?
    /// Who made the pack (WhatsApp's publisher, Signal's author; default "Rendition").
    package var publisher: String?
    /// The base of the packs' identifiers and folder names (default: the name, made safe).
    package var identifier: String?
    /// The image for tray icons, main and tab images and set thumbnails, relative to the
    /// source folder and inside it (default: each pack's most legible sticker: most art on its
    /// canvas, then most colour).
    package var tray: String?
    /// Emojis for stickers that have none and whose file name names none (default 🙂).
    package var defaultEmojis: [String]?
    /// Animated container per platform identifier, among those the platform accepts (e.g.
    /// `{"discord": "gif"}`).
    package var animatedFormats: [String: OutputFormat]?

    /// Creates a configuration.
    package init(
        name: String? = nil, sizeClass: StickerSizeClass? = nil, icon: String? = nil, iconBackground: String? = nil,
        animatedAs: AnimatedStyle? = nil, stickers: [Sticker]? = nil, publisher: String? = nil,
        identifier: String? = nil,
        tray: String? = nil, defaultEmojis: [String]? = nil, animatedFormats: [String: OutputFormat]? = nil
    ) {
        self.publisher = publisher
        self.identifier = identifier
        self.tray = tray
        self.defaultEmojis = defaultEmojis
        self.animatedFormats = animatedFormats
        self.name = name
        self.sizeClass = sizeClass
        self.icon = icon
        self.iconBackground = iconBackground
        self.animatedAs = animatedAs
        self.stickers = stickers
    }

    /// The longest accessibility label Apple accepts.
    package static let maximumAccessibilityLabelLength = 150

    /// The configuration file in `folder`: the first of `fileNames` there, or `nil`.
    static func file(in folder: String) -> String? {
        fileNames.lazy.map { "\(folder)/\($0)" }.first { FileSystem.exists($0) }
    }

    /// Loads `pack.json`, `pack.yaml` or `pack.yml` from `folder`; `nil` when there is none.
    package static func load(from folder: String) throws(PackError) -> PackConfiguration? {
        guard let path = file(in: folder) else { return nil }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch { throw .file(error) }
        return try decode(bytes, path: path)
    }

    static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\"" + at(context)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return context.debugDescription + at(context)
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription + at(context)
        default:
            return "\(error)"
        }
    }

    private static func at(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }

    /// The icon background as RGB, or white.
    package func iconBackgroundColor() throws(PackError) -> (UInt8, UInt8, UInt8) {
        guard let text = iconBackground else { return (255, 255, 255) }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
            throw .invalidConfiguration(
                path: "pack configuration", reason: "iconBackground \"\(text)\" is not a #RRGGBB colour")
        }
        return (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}

/// Why a pack could not be built (problems with the pack as a whole; per-sticker failures
/// are reported per sticker and the build goes on).
public enum PackError: Error, Sendable, CustomStringConvertible {
    /// Reading or writing failed.
    case file(FileError)
    /// `pack.json`/`pack.yaml` is malformed or inconsistent.
    case invalidConfiguration(path: String, reason: String)
    /// The source folder holds no stickers.
    case empty(source: String)
    /// An unknown platform was asked for.
    case unknownPlatform(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .invalidConfiguration(let path, let reason):
            "\(path): \(StatedReason.stated(reason, otherwise: "the pack configuration is not valid"))"
        case .empty(let source): "\(source): no sticker images found (PNG, APNG, GIF, JPEG or WebP)"
        case .unknownPlatform(let id):
            "unknown platform \"\(id)\"; known: \(PackPlatform.builtIn.keys.sorted().joined(separator: ", ")) (or give --platform-file)"
        }
    }
}
