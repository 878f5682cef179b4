import RenditionCodecs
import RenditionCore

/// One made target: the encoded file (or, for a sticker sequence, one PNG per frame) and its
/// report; for a target that returns pixels (`RenditionTarget.returnsPixels`), the pixels and no file.
public struct TargetOutput: Sendable {
    /// The encoded file; for a sticker sequence, the first frame's PNG; empty for pixels.
    public var bytes: [UInt8] { files.first ?? [] }
    /// The encoded files: one, or one PNG per frame of a sticker sequence; none for pixels.
    public let files: [[UInt8]]
    /// The target's pixels, placed on its canvas and adapted to its frame rules, when it returns
    /// pixels (`RenditionTarget.returnsPixels`); `nil` for files.
    public let pixels: Animation?
    /// The container written (`.png` for each frame of a sequence; `.auto` for pixels, which
    /// are not written).
    public let format: OutputFormat
    /// Pixel width.
    public let width: Int
    /// Pixel height.
    public let height: Int
    /// Whether the output animates (a sequence counts as animated).
    public let animated: Bool
    /// For a sticker sequence: its frame timing and repetitions.
    package let sequence: SequenceTiming?
    /// How the file was made.
    public let report: TargetReport

    /// An encoded output.
    init(
        files: [[UInt8]], format: OutputFormat, width: Int, height: Int, animated: Bool, sequence: SequenceTiming?,
        report: TargetReport
    ) {
        self.files = files
        self.pixels = nil
        self.format = format
        self.width = width
        self.height = height
        self.animated = animated
        self.sequence = sequence
        self.report = report
    }

    /// Pixels, not encoded (step `pixels`).
    init(pixels: Animation, notes: [String]) {
        self.files = []
        self.pixels = pixels
        self.format = .auto
        self.width = pixels.width
        self.height = pixels.height
        self.animated = pixels.isAnimated
        self.sequence = nil
        self.report = TargetReport(limit: nil, step: "pixels", stepIndex: 1, givenUp: [], notes: notes)
    }

    /// The timing a sticker sequence's `Contents.json` states.
    package struct SequenceTiming: Sendable {
        /// Frames per second (`StickerSequence.timing`).
        package let timing: StickerSequence.Timing
        /// How often it plays (`StickerSequence.repetitions`).
        package let repetitions: Int
    }

    /// The file extension of the output (`png` for APNG and sequences).
    public var fileExtension: String { format.fileExtension }
}

/// What the pipeline did to make one output.
public struct TargetReport: Sendable, Equatable {
    /// The byte limit the output met (`nil`: none).
    public let limit: Int?
    /// The size ladder's step that produced it (`encoded` without a limit, `pixels` for pixels).
    public let step: String
    /// 1-based position of that step on the ladder (1 without a limit).
    package let stepIndex: Int
    /// What was given up to meet the limit (empty when lossless).
    public let givenUp: [String]
    /// Other changes: frames merged, the loop shortened, a still taken from an animation, a
    /// fallback container.
    public let notes: [String]
    /// How close a file fitted under a limit stays to the unfitted rendition: structural
    /// similarity (SSIM, the lower of over black and over white, the worst of up to 8 moments
    /// of an animation), 1 for a lossless file; `nil` without a limit.
    public var quality: Double? = nil
}
