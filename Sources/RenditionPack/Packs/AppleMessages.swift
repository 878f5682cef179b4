import RenditionCore
import RenditionLint
import RenditionPipeline

/// Apple Messages, the platform every pack is built for, as data: its byte limit, the names
/// people call it by, and the targets a pack makes for it from each master (the Xcode
/// catalog's sticker, the flat @3x/@2x/@1x renditions) and from the icon source (the
/// Messages extension's icon set), all made by `StickerPipeline` like every other
/// platform's files.
public enum AppleMessages {
    /// Apple's limit per sticker file: 500,000 bytes (500 KB, decimal), for stills and
    /// animations alike (`StickerProfile.appleMessages.maximumBytes`). `rendition pack
    /// --byte-limit` changes it for one build.
    public static let byteLimit = StickerProfile.appleMessages.maximumBytes

    /// The key of the Apple catalog's entries in `PackSummary.platformProblems` and in
    /// `pack-report.json`'s `"platformProblems"`, beside the other platforms' identifiers.
    package static let reportKey = "apple"

    /// The identifier of the Apple Messages profile, `"apple-messages"`
    /// (`StickerProfile.appleMessages.id`): the default profile of every face.
    package static var profileID: String { StickerProfile.appleMessages.id }

    /// Other names every face accepts for the Apple Messages profile, compared ignoring case:
    /// `imessage`, `messages` and `apple`.
    package static let aliases = ["imessage", "messages", "apple"]

    /// The platform's name in notes and reports.
    public static let name = "Apple Messages"

    /// The folder of a pack's output with the flat @3x/@2x/@1x renditions.
    package static let renditionsFolder = "renditions"

    /// The top-level folders Apple's pack writes in a pack's output: the Xcode catalog and the
    /// flat renditions.
    package static var folders: [String] { [XcodeStickerCatalog.catalogName, renditionsFolder] }

    /// The containers of a catalog sticker or flat rendition: PNG for stills; APNG for
    /// animations, or GIF when the pack asks for GIF stickers.
    static func formats(_ style: PackConfiguration.AnimatedStyle) -> RenditionTarget.Formats {
        RenditionTarget.Formats(still: .png, animated: [style == .gif ? .gif : .apng])
    }

    /// The catalog's sticker: the master fitted and centred on the size class's square
    /// canvas of `side` pixels, under `byteLimit`; an animation becomes a sticker sequence
    /// (one PNG per frame) when the pack asks for sequences.
    package static func catalogTarget(
        side: Int, style: PackConfiguration.AnimatedStyle, byteLimit: Int = byteLimit
    ) -> RenditionTarget {
        RenditionTarget(
            label: name, size: .canvas(CanvasRule(mode: .exact, width: side, height: side)),
            formats: formats(style), byteLimit: .bytes(byteLimit), framesAsSequence: style == .sequence)
    }

    /// A flat rendition at `scale` of a catalog whose @3x canvas is `side` pixels square.
    package static func renditionTarget(
        _ scale: StickerScale, side: Int, style: PackConfiguration.AnimatedStyle, byteLimit: Int = byteLimit
    ) -> RenditionTarget {
        let side = StickerGeometry.renditionSide(masterSide: side, scale: scale)
        return RenditionTarget(
            label: "\(name) \(scale.suffix)", size: .canvas(CanvasRule(mode: .exact, width: side, height: side)),
            formats: formats(style), byteLimit: .bytes(byteLimit))
    }

    /// One target per slot of the Messages extension's icon set: the icon source fitted and
    /// centred in the slot's pixel box, over the opaque `background` (icons may not be
    /// transparent), as a still PNG.
    static func iconTargets(background: RGBA) -> [(slot: MessagesIconSlot, target: RenditionTarget)] {
        MessagesIconSlot.all.map { slot in
            (
                slot,
                RenditionTarget(
                    label: "\(name) icon \(slot.filename)",
                    size: .canvas(CanvasRule(mode: .exact, width: slot.width, height: slot.height)),
                    background: background, formats: .one(.png), animates: false)
            )
        }
    }
}
