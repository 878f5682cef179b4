import RenditionCodecs
import RenditionCore

/// PNG as an output: a still image (an animation keeps its first frame), written by
/// `PNGEncoder` with the options' PNG settings.
package struct PNGOutputFormat: ImageFormatEncoder {
    package init() {}
    package var format: OutputFormat { .png }
    package var fileExtension: String { "png" }
    package var mediaType: String { "image/png" }
    package var cValue: UInt32 { 1 }
    package var container: ImageFormat { .png }
    package var keepsFrames: Bool { false }

    /// The first frame as a PNG, through `request.compressor` when there is one.
    package func encode(_ animation: Animation, _ request: EncodingRequest) throws(CodecError) -> [UInt8] {
        let encoder = PNGEncoder(options: request.options.png)
        if let compressor = request.compressor {
            return try encoder.encode(animation.firstFrame, compressor: compressor)
        }
        return try encoder.encode(animation.firstFrame)
    }

    /// The PNG and APNG ladder (``SizeFitter/pngLadder(animated:)``).
    package func ladder(_ fitter: SizeFitter, animated: Bool, short: Bool) -> SizeFitter.Ladder {
        SizeFitter.Ladder(steps: fitter.pngLadder(animated: animated))
    }

    /// An animation without palettes on the truecolour ladder, anything else on the PNG ladder.
    package func fit(_ animation: Animation, with fitter: SizeFitter, smallerCanvas: SmallerCanvas?) throws
        -> FittedFile
    {
        try fitter.fitPNG(animation, of: self, smallerCanvas: smallerCanvas)
    }
}

extension SizeFitter {
    /// A PNG or APNG file under the limit: an animation that may not use a palette
    /// (`animatedPalette` off) on the truecolour ladder (`fitTruecolour`), anything else on
    /// `encoder`'s ladder.
    /// - Throws: as ``fit(_:as:)``.
    func fitPNG(_ animation: Animation, of encoder: any ImageFormatEncoder, smallerCanvas: SmallerCanvas?) throws
        -> FittedFile
    {
        if animation.isAnimated && !animatedPalette {
            return try fitTruecolour(animation, smallerCanvas: smallerCanvas)
        }
        return try walk(animation, of: encoder)
    }

    /// The PNG and APNG ladder: lossless at the fitter's deflate level (and at level 12 for a
    /// still), then the palette reductions (`paletteReductions`), each written at level 12.
    func pngLadder(animated: Bool) -> [Step] {
        let level = compressionLevel
        let merge = !preserveFrames
        let threads = self.threads
        var steps: [Step] = []
        let encodeLossless: @Sendable (Animation, Int) throws(CodecError) -> [UInt8] = {
            animation, level throws(CodecError) in
            animation.isAnimated
                ? try APNGEncoder(
                    options: .init(compressionLevel: level, mergeIdenticalFrames: merge, threads: threads)
                ).encode(animation)
                : try PNGEncoder(options: .init(compressionLevel: level)).encode(animation.firstFrame)
        }
        steps.append(
            Step(name: "lossless (deflate level \(level))", givenUp: []) { a throws(CodecError) in
                try encodeLossless(a, level)
            })
        if level < 12 && !animated {
            steps.append(
                Step(name: "lossless (deflate level 12)", givenUp: []) { a throws(CodecError) in
                    try encodeLossless(a, 12)
                })
        }
        for reduction in Self.paletteReductions(
            similarity: paletteSimilarity, lowerFrameRate: animated && !preserveFrames)
        {
            steps.append(
                Step(name: reduction.name, givenUp: reduction.givenUp) { a throws(CodecError) in
                    guard let reduced = try reduction.reduce(a) else { return nil }
                    return try encodeLossless(reduced, 12)
                })
        }
        return steps
    }
}
