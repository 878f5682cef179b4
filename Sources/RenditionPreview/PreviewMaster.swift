import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// A sticker's master as its card shows it: every frame, scaled down (Lanczos, delays kept) so
/// its longer side is at most the sheet's largest shown side. A master that large is not a
/// sticker (a photo, say); scaled down, its card stays a sticker's card, and the full-size
/// frames need not be kept while the card is drawn.
struct PreviewMaster {
    /// The input's container format.
    let format: ImageFormat
    /// The frames shown, scaled down when the input is larger than the card shows.
    let animation: Animation
    /// The input's own size when its frames were scaled down; `nil` when shown as they are.
    let scaledFrom: (width: Int, height: Int)?

    /// `source` fitted within `largestSide` x `largestSide` pixels (as it is when it fits).
    init(_ source: SourceImage, largestSide: Int) {
        let master = source.animation
        format = source.format
        guard max(master.width, master.height) > largestSide else {
            animation = master
            scaledFrom = nil
            return
        }
        let size = CanvasRule(mode: .fitWithin, width: largestSide, height: largestSide)
            .contentSize(masterWidth: master.width, masterHeight: master.height)
        animation = LanczosResampler().resample(master, width: size.width, height: size.height)
        scaledFrom = (master.width, master.height)
    }
}
