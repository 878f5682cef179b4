import RenditionCodecs
import RenditionCore

/// Animated PNG as an output (what `auto` writes for formats Rendition does not write):
/// every frame, its delay and the loop count, written by `APNGEncoder` (a plain PNG when there
/// is one distinct frame); files keep the `png` extension, as Messages expects.
package struct APNGOutputFormat: ImageFormatEncoder {
    package init() {}
    package var format: OutputFormat { .apng }
    package var fileExtension: String { "png" }
    package var mediaType: String { "image/apng" }
    package var cValue: UInt32 { 2 }
    package var container: ImageFormat { .png }

    /// The animation at the options' APNG deflate level with the PNG palette settings and the
    /// options' frame threads; in truecolour, without palettes, when the request allows no
    /// animated palette.
    package func encode(_ animation: Animation, _ request: EncodingRequest) throws(CodecError) -> [UInt8] {
        let options = request.options
        if animation.isAnimated && !request.animatedPalette {
            return try APNGEncoder(
                options: .init(
                    compressionLevel: options.apngCompressionLevel, allowPalette: false, threads: options.frameThreads,
                    truecolour: true)
            ).encode(animation)
        }
        return try APNGEncoder(
            options: .init(
                compressionLevel: options.apngCompressionLevel, allowPalette: options.png.allowPalette,
                threads: options.frameThreads, palette: options.png.palette)
        )
        .encode(animation)
    }

    /// The PNG and APNG ladder (``SizeFitter/pngLadder(animated:)``).
    package func ladder(_ fitter: SizeFitter, animated: Bool, short: Bool) -> SizeFitter.Ladder {
        SizeFitter.Ladder(steps: fitter.pngLadder(animated: animated))
    }

    /// As PNG: the truecolour ladder for an animation without palettes, else the PNG ladder.
    package func fit(_ animation: Animation, with fitter: SizeFitter, smallerCanvas: SmallerCanvas?) throws
        -> FittedFile
    {
        try fitter.fitPNG(animation, of: self, smallerCanvas: smallerCanvas)
    }
}
