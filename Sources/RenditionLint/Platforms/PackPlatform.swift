import RenditionPipeline

/// One messaging platform's rules for a sticker pack, as data: canvas, formats, byte limits,
/// pack images (tray, main, tab, thumbnail), sticker counts, animation timing and metadata.
/// The builder fits every output to these rules and `PackValidator` checks a pack folder
/// against the same data, citing `sources`. Platforms are `Codable`: a new one is a JSON file
/// (`rendition pack --platform-file`), not new code; fields added after the first version are
/// optional, so older files still load.
///
/// Byte limits are as each platform states them: KiB (1,024 bytes) where its own code
/// multiplies by 1,024, decimal where it only says "KB".
public struct PackPlatform: Sendable, Codable, Equatable {
    /// Stable identifier used on the command line and as the output folder name.
    public var id: String
    /// Name for people.
    public var name: String
    /// Where a still sticker goes on the platform's canvas (and animations too unless
    /// `animatedCanvas` says otherwise).
    public var canvas: CanvasRule
    /// Container for still stickers.
    public var staticFormat: OutputFormat
    /// Preferred container for animated stickers; `nil` when the platform takes stills only
    /// (an animated master then contributes its first frame).
    public var animatedFormat: OutputFormat?
    /// Largest still sticker file.
    public var maximumStaticBytes: Int
    /// Largest animated sticker file.
    public var maximumAnimatedBytes: Int
    /// Fewest stickers in a pack.
    public var minimumStickers: Int?
    /// Most stickers in a pack (more become several packs).
    public var maximumStickers: Int?
    /// Shortest frame delay, in milliseconds (shorter frames are merged into their neighbour).
    public var minimumFrameMilliseconds: Int?
    /// Longest loop, in milliseconds (a longer animation is played faster).
    public var maximumDurationMilliseconds: Int?
    /// Fewest frames an animation may have.
    public var minimumFrames: Int?
    /// Most frames an animation may have (more are merged, keeping the total duration).
    public var maximumFrames: Int?
    /// Whether animations must loop forever.
    public var requiresEndlessLoop: Bool
    /// Allowed finite loop counts (an endless master gets the most that fit the play time).
    public var loopCountRange: ClosedRange<Int>?
    /// Animated stickers taken in the platform's own vector format (Telegram's TGS): a master
    /// in that format that follows the rule is kept byte for byte.
    public var vectorStickers: VectorStickerRule?
    /// Codec, audio and frame-rate rules for video (WebM) stickers.
    public var videoStickers: VideoStickerRule?
    /// Other containers the platform accepts for stills (lint accepts them; packs write
    /// `staticFormat`).
    package var otherStaticFormats: [OutputFormat]?
    /// Whether animated stickers must be truecolour, never a palette (Signal for iOS shows
    /// palette APNGs without animation): packs then write them without one, and fit them under
    /// the byte limit by lowering the frame rate or, where the animated canvas accepts smaller
    /// squares, the canvas size, whichever costs the least measured quality
    /// (`RenditionTarget.animatedPalette`). `nil` means `false`.
    package var animatedTruecolourOnly: Bool?
    /// Whether every frame of an animated WebP must be a key frame (WhatsApp's apps have drawn
    /// lines across frames that build on the one before): packs then write them so
    /// (`RenditionTarget.webpKeyFramesOnly`). `nil` means `false`.
    package var animatedKeyFramesOnly: Bool?

    /// Canvas for animated stickers when it differs from `canvas`.
    package var animatedCanvas: CanvasRule?
    /// Animated containers the platform also accepts besides `animatedFormat` (tried, in
    /// order, when the preferred one cannot get under the limit).
    package var otherAnimatedFormats: [OutputFormat]?
    /// Longest total play time, loops times one loop, in milliseconds.
    package var maximumPlayMilliseconds: Int?
    /// Whether an animation whose frames are all the same is refused (Rendition writes those
    /// as stills on every platform).
    package var rejectsIdenticalFrames: Bool?
    /// Whether a pack holds only stills or only animations.
    package var separatesStillAndAnimated: Bool?
    /// The only sticker counts a still pack may have (e.g. 8, 16, 24, 32, 40).
    package var allowedStillCounts: [Int]?
    /// The only sticker counts an animated pack may have.
    package var allowedAnimatedCounts: [Int]?
    /// The pack's own images: tray icon, main image, tab image, thumbnail.
    package var packImages: [PackImageRule]?
    /// Names, identifiers and emojis.
    package var metadata: PackMetadataRules?
    /// The file describing the pack that the platform's tools read, if any.
    package var manifest: PackManifestKind?
    /// How sticker files in a pack folder are named.
    package var fileNaming: PackFileNaming?
    /// Where each rule comes from, by `PackRule` raw value: file and constant, or page and line.
    package var sources: [String: String]?

    /// Creates a platform description.
    public init(
        id: String, name: String, canvas: CanvasRule, staticFormat: OutputFormat, animatedFormat: OutputFormat?,
        maximumStaticBytes: Int, maximumAnimatedBytes: Int,
        minimumStickers: Int? = nil, maximumStickers: Int? = nil, minimumFrameMilliseconds: Int? = nil,
        maximumDurationMilliseconds: Int? = nil, minimumFrames: Int? = nil, maximumFrames: Int? = nil,
        requiresEndlessLoop: Bool = false, loopCountRange: ClosedRange<Int>? = nil,
        animatedCanvas: CanvasRule? = nil, otherAnimatedFormats: [OutputFormat]? = nil,
        maximumPlayMilliseconds: Int? = nil,
        rejectsIdenticalFrames: Bool? = nil, separatesStillAndAnimated: Bool? = nil, allowedStillCounts: [Int]? = nil,
        allowedAnimatedCounts: [Int]? = nil, packImages: [PackImageRule]? = nil, metadata: PackMetadataRules? = nil,
        manifest: PackManifestKind? = nil, fileNaming: PackFileNaming? = nil, sources: [PackRule: String] = [:],
        vectorStickers: VectorStickerRule? = nil, videoStickers: VideoStickerRule? = nil,
        otherStaticFormats: [OutputFormat]? = nil, animatedTruecolourOnly: Bool? = nil,
        animatedKeyFramesOnly: Bool? = nil
    ) {
        self.animatedKeyFramesOnly = animatedKeyFramesOnly
        self.animatedTruecolourOnly = animatedTruecolourOnly
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
        self.minimumStickers = minimumStickers
        self.maximumStickers = maximumStickers
        self.minimumFrameMilliseconds = minimumFrameMilliseconds
        self.maximumDurationMilliseconds = maximumDurationMilliseconds
        self.minimumFrames = minimumFrames
        self.maximumFrames = maximumFrames
        self.requiresEndlessLoop = requiresEndlessLoop
        self.loopCountRange = loopCountRange
        self.animatedCanvas = animatedCanvas
        self.otherAnimatedFormats = otherAnimatedFormats
        self.maximumPlayMilliseconds = maximumPlayMilliseconds
        self.rejectsIdenticalFrames = rejectsIdenticalFrames
        self.separatesStillAndAnimated = separatesStillAndAnimated
        self.allowedStillCounts = allowedStillCounts
        self.allowedAnimatedCounts = allowedAnimatedCounts
        self.packImages = packImages
        self.metadata = metadata
        self.manifest = manifest
        self.fileNaming = fileNaming
        self.sources =
            sources.isEmpty ? nil : Dictionary(uniqueKeysWithValues: sources.map { ($0.key.rawValue, $0.value) })
    }

    /// The platform's frame, duration and loop rules, as a target carries them.
    public var framePolicy: FramePolicy {
        FramePolicy(
            name: name, minimumFrameMilliseconds: minimumFrameMilliseconds,
            maximumDurationMilliseconds: maximumDurationMilliseconds, maximumPlayMilliseconds: maximumPlayMilliseconds,
            minimumFrames: minimumFrames, maximumFrames: maximumFrames, requiresEndlessLoop: requiresEndlessLoop,
            loopCountRange: loopCountRange)
    }

    /// The canvas rule for a still (`false`) or animated (`true`) sticker.
    package func canvas(animated: Bool) -> CanvasRule { animated ? (animatedCanvas ?? canvas) : canvas }

    /// The byte limit for a still or animated sticker.
    package func byteLimit(animated: Bool) -> Int { animated ? maximumAnimatedBytes : maximumStaticBytes }

    /// Every animated container the platform accepts, preferred first.
    package var acceptedAnimatedFormats: [OutputFormat] {
        guard let animatedFormat else { return [] }
        return [animatedFormat] + (otherAnimatedFormats ?? []).filter { $0 != animatedFormat }
    }

    /// The sticker counts a pack of this kind may have, when the platform fixes them.
    package func allowedCounts(animated: Bool) -> [Int]? { animated ? allowedAnimatedCounts : allowedStillCounts }

    /// Where `rule` comes from, for findings and reports.
    package func source(of rule: PackRule) -> String { sources?[rule.rawValue] ?? "\(name) rules" }
}
