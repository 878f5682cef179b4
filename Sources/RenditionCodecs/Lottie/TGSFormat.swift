extension ImageFormat {
    /// Telegram's animated sticker: Lottie JSON compressed with gzip. Vector art, drawn at
    /// each target size.
    public static let tgs = ImageFormat(registering: "tgs")
}

/// TGS as the registry sees it: a gzip member holding a Lottie document, inflated under
/// `maxDocumentBytes` (``GzipInflation``).
public struct TGSFormat: LottieSourceFormat {
    /// Creates the descriptor.
    public init() {}
    public var format: ImageFormat { .tgs }
    public var name: String { "TGS" }
    public var fileExtensions: [String] { ["tgs"] }
    public var mediaType: String { "application/x-tgsticker" }
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
