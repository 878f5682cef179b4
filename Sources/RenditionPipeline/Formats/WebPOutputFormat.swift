import RenditionCodecs
import RenditionCore

/// WebP as an output: lossless by default, every frame, written by `WebPEncoder` with the
/// options' WebP settings.
package struct WebPOutputFormat: ImageFormatEncoder {
    package init() {}
    package var format: OutputFormat { .webp }
    package var fileExtension: String { "webp" }
    package var mediaType: String { "image/webp" }
    package var cValue: UInt32 { 4 }
    package var container: ImageFormat { .webp }

    /// The animation with the options' WebP settings.
    package func encode(_ animation: Animation, _ request: EncodingRequest) throws(CodecError) -> [UInt8] {
        try WebPEncoder(options: request.options.webp).encode(animation)
    }

    /// Runs of identical frames merged first (unless every frame is kept), then the ladder.
    package func fit(_ animation: Animation, with fitter: SizeFitter, smallerCanvas: SmallerCanvas?) throws
        -> FittedFile
    {
        // WebPAnimEncoder shows a run of identical frames as one; merging them first keeps
        // the sample of a long animation from counting each as a frame of its own (a
        // Lottie that holds still for most of its frames was predicted twenty times its size).
        let animation = fitter.preserveFrames ? animation : SizeFitter.mergingIdenticalFrames(animation)
        return try fitter.walk(animation, of: self)
    }

    /// Lossless (and, for a still, lossless at effort 6), then lossy qualities 90 down to 0
    /// for colour and alpha (`SizeFitter.webpLossyQualities`), then for an animation whose
    /// frames may be dropped quality 50 at half and a quarter of the frame rate. The steps
    /// only get smaller, so a long animation's ladder is bisected.
    package func ladder(_ fitter: SizeFitter, animated: Bool, short: Bool) -> SizeFitter.Ladder {
        var steps: [SizeFitter.Step] = []
        let keyFramesOnly = fitter.webpKeyFramesOnly
        /// `options` with every frame a key frame when the target asks for it.
        @Sendable func webp(_ options: WebPEncoder.Options) -> WebPEncoder {
            var options = options
            if keyFramesOnly { options.keyframeInterval = 1...1 }
            return WebPEncoder(options: options)
        }
        /// Lossy at `quality` for colour and alpha; an animation at effort 2.
        @Sendable func lossy(_ quality: Int) -> WebPEncoder.Options {
            var options = WebPEncoder.Options.lossy(quality: quality, alphaQuality: quality)
            if animated { options.method = SizeFitter.webpAnimatedLossyMethod }
            return options
        }
        // An animation's lossless frames at effort 2 (libwebp quality 50, method 2): on
        // 512 px sticker frames 30-40 % faster than the default effort 4, and within 1 %
        // of its bytes (measured on GIF, APNG and Lottie masters).
        var losslessOptions = WebPEncoder.Options.lossless
        if animated {
            losslessOptions.method = 2
            losslessOptions.quality = 50
        }
        var fastest = WebPEncoder.Options.lossless
        fastest.method = 0
        steps.append(
            SizeFitter.Step(
                name: "WebP lossless", givenUp: [],
                encode: { [losslessOptions] a throws(CodecError) in try webp(losslessOptions).encode(a) },
                // Effort 0 (about twenty times faster) writes lossless files about a fifth
                // larger than effort 4 on long animations (and about as large on tiny
                // ones); half its size is a floor with room to spare.
                lowerBound: { [fastest] a throws(CodecError) in try webp(fastest).encode(a).count / 2 }))
        if !animated {
            var best = WebPEncoder.Options.lossless
            best.method = 6
            steps.append(
                SizeFitter.Step(name: "WebP lossless (effort 6)", givenUp: []) { [best] a throws(CodecError) in
                    try WebPEncoder(options: best).encode(a)
                })
        }
        for quality in SizeFitter.webpLossyQualities {
            steps.append(
                SizeFitter.Step(
                    name: "WebP lossy quality \(quality)", givenUp: ["lossy compression at quality \(quality)"]
                ) { a throws(CodecError) in
                    try webp(lossy(quality)).encode(a)
                })
        }
        steps += fitter.frameRateSteps(animated: animated) { divisor in
            SizeFitter.Step(
                name: "WebP lossy quality 50, frame rate / \(divisor)",
                givenUp: ["lossy compression at quality 50", "frame rate divided by \(divisor)"]
            ) { a throws(CodecError) in
                try webp(lossy(50)).encode(SizeFitter.reducingFrameRate(a, by: divisor))
            }
        }
        return SizeFitter.Ladder(steps: steps, orderedBySize: true)
    }
}
