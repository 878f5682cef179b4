import RenditionCore

/// What `rendition render` warns about a master it renders anyway because it does not look
/// like a sticker: photo-sized (its longer side more than twice the largest @3x sticker's), or
/// opaque (no transparent pixel, so it shows as a box on a message bubble).
package enum NotAStickerWarnings {
    /// A master whose longer side is above this is photo-sized: twice the largest @3x sticker
    /// (618 px), so a large sticker drawn at up to double size is not flagged.
    package static let photoSide = 2 * StickerGeometry.maximumMasterPixels

    /// The warnings for a master of `width` x `height` that is `opaque` or not, in the order
    /// size, transparency; none for a sticker-like master.
    package static func warnings(width: Int, height: Int, opaque: Bool) -> [String] {
        var warnings: [String] = []
        if max(width, height) > photoSide {
            let largest = StickerGeometry.maximumMasterPixels
            warnings.append(
                "the master is \(width)x\(height), photo-sized: a sticker's @3x master is at most \(largest)x\(largest), and its renditions are as large as the master makes them"
            )
        }
        if opaque {
            warnings.append(
                "no pixel is transparent: a sticker needs a transparent background, this one shows as a box")
        }
        return warnings
    }
}
