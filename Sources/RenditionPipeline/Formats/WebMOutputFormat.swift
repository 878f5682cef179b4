import RenditionCodecs
import RenditionCore

/// WebM as an output: VP9 video with an alpha stream, written by `WebMEncoder` with the
/// options' WebM settings (constant quality).
package struct WebMOutputFormat: ImageFormatEncoder {
    package init() {}
    package var format: OutputFormat { .webm }
    package var fileExtension: String { "webm" }
    package var mediaType: String { "video/webm" }
    package var cValue: UInt32 { 8 }
    package var container: ImageFormat { .webm }
    /// VP9 is lossy at every quality.
    package var isLossless: Bool { false }

    /// The animation with the options' WebM settings.
    package func encode(_ animation: Animation, _ request: EncodingRequest) throws(CodecError) -> [UInt8] {
        try WebMEncoder(options: request.options.webm).encode(animation)
    }

    /// `WebMSizeLadder`, its first step encoded whole before any prediction (a sample of
    /// short runs misjudges a video codec).
    package func ladder(_ fitter: SizeFitter, animated: Bool, short: Bool) -> SizeFitter.Ladder {
        SizeFitter.Ladder(steps: WebMSizeLadder.steps(animated: animated, short: short), calibratesOnFirstStep: true)
    }
}
