import RenditionCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the `Contents.json` files of an Xcode sticker catalog (`Stickers.xcstickers`) with the
/// keys of Apple's Asset Catalog Format Reference: `grid-size` (not the sample's
/// `grid-space`), `repetitions` (not `repetions`), `accessibility-label`, `duration`,
/// `duration-type` (`fps` or `fixed`), `frames`, `filename`, and `info` with `author` and `version`.
public enum XcodeStickerCatalog {
    /// The catalog folder's name.
    public static let catalogName = "Stickers.xcstickers"
    /// The sticker pack folder's name inside the catalog.
    public static let packName = "Sticker Pack.stickerpack"
    /// The Messages extension icon set's name inside the catalog.
    public static let iconSetName = "iMessage App Icon.stickersiconset"

    static var info: [String: Any] { ["author": "rendition", "version": 1] }

    /// `Stickers.xcstickers/Contents.json`.
    public static func catalogContents() -> [UInt8] { json(["info": info]) }

    /// `Sticker Pack.stickerpack/Contents.json`: grid size and the sticker folders in order.
    public static func packContents(gridSize: StickerSizeClass, stickerFolders: [String]) -> [UInt8] {
        json([
            "info": info, "properties": ["grid-size": gridSize.rawValue],
            "stickers": stickerFolders.map { ["filename": $0] },
        ])
    }

    /// `NAME.sticker/Contents.json`.
    public static func stickerContents(filename: String, accessibilityLabel: String) -> [UInt8] {
        json(["info": info, "properties": ["filename": filename, "accessibility-label": accessibilityLabel]])
    }

    /// How a sequence's timing is written.
    public enum SequenceTiming: Sendable, Equatable {
        /// `duration-type` `fps`, `duration` frames per second.
        case framesPerSecond(Int)
        /// `duration-type` `fixed`, `duration` seconds for one cycle.
        case fixedSeconds(Double)
    }

    /// `NAME.stickersequence/Contents.json`.
    public static func sequenceContents(
        frames: [String], timing: SequenceTiming, repetitions: Int, accessibilityLabel: String
    ) -> [UInt8] {
        var properties: [String: Any] = ["accessibility-label": accessibilityLabel, "repetitions": repetitions]
        switch timing {
        case .framesPerSecond(let fps):
            properties["duration-type"] = "fps"
            properties["duration"] = fps
        case .fixedSeconds(let seconds):
            properties["duration-type"] = "fixed"
            properties["duration"] = seconds
        }
        return json(["info": info, "properties": properties, "frames": frames.map { ["filename": $0] }])
    }

    /// `iMessage App Icon.stickersiconset/Contents.json`.
    public static func iconSetContents(_ slots: [MessagesIconSlot]) -> [UInt8] {
        json([
            "info": info,
            "images": slots.map { slot -> [String: Any] in
                var image: [String: Any] = [
                    "filename": slot.filename, "idiom": slot.idiom, "scale": slot.scale, "size": slot.size,
                ]
                if let platform = slot.platform { image["platform"] = platform }
                return image
            },
        ])
    }

    /// The timing of an animation whose frames all last the same, or `nil` when delays vary
    /// (a sequence cannot express that).
    public static func timing(of animation: Animation) -> SequenceTiming? {
        guard let first = animation.frames.first?.delay, first.numerator > 0,
            animation.frames.allSatisfy({ $0.delay == first })
        else { return nil }
        if first.denominator % first.numerator == 0 { return .framesPerSecond(first.denominator / first.numerator) }
        return .fixedSeconds(animation.duration.seconds)
    }

    /// `repetitions` for a loop count (plays after the first; 0 = forever), or `nil` for a
    /// single play, which a sequence cannot express.
    public static func repetitions(forLoopCount loopCount: Int) -> Int? {
        loopCount == 0 ? 0 : (loopCount == 1 ? nil : loopCount - 1)
    }

    static func json(_ object: [String: Any]) -> [UInt8] {
        JSONValue.bytes(object)
    }
}
