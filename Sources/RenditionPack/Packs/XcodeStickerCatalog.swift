import RenditionCore
import RenditionPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the `Contents.json` files of an Xcode sticker catalog (`Stickers.xcstickers`) with the
/// keys of Apple's Asset Catalog Format Reference: `grid-size` (not the sample's
/// `grid-space`), `repetitions` (not `repetions`), `accessibility-label`, `duration`,
/// `duration-type` (`fps` or `fixed`), `frames`, `filename`, and `info` with `author` and `version`.
package enum XcodeStickerCatalog {
    /// The catalog folder's name.
    package static let catalogName = "Stickers.xcstickers"
    /// The sticker pack folder's name inside the catalog.
    package static let packName = "Sticker Pack.stickerpack"
    /// The Messages extension icon set's name inside the catalog.
    package static let iconSetName = "iMessage App Icon.stickersiconset"

    static var info: [String: Any] { ["author": "rendition", "version": 1] }

    /// `Stickers.xcstickers/Contents.json`.
    package static func catalogContents() -> [UInt8] { json(["info": info]) }

    /// `Sticker Pack.stickerpack/Contents.json`: grid size and the sticker folders in order.
    package static func packContents(gridSize: StickerSizeClass, stickerFolders: [String]) -> [UInt8] {
        json([
            "info": info, "properties": ["grid-size": gridSize.rawValue],
            "stickers": stickerFolders.map { ["filename": $0] },
        ])
    }

    /// `NAME.sticker/Contents.json`.
    package static func stickerContents(filename: String, accessibilityLabel: String) -> [UInt8] {
        json(["info": info, "properties": ["filename": filename, "accessibility-label": accessibilityLabel]])
    }

    /// `NAME.stickersequence/Contents.json`.
    package static func sequenceContents(
        frames: [String], timing: StickerSequence.Timing, repetitions: Int, accessibilityLabel: String
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
    package static func iconSetContents(_ slots: [MessagesIconSlot]) -> [UInt8] {
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

    static func json(_ object: [String: Any]) -> [UInt8] {
        JSONValue.bytes(object)
    }
}
