import RenditionCodecs

/// The container renditions are written in.
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

    /// File extension for files in this format (`png` for APNG too, as Messages expects).
    public var fileExtension: String {
        switch self {
        case .auto, .png, .apng: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .webm: "webm"
        }
    }
}
