/// A file format Rendition reads, identified by its signature: a name for one of the
/// ``FormatRegistry/decoders``, which says everything else about it.
///
/// The formats are values, not an enum, so that a new format is declared in its own folder
/// (`extension ImageFormat { public static let png = ImageFormat(registering: "png") }`) and
/// registered once; `switch` over them with a `default`, or better ask the ``decoder``.
public struct ImageFormat: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The format's identifier (`png`, `jpeg`, `lottie`…): what JSON documents and settings
    /// write.
    public let rawValue: String

    /// The registered format called `rawValue`, or `nil` when no format has that identifier.
    public init?(rawValue: String) {
        guard FormatRegistry.decoder(identifier: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A format's identity, for its `static let` next to its decoder.
    init(registering identifier: String) { rawValue = identifier }

    /// Every registered format, in ``FormatRegistry/decoders`` order.
    public static var allCases: [ImageFormat] { FormatRegistry.decoders.map(\.format) }

    /// Reads a registered format's identifier.
    /// - Throws: `DecodingError.dataCorrupted` for an identifier no format has.
    public init(from decoder: any Decoder) throws {
        let identifier = try decoder.singleValueContainer().decode(String.self)
        guard let format = ImageFormat(rawValue: identifier) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(identifier) is not one of \(Self.allCases.map(\.rawValue))"))
        }
        self = format
    }

    /// Writes the identifier.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The format's decoder and description.
    public var decoder: any ImageFormatDecoder { FormatRegistry.decoder(for: self) }

    /// The format whose signature starts `bytes`, or `nil` when none matches.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        FormatRegistry.decoder(sniffing: bytes)?.format
    }

    /// Whether the format is vector art, drawn at each target size rather than resampled.
    public var isVector: Bool { decoder.isVector }

    /// The usual file extension, without the dot.
    public var fileExtension: String { decoder.fileExtensions[0] }

    /// The IANA media type of its files.
    public var mediaType: String { decoder.mediaType }

    /// The name used in messages: `PNG`, `JPEG`, `Lottie`, `WebM`, `dotLottie`…
    public var description: String { decoder.name }
}
