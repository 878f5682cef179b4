extension ImageFormat {
    /// A Lottie (Bodymovin) JSON animation. Vector art, drawn at each target size.
    public static let lottie = ImageFormat(registering: "lottie")
}

/// Lottie JSON as the registry sees it: the file is the document.
public struct LottieFormat: LottieSourceFormat {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .lottie }
    /// The name in messages.
    public var name: String { "Lottie" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["json"] }
    /// Other JSON files are not stickers: a folder search sniffs `.json` files.
    public var extensionsNeedSniffing: Bool { true }
    /// The IANA media type.
    public var mediaType: String { "application/json" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 7 }

    /// A JSON object naming `"layers"` (`LottieSniffing`).
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool { LottieSniffing.looksLikeLottie(head) }

    /// The file itself, when it is within `maxDocumentBytes`.
    public func lottieJSON(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> [UInt8] {
        guard bytes.count <= limits.maxDocumentBytes else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(.documentBytes, found: bytes.count, maximum: limits.maxDocumentBytes))
        }
        return bytes
    }
}
