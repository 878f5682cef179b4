/// One messaging platform's rules for a sticker pack, as data: canvas, formats, byte limits,
/// tray icon, sticker count and animation limits. The builder fits every output to these
/// rules and never writes a file that breaks them. Platforms are `Codable`: a new one is a
/// JSON file (`rendition pack --platform-file`), not new code.
///
/// Byte limits are decimal (100 KB = 100,000 bytes) unless the platform states KiB.
public struct PackPlatform: Sendable, Codable, Equatable {
    /// Stable identifier used on the command line and as the output folder name.
    public var id: String
    /// Name for people.
    public var name: String
    /// Where the sticker goes on the platform's canvas.
    public var canvas: CanvasRule
    /// Container for still stickers.
    public var staticFormat: OutputFormat
    /// Container for animated stickers; `nil` when the platform takes stills only (an
    /// animated master then contributes its first frame).
    public var animatedFormat: OutputFormat?
    /// Largest still sticker file.
    public var maximumStaticBytes: Int
    /// Largest animated sticker file.
    public var maximumAnimatedBytes: Int
    /// The pack's tray icon, when the platform wants one.
    public var trayIcon: TrayIconRule?
    /// Fewest stickers in a pack.
    public var minimumStickers: Int?
    /// Most stickers in a pack.
    public var maximumStickers: Int?
    /// Shortest frame delay, in milliseconds (shorter frames are merged into their neighbour).
    public var minimumFrameMilliseconds: Int?
    /// Longest loop, in milliseconds.
    public var maximumDurationMilliseconds: Int?
    /// Fewest frames an animation may have.
    public var minimumFrames: Int?
    /// Most frames an animation may have (more are merged, keeping the total duration).
    public var maximumFrames: Int?
    /// Whether animations must loop forever.
    public var requiresEndlessLoop: Bool
    /// Allowed finite loop counts (an endless master gets the largest).
    public var loopCountRange: ClosedRange<Int>?
    /// Animated stickers taken in the platform's own vector format (Telegram's TGS): a master
    /// in that format that follows the rule is kept byte for byte.
    public var vectorStickers: VectorStickerRule?
    /// Codec, audio and frame-rate rules for video (WebM) stickers.
    public var videoStickers: VideoStickerRule?
    /// Other containers the platform accepts for stills (lint accepts them; packs write
    /// `staticFormat`).
    public var otherStaticFormats: [OutputFormat]?

    /// Creates a platform description.
    public init(
        id: String, name: String, canvas: CanvasRule, staticFormat: OutputFormat, animatedFormat: OutputFormat?,
        maximumStaticBytes: Int, maximumAnimatedBytes: Int, trayIcon: TrayIconRule? = nil,
        minimumStickers: Int? = nil, maximumStickers: Int? = nil, minimumFrameMilliseconds: Int? = nil,
        maximumDurationMilliseconds: Int? = nil, minimumFrames: Int? = nil, maximumFrames: Int? = nil,
        requiresEndlessLoop: Bool = false, loopCountRange: ClosedRange<Int>? = nil,
        vectorStickers: VectorStickerRule? = nil, videoStickers: VideoStickerRule? = nil, otherStaticFormats: [OutputFormat]? = nil
    ) {
        self.vectorStickers = vectorStickers
        self.videoStickers = videoStickers
        self.otherStaticFormats = otherStaticFormats
        self.id = id
        self.name = name
        self.canvas = canvas
        self.staticFormat = staticFormat
        self.animatedFormat = animatedFormat
        self.maximumStaticBytes = maximumStaticBytes
        self.maximumAnimatedBytes = maximumAnimatedBytes
        self.trayIcon = trayIcon
        self.minimumStickers = minimumStickers
        self.maximumStickers = maximumStickers
        self.minimumFrameMilliseconds = minimumFrameMilliseconds
        self.maximumDurationMilliseconds = maximumDurationMilliseconds
        self.minimumFrames = minimumFrames
        self.maximumFrames = maximumFrames
        self.requiresEndlessLoop = requiresEndlessLoop
        self.loopCountRange = loopCountRange
    }
}

/// Where a sticker's pixels go on a platform.
public struct CanvasRule: Sendable, Codable, Equatable {
    /// How the master is placed.
    public enum Mode: String, Sendable, Codable {
        /// Scaled to fit inside `width` x `height`, centred on a transparent canvas of exactly that size.
        case exact
        /// Scaled to fit inside `width` x `height`, keeping its aspect; no padding.
        case fitWithin
        /// Scaled so its longer side is exactly `width` (= `height`), the other side at most that.
        case longerSideExactly
    }

    /// Placement mode.
    public var mode: Mode
    /// Box width in pixels.
    public var width: Int
    /// Box height in pixels.
    public var height: Int

    /// Creates a rule.
    public init(mode: Mode, width: Int, height: Int) {
        self.mode = mode
        self.width = width
        self.height = height
    }

    /// The size the master's pixels are resampled to (before any padding).
    public func contentSize(masterWidth: Int, masterHeight: Int) -> (width: Int, height: Int) {
        let scale = min(Double(width) / Double(masterWidth), Double(height) / Double(masterHeight))
        let w = max(1, min(width, Int((Double(masterWidth) * scale).rounded())))
        let h = max(1, min(height, Int((Double(masterHeight) * scale).rounded())))
        return (w, h)
    }

    /// The final canvas size.
    public func canvasSize(masterWidth: Int, masterHeight: Int) -> (width: Int, height: Int) {
        mode == .exact ? (width, height) : contentSize(masterWidth: masterWidth, masterHeight: masterHeight)
    }
}

/// A pack's tray (or cover) icon.
public struct TrayIconRule: Sendable, Codable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Container.
    public var format: OutputFormat
    /// Largest file.
    public var maximumBytes: Int

    /// Creates a rule.
    public init(width: Int, height: Int, format: OutputFormat, maximumBytes: Int) {
        self.width = width
        self.height = height
        self.format = format
        self.maximumBytes = maximumBytes
    }
}

extension PackPlatform {
    /// WhatsApp: 512 x 512 WebP; still ≤ 100 KB, animated ≤ 500 KB; 96 x 96 PNG tray icon
    /// ≤ 50 KB; 3–30 stickers; frames at least 8 ms; at most 10 s.
    public static let whatsApp = PackPlatform(
        id: "whatsapp", name: "WhatsApp", canvas: CanvasRule(mode: .exact, width: 512, height: 512),
        staticFormat: .webp, animatedFormat: .webp, maximumStaticBytes: 100_000, maximumAnimatedBytes: 500_000,
        trayIcon: TrayIconRule(width: 96, height: 96, format: .png, maximumBytes: 50_000),
        minimumStickers: 3, maximumStickers: 30, minimumFrameMilliseconds: 8, maximumDurationMilliseconds: 10_000)

    /// Signal: PNG, APNG or WebP up to 512 px; ≤ 300 KiB; animations loop forever.
    public static let signal = PackPlatform(
        id: "signal", name: "Signal", canvas: CanvasRule(mode: .fitWithin, width: 512, height: 512),
        staticFormat: .png, animatedFormat: .apng, maximumStaticBytes: 300 * 1024, maximumAnimatedBytes: 300 * 1024,
        requiresEndlessLoop: true)

    /// Telegram stickers: 512 px on the longer side. Stills as WebP (PNG also accepted)
    /// ≤ 512 KB; animations as WebM video (VP9 with alpha, no audio, ≤ 30 fps, ≤ 3 s,
    /// ≤ 256 KB); a TGS master that follows Telegram's animated-sticker rules (512 x 512,
    /// ≤ 64 KB, ≤ 3 s, 60 fps) is kept as it is.
    public static let telegram = PackPlatform(
        id: "telegram", name: "Telegram", canvas: CanvasRule(mode: .longerSideExactly, width: 512, height: 512),
        staticFormat: .webp, animatedFormat: .webm, maximumStaticBytes: 512_000, maximumAnimatedBytes: 256_000,
        minimumFrameMilliseconds: 33, maximumDurationMilliseconds: 3_000,
        vectorStickers: .telegramSticker, videoStickers: .telegram, otherStaticFormats: [.png])

    /// Telegram custom emoji: 100 x 100, with the sticker rules otherwise (WebP stills, WebM
    /// video, TGS kept when it follows the rules on a 100 x 100 canvas).
    public static let telegramEmoji = PackPlatform(
        id: "telegram-emoji", name: "Telegram emoji", canvas: CanvasRule(mode: .exact, width: 100, height: 100),
        staticFormat: .webp, animatedFormat: .webm, maximumStaticBytes: 512_000, maximumAnimatedBytes: 256_000,
        minimumFrameMilliseconds: 33, maximumDurationMilliseconds: 3_000,
        vectorStickers: .telegramEmoji, videoStickers: .telegram, otherStaticFormats: [.png])

    /// Discord: 320 x 320 PNG, APNG or GIF ≤ 512 KB.
    public static let discord = PackPlatform(
        id: "discord", name: "Discord", canvas: CanvasRule(mode: .exact, width: 320, height: 320),
        staticFormat: .png, animatedFormat: .apng, maximumStaticBytes: 512_000, maximumAnimatedBytes: 512_000)

    /// LINE animated stickers: APNG within 320 x 270, ≤ 300 KB, 5–20 frames, 1–4 loops,
    /// at most 4 s.
    public static let line = PackPlatform(
        id: "line", name: "LINE", canvas: CanvasRule(mode: .fitWithin, width: 320, height: 270),
        staticFormat: .png, animatedFormat: .apng, maximumStaticBytes: 300_000, maximumAnimatedBytes: 300_000,
        maximumDurationMilliseconds: 4_000, minimumFrames: 5, maximumFrames: 20, loopCountRange: 1...4)

    /// The platforms built into Rendition, by identifier.
    public static let builtIn: [String: PackPlatform] = Dictionary(
        uniqueKeysWithValues: [whatsApp, signal, telegram, telegramEmoji, discord, line].map { ($0.id, $0) })
}
