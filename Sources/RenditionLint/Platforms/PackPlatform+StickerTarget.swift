import RenditionPipeline

extension PackPlatform {
    /// The pipeline target for one of this platform's sticker files: its canvas, containers
    /// (animated ones in `animatedFormats`' order, by default the accepted ones), frame rules,
    /// byte limits and the platform's own demands on an animation's pixels (truecolour only,
    /// every frame a key frame).
    package func stickerTarget(animatedFormats: [OutputFormat]? = nil) -> RenditionTarget {
        target(
            label: name, size: .canvas(canvas), animatedCanvas: animatedCanvas,
            formats: .init(still: staticFormat, animated: animatedFormats ?? acceptedAnimatedFormats),
            animates: animatedFormat != nil,
            byteLimit: .init(still: byteLimit(animated: false), animated: byteLimit(animated: true)))
    }

    /// A pipeline target for a file of this platform (a sticker, or a pack's tray and icon
    /// images) with the platform's own rules filled in: its frame policy, whether frames are
    /// kept as they are, and its demands on an animation's pixels. The one place those
    /// platform flags become target settings.
    package func target(
        label: String, size: RenditionTarget.Size, animatedCanvas: CanvasRule? = nil, formats: RenditionTarget.Formats,
        animates: Bool, byteLimit: RenditionTarget.ByteLimit
    ) -> RenditionTarget {
        RenditionTarget(
            label: label, size: size, animatedCanvas: animatedCanvas, formats: formats, animates: animates,
            frameRules: framePolicy, byteLimit: byteLimit, preservesFrames: minimumFrames != nil,
            animatedPalette: animatedTruecolourOnly != true, webpKeyFramesOnly: animatedKeyFramesOnly == true)
    }
}
