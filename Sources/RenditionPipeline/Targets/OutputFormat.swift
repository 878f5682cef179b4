import RenditionCodecs

/// The container renditions are written in.
///
/// Each case but `auto` names one registered output format, whose encoder type (in
/// RenditionPipeline's `Formats` folder) says everything else about it: the list and its
/// order, the file extension, the C enum value, how it encodes and how it is fitted under a
/// byte limit.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    /// The input's own format: PNG stays PNG, an animated PNG stays APNG, GIF stays GIF,
    /// WebP stays WebP; JPEG (no transparency) becomes PNG; WebM stays WebM; TGS, Lottie and
    /// dotLottie (vector art, drawn at each size) become APNG, or PNG for a single frame: any
    /// format Rendition reads but does not write becomes PNG or APNG.
    case auto
    /// A still PNG; animations keep their first frame.
    case png
    /// Animated PNG (a plain PNG when there is one frame).
    case apng
    /// GIF.
    case gif
    /// WebP (lossless).
    case webp
    /// WebM: VP9 video with an alpha stream (constant quality; see `WebMEncoder`).
    case webm

    /// The concrete format for an input of `format`.
    package func resolved(input format: ImageFormat, animated: Bool) -> OutputFormat {
        guard self == .auto else { return self }
        // The input's own container where Rendition writes it (GIF, WebP, WebM), else PNG or
        // APNG: so a new input format needs no case here.
        if let own = OutputFormat(rawValue: format.rawValue), own != .png { return own }
        return animated ? .apng : .png
    }

    /// `auto`, then every registered output format in registry order.
    public static var allCases: [OutputFormat] { [.auto] + OutputFormatRegistry.encoders.map(\.format) }

    /// File extension for files in this format (`png` for APNG too, as Messages expects; `png`
    /// for `auto`, which an unresolved format is written as).
    public var fileExtension: String { encoder.fileExtension }
}
