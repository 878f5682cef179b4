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
        /// A square: the master fitted and centred on a `width` x `width` canvas when written;
        /// any square from `minimumLongerSide` up to `width` accepted when checked.
        case squareWithin
    }

    /// Placement mode.
    public var mode: Mode
    /// Box width in pixels.
    public var width: Int
    /// Box height in pixels.
    public var height: Int
    /// Whether width and height must be even numbers (the content is rounded down to even).
    public var evenDimensions: Bool?
    /// Transparent margin kept around the art inside the box, in pixels.
    public var margin: Int?
    /// The longer side must be at least this many pixels (`fitWithin`).
    public var minimumLongerSide: Int?

    /// Creates a rule.
    public init(
        mode: Mode, width: Int, height: Int, evenDimensions: Bool? = nil, margin: Int? = nil,
        minimumLongerSide: Int? = nil
    ) {
        self.mode = mode
        self.width = width
        self.height = height
        self.evenDimensions = evenDimensions
        self.margin = margin
        self.minimumLongerSide = minimumLongerSide
    }

    /// The size the master's pixels are resampled to (before any padding).
    package func contentSize(masterWidth: Int, masterHeight: Int) -> (width: Int, height: Int) {
        let inset = 2 * (margin ?? 0)
        let boxW = max(1, width - inset), boxH = max(1, height - inset)
        let scale = min(Double(boxW) / Double(masterWidth), Double(boxH) / Double(masterHeight))
        var w = max(1, min(boxW, Int((Double(masterWidth) * scale).rounded())))
        var h = max(1, min(boxH, Int((Double(masterHeight) * scale).rounded())))
        if evenDimensions == true && mode != .exact && mode != .squareWithin && inset == 0 {
            w = max(2, w & ~1)
            h = max(2, h & ~1)
        }
        return (w, h)
    }

    /// The final canvas size.
    package func canvasSize(masterWidth: Int, masterHeight: Int) -> (width: Int, height: Int) {
        if mode == .exact { return (width, height) }
        if mode == .squareWithin { return (width, width) }
        let content = contentSize(masterWidth: masterWidth, masterHeight: masterHeight)
        let inset = 2 * (margin ?? 0)
        var size = (width: content.width + inset, height: content.height + inset)
        if evenDimensions == true {
            size.width += size.width & 1
            size.height += size.height & 1
        }
        return (min(width, size.width), min(height, size.height))
    }

    /// Whether a canvas of `width` x `height` follows this rule.
    package func accepts(width w: Int, height h: Int) -> Bool {
        if evenDimensions == true && (w % 2 != 0 || h % 2 != 0) { return false }
        if let minimum = minimumLongerSide, max(w, h) < minimum { return false }
        switch mode {
        case .exact: return w == width && h == height
        case .squareWithin: return w == h && w <= width
        case .fitWithin: return w <= width && h <= height && w >= 1 && h >= 1
        case .longerSideExactly: return max(w, h) == max(width, height) && min(w, h) <= min(width, height)
        }
    }
}
