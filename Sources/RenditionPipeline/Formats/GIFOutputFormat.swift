import RenditionCodecs
import RenditionCore

/// GIF as an output: every frame on GIF's 10 ms clock, written by `GIFEncoder` with the
/// options' GIF settings.
package struct GIFOutputFormat: ImageFormatEncoder {
    package init() {}
    package var format: OutputFormat { .gif }
    package var fileExtension: String { "gif" }
    package var mediaType: String { "image/gif" }
    package var cValue: UInt32 { 3 }
    package var container: ImageFormat { .gif }
    /// Quantised to at most 256 colours.
    package var isLossless: Bool { false }
    /// Centiseconds.
    package var frameClock: FrameClock { .centiseconds }

    /// The animation with the options' GIF settings.
    package func encode(_ animation: Animation, _ request: EncodingRequest) throws(CodecError) -> [UInt8] {
        try GIFEncoder(options: request.options.gif).encode(animation)
    }

    /// 256, 128, 64 and 32 colours, then (for an animation whose frames may be dropped) 64
    /// colours at half and a quarter of the frame rate.
    package func ladder(_ fitter: SizeFitter, animated: Bool, short: Bool) -> SizeFitter.Ladder {
        var steps: [SizeFitter.Step] = []
        for colors in [256, 128, 64, 32] {
            steps.append(
                SizeFitter.Step(
                    name: "GIF with \(colors) colours",
                    givenUp: colors == 256 ? [] : ["colours reduced to \(colors)"]
                ) { a throws(CodecError) in
                    var options = GIFEncoder.Options()
                    options.maxColors = colors
                    return try GIFEncoder(options: options).encode(a)
                })
        }
        steps += fitter.frameRateSteps(animated: animated) { divisor in
            SizeFitter.Step(
                name: "GIF with 64 colours, frame rate / \(divisor)",
                givenUp: ["colours reduced to 64", "frame rate divided by \(divisor)"]
            ) { a throws(CodecError) in
                var options = GIFEncoder.Options()
                options.maxColors = 64
                return try GIFEncoder(options: options).encode(SizeFitter.reducingFrameRate(a, by: divisor))
            }
        }
        return SizeFitter.Ladder(steps: steps)
    }
}
