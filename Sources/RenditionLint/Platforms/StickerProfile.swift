import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// A platform's rules for sticker files, as data: which formats, sizes, bytes and
/// animation parameters it accepts. Profiles are `Codable`, so a new platform is a JSON
/// file (see `rendition lint --profile-file`), not new code.
///
/// Optional limits (`nil`) are not checked. Byte counts are decimal (500 KB = 500,000 bytes).
public struct StickerProfile: Sendable, Codable, Equatable {
    /// A stable identifier, e.g. `apple-messages`.
    public var id: String
    /// The platform's name for people, e.g. `Apple Messages`.
    public var name: String
    /// Formats accepted for still stickers.
    public var formats: [ImageFormat]
    /// Formats accepted for animated stickers (`png` means APNG).
    public var animatedFormats: [ImageFormat]
    /// Smallest accepted canvas side in pixels.
    public var minimumSide: Int
    /// Largest accepted canvas side in pixels.
    public var maximumSide: Int
    /// The platform's size classes, smallest first; a canvas falls in the largest class
    /// whose side it reaches.
    public var sizeClasses: [ProfileSizeClass]
    /// Whether the canvas must be square.
    public var requiresSquare: Bool
    /// Whether the background must be transparent.
    public var requiresTransparency: Bool
    /// Largest accepted file size in bytes.
    public var maximumBytes: Int
    /// Largest accepted animated file, when it differs from `maximumBytes`.
    public var maximumAnimatedBytes: Int?
    /// Most frames an animation may have.
    public var maximumFrames: Int?
    /// Longest total duration of one loop of an animation, in milliseconds.
    public var maximumDurationMilliseconds: Int?
    /// Whether animations must loop forever (loop count 0).
    public var requiresEndlessLoop: Bool
    /// Most loops a finite animation may play.
    public var maximumLoops: Int?
    /// The longer side must be exactly this many pixels (Telegram's 512).
    public var exactLongerSide: Int?
    /// Rules for animated stickers in a vector format (TGS), checked on the file itself.
    public var vectorRule: VectorStickerRule?
    /// Codec, audio and frame-rate rules for video (WebM) stickers.
    public var videoRule: VideoStickerRule?

    /// Creates a profile.
    public init(
        id: String, name: String, formats: [ImageFormat], animatedFormats: [ImageFormat],
        minimumSide: Int, maximumSide: Int, sizeClasses: [ProfileSizeClass], requiresSquare: Bool,
        requiresTransparency: Bool, maximumBytes: Int, maximumFrames: Int? = nil,
        maximumDurationMilliseconds: Int? = nil, requiresEndlessLoop: Bool = false, maximumLoops: Int? = nil,
        maximumAnimatedBytes: Int? = nil, exactLongerSide: Int? = nil, vectorRule: VectorStickerRule? = nil,
        videoRule: VideoStickerRule? = nil
    ) {
        self.exactLongerSide = exactLongerSide
        self.vectorRule = vectorRule
        self.videoRule = videoRule
        self.maximumAnimatedBytes = maximumAnimatedBytes
        self.id = id
        self.name = name
        self.formats = formats
        self.animatedFormats = animatedFormats
        self.minimumSide = minimumSide
        self.maximumSide = maximumSide
        self.sizeClasses = sizeClasses.sorted { $0.pixels < $1.pixels }
        self.requiresSquare = requiresSquare
        self.requiresTransparency = requiresTransparency
        self.maximumBytes = maximumBytes
        self.maximumFrames = maximumFrames
        self.maximumDurationMilliseconds = maximumDurationMilliseconds
        self.requiresEndlessLoop = requiresEndlessLoop
        self.maximumLoops = maximumLoops
    }

    /// The size class a square canvas of `side` pixels falls in: the largest class whose
    /// side it reaches (`nil` when it is smaller than every class).
    package func sizeClass(forSide side: Int) -> ProfileSizeClass? {
        sizeClasses.last { $0.pixels <= side }
    }

    /// The profiles built into Rendition, by identifier.
    public static let builtIn: [String: StickerProfile] = {
        var profiles = [appleMessages.id: appleMessages]
        for platform in PackPlatform.builtIn.values { profiles[platform.id] = StickerProfile(platform: platform) }
        return profiles
    }()

    /// The byte limit for a still (`false`), an animation (`true`) or either (`nil`: the larger).
    package func byteLimit(animated: Bool?) -> Int {
        switch animated {
        case true?: maximumAnimatedBytes ?? maximumBytes
        case false?: maximumBytes
        case nil: max(maximumBytes, maximumAnimatedBytes ?? 0)
        }
    }
}

/// One size class of a profile: a name and the canvas side in pixels (and in points, where
/// the platform speaks in points).
public struct ProfileSizeClass: Sendable, Codable, Equatable {
    /// `small`, `regular`, `large`...
    public var name: String
    /// The canvas side in pixels.
    public var pixels: Int
    /// The side in points, when the platform uses points.
    public var points: Int?

    /// Creates a size class.
    public init(name: String, pixels: Int, points: Int? = nil) {
        self.name = name
        self.pixels = pixels
        self.points = points
    }
}

extension StickerProfile {
    /// Apple Messages sticker packs: PNG, APNG, GIF or JPEG; animated only as APNG or GIF;
    /// square canvases of 300–618 px (@3x of the small, regular and large classes: 100, 136
    /// and 206 pt); transparent background; each file under 500 KB (500,000 bytes, Apple's
    /// limit per sticker file, which `AppleMessages.byteLimit` in RenditionPack reads from here).
    /// Apple sets no limit on frames, duration or loops.
    public static let appleMessages = StickerProfile(
        id: "apple-messages", name: "Apple Messages",
        formats: [.png, .gif, .jpeg], animatedFormats: [.png, .gif],
        minimumSide: StickerGeometry.minimumMasterPixels, maximumSide: StickerGeometry.maximumMasterPixels,
        sizeClasses: StickerSizeClass.allCases.map {
            ProfileSizeClass(name: $0.rawValue, pixels: $0.masterPixels, points: $0.points)
        },
        requiresSquare: true, requiresTransparency: true, maximumBytes: 500_000)
}

extension StickerProfile {
    /// The lint profile of a pack platform, so `rendition lint --profile whatsapp` checks what
    /// `rendition pack --platform whatsapp` writes: its formats, canvas (an exact canvas is a
    /// square of that side; a box gives its longer side as the maximum), byte limits for stills
    /// and animations, frame count, duration and loops; and its vector (TGS) and video (WebM)
    /// rules.
    public init(platform: PackPlatform) {
        let exact = platform.canvas.mode == .exact
        let longer = max(platform.canvas.width, platform.canvas.height)
        var animatedFormats = platform.animatedFormat.map { [$0.encoder.container] } ?? []
        if let vector = platform.vectorStickers { animatedFormats.append(vector.format) }
        self.init(
            id: platform.id, name: platform.name,
            formats: [platform.staticFormat.encoder.container]
                + (platform.otherStaticFormats ?? []).map(\.encoder.container),
            animatedFormats: animatedFormats,
            minimumSide: exact ? min(platform.canvas.width, platform.canvas.height) : 1, maximumSide: longer,
            sizeClasses: [], requiresSquare: exact && platform.canvas.width == platform.canvas.height,
            requiresTransparency: true, maximumBytes: platform.maximumStaticBytes,
            maximumFrames: platform.maximumFrames, maximumDurationMilliseconds: platform.maximumDurationMilliseconds,
            requiresEndlessLoop: platform.requiresEndlessLoop, maximumLoops: platform.loopCountRange?.upperBound,
            maximumAnimatedBytes: platform.maximumAnimatedBytes == platform.maximumStaticBytes
                ? nil : platform.maximumAnimatedBytes,
            exactLongerSide: platform.canvas.mode == .longerSideExactly ? longer : nil,
            vectorRule: platform.vectorStickers, videoRule: platform.videoStickers)
    }
}
