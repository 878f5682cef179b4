extension GIFEncoder {
    /// How colours that are not in the palette are spread over nearby palette colours.
    public enum Dithering: Sendable, Hashable {
        /// Every pixel takes its nearest palette colour (smallest files; flat areas may band).
        case none
        /// An 8×8 Bayer threshold pattern: position-based, so pixels that do not change
        /// between frames stay the same and inter-frame optimisation keeps working.
        case ordered
        /// Floyd–Steinberg error diffusion (smoothest gradients; the pattern moves when
        /// anything above or left of a pixel changes, so animations grow).
        case floydSteinberg
    }

    /// What a semi-transparent pixel that is kept (alpha at or above the threshold) becomes.
    public enum Matte: Sendable, Hashable {
        /// Its own colour at full opacity (un-premultiplied).
        case none
        /// Its colour composited over this opaque colour (R, G, B).
        case color(UInt8, UInt8, UInt8)

        /// Mid grey, half-way between a white (light mode) and a black (dark mode) background.
        /// Compositing an edge pixel of coverage `a` over the midpoint of two backgrounds gives
        /// the opaque colour whose worst error on either background is smallest:
        /// `(1 - a) · |light - dark| / 2`, half of what white or black mattes, or the pixel's own
        /// colour next to a contrasting background, can reach. See docs/GIF.md for measurements.
        public static let bubbleMidpoint = Matte.color(128, 128, 128)
    }

    /// Encoder settings.
    public struct Options: Sendable, Hashable {
        /// Colour spreading for quantised (more than `maxColors`) input.
        public var dithering: Dithering
        /// Pixels whose alpha is below this become fully transparent; the others opaque.
        public var alphaThreshold: UInt8
        /// What kept semi-transparent pixels are composited over.
        public var matte: Matte
        /// Most colours in a palette (2–256), the transparent entry included.
        public var maxColors: Int
        /// Whether frames may get their own palette when the animation's palette serves them
        /// badly (or when each frame's colours fit in a palette but all together do not).
        public var allowLocalPalettes: Bool
        /// Whether frames after the first are cropped to what changed, with unchanged pixels
        /// transparent and the disposal chosen for the smallest next frame.
        public var optimizeFrames: Bool
        /// For quantised frames: the palette stops growing once the RMS quantisation error per
        /// channel is at most this many levels (over the colours' histogram), so art with few
        /// distinct colours gets a smaller palette and a smaller file. 0 always uses `maxColors`.
        /// The default, 0.8, keeps frames closer to the exact resampled frames than every peer's
        /// on the peer comparison's sticker (0.9 falls behind ImageMagick's), while the file stays
        /// smaller than the smallest peer's (docs/GIF.md).
        public var colorTolerance: Double
        /// Lossy LZW for quantised frames: the farthest (Euclidean RGB distance, in 8-bit levels)
        /// a pixel may be moved to another palette colour when that lengthens an LZW match. 0
        /// compresses exactly what the quantiser chose; exact palettes (colours that fit) are
        /// always compressed exactly. See docs/GIF.md for bytes against quality.
        public var lossyDistance: Int

        /// Creates options; the defaults suit stickers on light and dark message bubbles.
        public init(
            dithering: Dithering = .none, alphaThreshold: UInt8 = 128, matte: Matte = .bubbleMidpoint,
            maxColors: Int = 256, allowLocalPalettes: Bool = true, optimizeFrames: Bool = true,
            colorTolerance: Double = 0.8, lossyDistance: Int = 0
        ) {
            self.colorTolerance = max(0, colorTolerance)
            self.lossyDistance = max(0, lossyDistance)
            self.dithering = dithering
            self.alphaThreshold = alphaThreshold
            self.matte = matte
            self.maxColors = maxColors
            self.allowLocalPalettes = allowLocalPalettes
            self.optimizeFrames = optimizeFrames
        }
    }
}
