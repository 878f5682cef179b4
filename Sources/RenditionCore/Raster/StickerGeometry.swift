/// The size classes of an Apple Messages sticker, in points.
public enum StickerSizeClass: String, Sendable, CaseIterable, Codable {
    /// 100 x 100 pt.
    case small
    /// 136 x 136 pt, the default.
    case regular
    /// 206 x 206 pt.
    case large

    /// The side of the sticker in points.
    public var points: Int {
        switch self {
        case .small: 100
        case .regular: 136
        case .large: 206
        }
    }

    /// The side in pixels of the @3x master for this class (300, 408 or 618).
    public var masterPixels: Int { points * 3 }

    /// The class whose @3x side is exactly `pixels`, if any.
    public init?(masterPixels pixels: Int) {
        guard let match = Self.allCases.first(where: { $0.masterPixels == pixels }) else { return nil }
        self = match
    }
}

/// A display scale: @1x, @2x or @3x.
public enum StickerScale: Int, Sendable, CaseIterable, Codable, Comparable {
    /// One pixel per point.
    case x1 = 1
    /// Two pixels per point.
    case x2 = 2
    /// Three pixels per point (the master).
    case x3 = 3

    /// The file-name suffix, `@1x`, `@2x` or `@3x`.
    public var suffix: String { "@\(rawValue)x" }

    /// Orders scales by their factor.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Sticker sizes as data: the allowed @3x range and how the other scales derive from it.
public enum StickerGeometry {
    /// The smallest @3x side Apple accepts (small stickers).
    public static let minimumMasterPixels = 300
    /// The largest @3x side Apple accepts (large stickers).
    public static let maximumMasterPixels = 618

    /// The side of the `scale` rendition of an @3x side: `round(side * scale / 3)`, at least 1.
    ///
    /// A third of an integer is never exactly halfway between two integers, so the rounding
    /// is unambiguous: 618 → 412 (@2x) and 206 (@1x), 408 → 272 and 136, 300 → 200 and 100.
    public static func renditionSide(masterSide: Int, scale: StickerScale) -> Int {
        precondition(masterSide > 0, "a side must be positive")
        return max(1, (masterSide * scale.rawValue * 2 + 3) / 6)
    }

    /// The pixel size of the `scale` rendition of an @3x master, each axis rounded on its own.
    public static func renditionSize(masterWidth: Int, masterHeight: Int, scale: StickerScale) -> (
        width: Int, height: Int
    ) {
        (renditionSide(masterSide: masterWidth, scale: scale), renditionSide(masterSide: masterHeight, scale: scale))
    }

    /// Whether an @3x side lies within Apple's 300...618 px range.
    public static func isValidMasterSide(_ side: Int) -> Bool {
        (minimumMasterPixels...maximumMasterPixels).contains(side)
    }
}
