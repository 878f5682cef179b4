import RenditionCodecs
import RenditionCore

/// A container Rendition writes: one type per output format, in this folder, listed once in
/// ``OutputFormatRegistry/encoders``. Everything the rest of Rendition knows about an output
/// format — its file extension, media type, C enum value, the format its files are read back
/// as, its frame clock, how it encodes and the ladder that fits it under a byte limit — comes
/// from here, the encoding side of `ImageFormatDecoder` (RenditionCodecs).
///
/// Encoding and fitting are the two entry points; ``fit(_:with:smallerCanvas:)`` has a
/// default (walk ``ladder(_:animated:short:)``) that a format overrides where it fits
/// differently.
package protocol ImageFormatEncoder: Sendable {
    /// The format's identity, the ``OutputFormat`` case that names it.
    var format: OutputFormat { get }
    /// The extension of its files, without the dot (`png` for APNG too, as Messages expects).
    var fileExtension: String { get }
    /// The IANA media type of its files, as the server sends them.
    var mediaType: String { get }
    /// Its value in `rendition.h`'s `rdn_format` enum (`RDN_FORMAT_<cName>`).
    var cValue: UInt32 { get }
    /// The suffix of its `rdn_format` member's name (`APNG` for `RDN_FORMAT_APNG`); the
    /// format's identifier in upper case by default.
    var cName: String { get }
    /// The format its files are read as (`ImageFormat.png` for APNG): what a file written in
    /// it sniffs as.
    var container: ImageFormat { get }
    /// Whether it keeps every frame of an animation (`false` for PNG, which keeps the first).
    var keepsFrames: Bool { get }
    /// Whether a file that gives nothing up on its ladder is lossless (PNG, APNG, WebP); VP9
    /// and GIF files never are (a GIF of more than 256 colours is quantised).
    var isLossless: Bool { get }
    /// The resolution its frame times are stored at; milliseconds by default.
    var frameClock: FrameClock { get }

    /// The file bytes of `animation`.
    /// - Parameters:
    ///   - animation: the frames to write (a still image is one frame).
    ///   - request: the encoder settings and what the target asks of the file.
    /// - Throws: ``CodecError`` when the encoder fails or refuses the animation.
    func encode(_ animation: Animation, _ request: EncodingRequest) throws(CodecError) -> [UInt8]

    /// The ladder ``SizeFitter`` walks to get a file of this format under its limit.
    /// - Parameters:
    ///   - fitter: the fitter, whose settings (deflate level, frames kept, threads…) the steps use.
    ///   - animated: whether the file is an animation.
    ///   - short: whether the animation is encoded whole at every step (not predicted from a
    ///     sample).
    func ladder(_ fitter: SizeFitter, animated: Bool, short: Bool) -> SizeFitter.Ladder

    /// `animation` under `fitter`'s byte limit. The default walks
    /// ``ladder(_:animated:short:)`` (``SizeFitter/walk(_:of:)``).
    /// - Parameters:
    ///   - animation: the placed frames.
    ///   - fitter: the limit and the ladders' settings.
    ///   - smallerCanvas: the target on smaller squares, for a ladder that may use them.
    /// - Throws: ``SizeFitError`` when no step gets under the limit; ``CodecError`` when an
    ///   encoder fails.
    func fit(_ animation: Animation, with fitter: SizeFitter, smallerCanvas: SmallerCanvas?) throws -> FittedFile
}

extension ImageFormatEncoder {
    /// The identifier in upper case.
    package var cName: String { format.rawValue.uppercased() }
    /// Every frame kept unless a format says otherwise.
    package var keepsFrames: Bool { true }
    /// Lossless unless a format says otherwise.
    package var isLossless: Bool { true }
    /// Milliseconds unless a format says otherwise.
    package var frameClock: FrameClock { .milliseconds }

    /// Walks the format's ladder.
    package func fit(_ animation: Animation, with fitter: SizeFitter, smallerCanvas: SmallerCanvas?) throws
        -> FittedFile
    {
        try fitter.walk(animation, of: self)
    }
}

/// What an ``ImageFormatEncoder`` is given besides the frames: the encoder settings and what
/// the target asks of the file.
package struct EncodingRequest {
    /// The encoder settings (each format reads its own: `png`, `gif`, `webp`, `webm`,
    /// `apngCompressionLevel`, `frameThreads`).
    package var options: RenderOptions
    /// A compressor a still PNG reuses (at the options' deflate level), or `nil`.
    package var compressor: DeflateCompressor?
    /// Whether an animated PNG may use a palette; `false` writes it in truecolour
    /// (`RenditionTarget.animatedPalette`).
    package var animatedPalette: Bool

    /// A request with `options`, no compressor to reuse and palettes allowed.
    package init(options: RenderOptions, compressor: DeflateCompressor? = nil, animatedPalette: Bool = true) {
        self.options = options
        self.compressor = compressor
        self.animatedPalette = animatedPalette
    }
}
