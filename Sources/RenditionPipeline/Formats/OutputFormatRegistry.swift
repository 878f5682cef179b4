import RenditionCodecs
import RenditionCore

/// Every container Rendition writes, in the order messages and help texts list them.
///
/// This is the one list of output formats: ``OutputFormat``'s cases in order, their file
/// extensions, media types and C enum values, the encoder each rendition uses
/// (``StickerPipeline``, the C library's `rdn_image_encode`) and the ladder ``SizeFitter`` walks all
/// come from it. A new output format is a type conforming to ``ImageFormatEncoder`` in this
/// folder, its ``OutputFormat`` case, and one line here.
package enum OutputFormatRegistry {
    /// The registered encoders, in ``OutputFormat/allCases`` order (after `auto`).
    package static let encoders: [any ImageFormatEncoder] = [
        PNGOutputFormat(),
        APNGOutputFormat(),
        GIFOutputFormat(),
        WebPOutputFormat(),
        WebMOutputFormat(),
    ]

    /// The encoder of `format`; `auto`, which the pipeline resolves before encoding, is
    /// written as APNG.
    package static func encoder(for format: OutputFormat) -> any ImageFormatEncoder {
        let concrete = format == .auto ? .apng : format
        guard let encoder = encoders.first(where: { $0.format == concrete }) else {
            preconditionFailure("\(format.rawValue) is not registered")
        }
        return encoder
    }

    /// The encoder whose `rdn_format` value is `cValue`, or `nil`.
    package static func encoder(cValue: UInt32) -> (any ImageFormatEncoder)? {
        encoders.first { $0.cValue == cValue }
    }

    /// The encoder that writes files with `fileExtension` (lower case, no dot), the one that
    /// keeps every frame when two share it (APNG for `png`), or `nil`.
    package static func encoder(fileExtension: String) -> (any ImageFormatEncoder)? {
        let matching = encoders.filter { $0.fileExtension == fileExtension }
        return matching.first(where: \.keepsFrames) ?? matching.first
    }

    /// The extensions of the files Rendition writes, each once, in registry order.
    package static var fileExtensions: [String] {
        encoders.map(\.fileExtension).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

extension OutputFormat {
    /// The format's encoder and description (APNG's for `auto`).
    package var encoder: any ImageFormatEncoder { OutputFormatRegistry.encoder(for: self) }

    /// The file bytes of `animation` in this format, with the encoder settings of `options`
    /// (`auto` means APNG): PNG keeps the first frame; APNG, GIF, WebP and WebM keep every
    /// frame, the delays and the loop count.
    /// - Throws: ``CodecError`` when the encoder fails.
    package func encode(_ animation: Animation, options: RenderOptions) throws(CodecError) -> [UInt8] {
        try encoder.encode(animation, EncodingRequest(options: options))
    }
}
