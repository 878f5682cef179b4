import RenditionCodecs
import RenditionCore

/// One file to make from a sticker's master: where its pixels go (a scale of the master or a
/// platform's canvas), the container, the byte limit and the frame rules. `StickerPipeline`
/// makes every target of a sticker from one decode.
public struct RenditionTarget: Sendable {
    /// The pixel size of the output.
    public enum Size: Sendable, Equatable {
        /// The master's size at a scale (@3x is the master's own size): `StickerGeometry.renditionSize`.
        case scale(StickerScale)
        /// A canvas rule: the master fitted by the rule and, for exact canvases, centred on
        /// transparency.
        case canvas(CanvasRule)
    }

    /// The containers the output may be written in.
    public struct Formats: Sendable, Equatable {
        /// The container of a still output (`.auto`: the input's own, see `OutputFormat.resolved`).
        public var still: OutputFormat
        /// The containers of an animated output, preferred first; the others are tried, in order,
        /// only when the preferred one cannot get under the byte limit.
        public var animated: [OutputFormat]

        /// The same container for stills and animations (`.auto`: the input's own).
        public static func one(_ format: OutputFormat) -> Formats { Formats(still: format, animated: [format]) }

        /// Creates a choice of containers.
        public init(still: OutputFormat, animated: [OutputFormat]) {
            self.still = still
            self.animated = animated.isEmpty ? [still] : animated
        }
    }

    /// The most bytes an output may take, for stills and for animations.
    public struct ByteLimit: Sendable, Equatable {
        /// Limit for a still output.
        public var still: Int
        /// Limit for an animated output.
        public var animated: Int

        /// One limit for both.
        public static func bytes(_ limit: Int) -> ByteLimit { ByteLimit(still: limit, animated: limit) }

        /// Creates a limit.
        public init(still: Int, animated: Int) {
            self.still = still
            self.animated = animated
        }

        /// The limit for an output that is animated or not.
        package func bytes(animated isAnimated: Bool) -> Int { isAnimated ? animated : still }
    }

    /// Who the output is for, in notes and errors (`Apple Messages`, `WhatsApp`, `@2x`).
    public var label: String
    /// The output's pixel size.
    public var size: Size
    /// The canvas of an animated output when it differs from `size` (a platform with its own
    /// animated canvas).
    public var animatedCanvas: CanvasRule?
    /// An opaque colour the placed pixels are composited over (an icon that may not be
    /// transparent); `nil` keeps the transparency.
    public var background: RGBA?
    /// The containers.
    public var formats: Formats
    /// Whether an animated master stays animated (`false`: its first frame only).
    public var animates: Bool
    /// The frame, duration and loop rules the animation is adapted to
    /// (`AnimationConstraints`); `nil` keeps the master's timing.
    public var frameRules: FramePolicy?
    /// The byte limit; `nil` encodes once with the pipeline's encoder settings. With a limit the
    /// file is fitted by `SizeFitter`'s ladder.
    public var byteLimit: ByteLimit?
    /// Whether every frame must be kept while fitting (no merging of identical APNG frames).
    public var preservesFrames: Bool
    /// Whether an animated PNG may use a palette (lossless when the animation has at most 256
    /// colours, or a lossy palette step under a byte limit). `false`: truecolour only (Signal
    /// for iOS shows palette APNGs without animation); under a limit the ladder then gives up
    /// frame rate or, when the canvas rule accepts smaller squares (`squareWithin`), canvas
    /// size — whichever costs the least measured quality (`SizeFitter.fitTruecolour`).
    public var animatedPalette: Bool
    /// Whether every frame of an animated WebP is a key frame (drawn whole, decodable without
    /// the frames before it; libwebp's `kmax = 1`). WhatsApp's apps have drawn lines across
    /// frames that are not key frames; `false` (the default) makes only the first a key frame,
    /// and later frames hold only what changed.
    public var webpKeyFramesOnly: Bool
    /// Write an animation as one PNG per frame (an Xcode sticker sequence) when its timing
    /// allows; otherwise as `formats.animated`, with a note saying why.
    package var framesAsSequence: Bool
    /// Return the pixels instead of a file: the master resampled, placed on the target's canvas
    /// and adapted to its frame rules, as `TargetOutput.pixels`, with no file (`files` is empty).
    /// Nothing is encoded, so `formats`, `byteLimit`, `preservesFrames` and `framesAsSequence`
    /// are not used. For callers that draw the pixels themselves (preview sheets, fixes); the
    /// files of the other targets of a run are the same with or without such a target.
    package var returnsPixels: Bool

    /// Creates a target.
    public init(
        label: String, size: Size, animatedCanvas: CanvasRule? = nil, background: RGBA? = nil, formats: Formats,
        animates: Bool = true,
        frameRules: FramePolicy? = nil, byteLimit: ByteLimit? = nil, preservesFrames: Bool = false,
        framesAsSequence: Bool = false, returnsPixels: Bool = false, animatedPalette: Bool = true,
        webpKeyFramesOnly: Bool = false
    ) {
        self.animatedPalette = animatedPalette
        self.webpKeyFramesOnly = webpKeyFramesOnly
        self.label = label
        self.size = size
        self.animatedCanvas = animatedCanvas
        self.background = background
        self.formats = formats
        self.animates = animates
        self.frameRules = frameRules
        self.byteLimit = byteLimit
        self.preservesFrames = preservesFrames
        self.framesAsSequence = framesAsSequence
        self.returnsPixels = returnsPixels
    }

    /// A rendition of the master at `scale` in `format` with no limit, as `rendition render` makes it.
    public static func rendition(_ scale: StickerScale, format: OutputFormat = .auto) -> RenditionTarget {
        RenditionTarget(label: scale.suffix, size: .scale(scale), formats: .one(format))
    }

    /// The pixels at `size`, not encoded (`TargetOutput.pixels`): every frame of an animated
    /// master when `animates`, otherwise the first, adapted to `frameRules` when given.
    package static func pixels(
        _ size: Size, label: String = "pixels", animates: Bool = true, frameRules: FramePolicy? = nil
    ) -> RenditionTarget {
        RenditionTarget(
            label: label, size: size, formats: .one(.auto), animates: animates, frameRules: frameRules,
            returnsPixels: true)
    }

    /// The content size (the master resampled) and the canvas size (the content centred on it)
    /// for a master of `width` x `height`, when the output animates or not.
    func placement(masterWidth width: Int, masterHeight height: Int, animated: Bool) -> (
        content: (width: Int, height: Int), canvas: (width: Int, height: Int)
    ) {
        let size = animated ? animatedCanvas.map(Size.canvas) ?? self.size : self.size
        switch size {
        case .scale(let scale):
            let size = StickerGeometry.renditionSize(masterWidth: width, masterHeight: height, scale: scale)
            return ((size.width, size.height), (size.width, size.height))
        case .canvas(let rule):
            return (
                rule.contentSize(masterWidth: width, masterHeight: height),
                rule.canvasSize(masterWidth: width, masterHeight: height)
            )
        }
    }

    /// Whether the target can be made from frames resampled as they are decoded: a smaller scale
    /// encoded with no limit and no frame rules, every frame kept.
    var streams: Bool {
        guard case .scale(let scale) = size, scale != .x3 else { return false }
        return !returnsPixels && byteLimit == nil && frameRules == nil && background == nil && animates && !framesAsSequence
            && formats.animated.count == 1
    }
}
