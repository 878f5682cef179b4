import RenditionCodecs
import RenditionCore

/// One made target: the encoded file (or, for a sticker sequence, one PNG per frame) and its report.
public struct TargetOutput: Sendable {
    /// The encoded file; for a sticker sequence, the first frame's PNG.
    public var bytes: [UInt8] { files[0] }
    /// The encoded files: one, or one PNG per frame of a sticker sequence.
    public let files: [[UInt8]]
    /// The container written (`.png` for each frame of a sequence).
    public let format: OutputFormat
    /// Pixel width.
    public let width: Int
    /// Pixel height.
    public let height: Int
    /// Whether the output animates (a sequence counts as animated).
    public let animated: Bool
    /// For a sticker sequence: its frame timing and repetitions.
    public let sequence: SequenceTiming?
    /// How the file was made.
    public let report: TargetReport

    /// The timing a sticker sequence's `Contents.json` states.
    public struct SequenceTiming: Sendable {
        /// Frames per second (`XcodeStickerCatalog.timing`).
        public let timing: XcodeStickerCatalog.SequenceTiming
        /// How often it plays (`XcodeStickerCatalog.repetitions`).
        public let repetitions: Int
    }

    /// The file extension of the output (`png` for APNG and sequences).
    public var fileExtension: String { format.fileExtension }
}

/// What the pipeline did to make one output.
public struct TargetReport: Sendable, Equatable {
    /// The byte limit the output met (`nil`: none).
    public let limit: Int?
    /// The size ladder's step that produced it (`encoded` without a limit).
    public let step: String
    /// 1-based position of that step on the ladder (1 without a limit).
    public let stepIndex: Int
    /// What was given up to meet the limit (empty when lossless).
    public let givenUp: [String]
    /// Other changes: frames merged, the loop shortened, a still taken from an animation, a
    /// fallback container.
    public let notes: [String]
}
