import RenditionCodecs
import RenditionCore

/// A sticker's master, as `StickerPipeline` takes it.
public enum PipelineSource {
    /// A file's bytes, in any format `ImageFormat.sniff` recognises.
    case bytes([UInt8])
    /// Decoded pixels (a still is one frame) and the format they came from.
    case animation(Animation, format: ImageFormat)
    /// Parsed vector art: every target is drawn at its own size.
    case composition(LottieComposition)
}

/// Everything the pipeline made from one master.
public struct PipelineResult: Sendable {
    /// The master's format.
    public let inputFormat: ImageFormat
    /// The master's width in pixels (a composition's canvas for vector art).
    public let masterWidth: Int
    /// The master's height in pixels.
    public let masterHeight: Int
    /// Whether the master animates.
    public let masterAnimated: Bool
    /// What the pipeline changed about the master for every target (identical frames written
    /// as a still).
    public let notes: [String]
    /// One outcome per target, in the order of the targets.
    public let outputs: [Result<TargetOutput, TargetError>]
    /// With `inspecting`: the master as `ImageDecoder.decodeSource` gives it, for lint.
    package let source: SourceImage?
    /// Whether every pixel of every frame of the master is fully opaque: a box, not a sticker
    /// on a transparent background. Always `false` for vector art, drawn on transparency.
    package var masterIsOpaque = false
}

/// The one road from a sticker's bytes to its encoded files: decode once, resample each
/// distinct pixel size once, place on each target's canvas, adapt to its frame rules, and
/// encode (or fit under its byte limit), all in memory. `rendition render`, `pack`, `preview`,
/// `lint --fix`, the C library and Python all come through here.
///
/// How the master is decoded depends on the targets: vector art (TGS, Lottie) is drawn at each
/// size by rlottie; when every target is a smaller scale with no limit or frame rules, frames
/// are resampled as they are decoded and the full-size frames are never all held
/// (`streaming`); otherwise the master is decoded whole. Targets of one pixel size share one
/// resample. The bytes do not depend on the strategy or the thread count.
public struct StickerPipeline: Sendable {
    /// Encoder settings (PNG, APNG, WebP, GIF, WebM), decoding limits and frame threads; its
    /// `scales` and `format` are not used (targets say what to make).
    package let options: RenderOptions

    /// Creates a pipeline.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Makes every target from `source`.
    /// - Parameters:
    ///   - source: the master: file bytes, decoded pixels or a parsed composition.
    ///   - targets: what to make, in the order of `PipelineResult.outputs`.
    ///   - inspecting: also decode the master for lint (`PipelineResult.source`), in the same decode.
    ///   - collapsingIdenticalFrames: write an animation whose frames are all the same as a still,
    ///     with a note.
    ///   - scratch: buffers reused across stickers by one thread.
    /// - Throws: `CodecError` when the master cannot be decoded; a target that cannot be made is
    ///   a failure in `outputs`.
    public func run(
        _ source: PipelineSource, targets: [RenditionTarget], inspecting: Bool = false,
        collapsingIdenticalFrames: Bool = false, scratch: RenderScratch? = nil
    ) throws(CodecError) -> PipelineResult {
        switch source {
        case .bytes(let bytes):
            guard let format = ImageFormat.sniff(bytes) else { throw .unrecognizedFormat }
            if format.isVector {
                return try drawVector(
                    try LottieComposition(bytes, limits: options.limits), document: bytes, targets: targets,
                    inspecting: inspecting)
            }
            if !inspecting && !collapsingIdenticalFrames, let streamed = try stream(bytes, format, targets, scratch) {
                return streamed
            }
            if inspecting {
                let decoded = try ImageDecoder.decodeSource(bytes, limits: options.limits)
                return makeFromWhole(
                    decoded.animation, inputFormat: format, targets: targets, collapsing: collapsingIdenticalFrames,
                    source: decoded, scratch: scratch)
            }
            let master = try ImageDecoder.decodeAnimation(bytes, limits: options.limits)
            return makeFromWhole(
                master, inputFormat: format, targets: targets, collapsing: collapsingIdenticalFrames, source: nil,
                scratch: scratch)
        case .animation(let master, let format):
            return makeFromWhole(
                master, inputFormat: format, targets: targets, collapsing: collapsingIdenticalFrames,
                source: inspecting ? SourceImage(format: format, animation: master) : nil, scratch: scratch)
        case .composition(let composition):
            return try drawVector(
                composition, document: composition.canonicalDocument, targets: targets, inspecting: inspecting)
        }
    }

    /// A master decoded for `run`, and for lint when inspecting.
    package struct DecodedMaster {
        /// What `run` takes.
        package let source: PipelineSource
        /// The master as `ImageDecoder.decodeSource` gives it (vector art drawn at its canvas
        /// size), when inspecting.
        package let inspection: SourceImage?
        /// The master's width in pixels.
        package let width: Int
        /// The master's height in pixels.
        package let height: Int
    }

    /// Decodes `bytes` once, for callers that look at the master (lint) before making targets:
    /// raster formats whole, vector art parsed (and, with `inspecting`, drawn at its canvas
    /// size for lint).
    package func decode(_ bytes: [UInt8], inspecting: Bool) throws(CodecError) -> DecodedMaster {
        guard let format = ImageFormat.sniff(bytes) else { throw .unrecognizedFormat }
        if format.isVector {
            let composition = try LottieComposition(bytes, limits: options.limits)
            return try decoded(composition, inspecting: inspecting)
        }
        if inspecting {
            let inspection = try ImageDecoder.decodeSource(bytes, limits: options.limits)
            return DecodedMaster(
                source: .animation(inspection.animation, format: format), inspection: inspection,
                width: inspection.animation.width, height: inspection.animation.height)
        }
        let master = try ImageDecoder.decodeAnimation(bytes, limits: options.limits)
        return DecodedMaster(
            source: .animation(master, format: format), inspection: nil, width: master.width, height: master.height)
    }

    /// A parsed composition as a decoded master (drawn at its canvas size with `inspecting`).
    package func decoded(_ composition: LottieComposition, inspecting: Bool) throws(CodecError) -> DecodedMaster {
        DecodedMaster(
            source: .composition(composition),
            inspection: inspecting
                ? SourceImage(format: composition.format, animation: try composition.animation()) : nil,
            width: composition.width, height: composition.height)
    }

    /// Encoder settings with `threads` for the encoders that use threads.
    func encoderOptions(threads: Int) -> RenderOptions {
        var copy = options
        copy.frameThreads = max(1, threads)
        return copy
    }

    /// Targets grouped by content size, in order of first appearance.
    static func groups(
        _ targets: [RenditionTarget], masterWidth: Int, masterHeight: Int, animated: (RenditionTarget) -> Bool
    ) -> [(width: Int, height: Int, members: [Int])] {
        var groups: [(width: Int, height: Int, members: [Int])] = []
        for (index, target) in targets.enumerated() {
            let size = target.placement(
                masterWidth: masterWidth, masterHeight: masterHeight, animated: animated(target)
            )
            .content
            if let g = groups.firstIndex(where: { $0.width == size.width && $0.height == size.height }) {
                groups[g].members.append(index)
            } else {
                groups.append((size.width, size.height, [index]))
            }
        }
        return groups
    }

    /// Whether `target` needs every frame of an animated master (not when its container keeps
    /// only the first frame; always for pixels).
    static func needsFrames(_ target: RenditionTarget, masterAnimated: Bool, input: ImageFormat) -> Bool {
        guard masterAnimated && target.animates else { return false }
        return target.returnsPixels || target.framesAsSequence
            || target.formats.animated.contains { $0.resolved(input: input, animated: true) != .png }
    }
}
