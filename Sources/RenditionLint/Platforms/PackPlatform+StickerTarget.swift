import RenditionPipeline

extension PackPlatform {
    /// The pipeline target for one of this platform's sticker files: its canvas, containers
    /// (animated ones in `animatedFormats`' order, by default the accepted ones), frame rules,
    /// byte limits and the platform's own demands on an animation's pixels (truecolour only,
    /// every frame a key frame).
    package func stickerTarget(animatedFormats: [OutputFormat]? = nil) -> RenditionTarget {
        RenditionTarget(
            label: name, size: .canvas(canvas), animatedCanvas: animatedCanvas,
            formats: .init(still: staticFormat, animated: animatedFormats ?? acceptedAnimatedFormats),
            animates: animatedFormat != nil, frameRules: framePolicy,
            byteLimit: .init(still: byteLimit(animated: false), animated: byteLimit(animated: true)),
            preservesFrames: minimumFrames != nil, animatedPalette: animatedTruecolourOnly != true,
            webpKeyFramesOnly: animatedKeyFramesOnly == true)
    }
}
