extension ImageFormat {
    /// Telegram's animated sticker: Lottie JSON compressed with gzip. Vector art, drawn at
    /// each target size.
    public static let tgs = ImageFormat(registering: "tgs")
}

/// TGS as the registry sees it: a gzip member holding a Lottie document, inflated under
/// `maxDocumentBytes` (`GzipInflation`).
public struct TGSFormat: LottieSourceFormat {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .tgs }
    /// The name in messages.
    public var name: String { "TGS" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["tgs"] }
    /// The IANA media type.
    public var mediaType: String { "application/x-tgsticker" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 6 }

    /// The gzip signature and the deflate method.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool { GzipInflation.isGzip(head) }

    /// The inflated document.
    public func lottieJSON(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (input) throws(CodecError) in
            try GzipInflation.inflate(input, maxBytes: limits.maxDocumentBytes, format: .tgs)
        }
    }
}
