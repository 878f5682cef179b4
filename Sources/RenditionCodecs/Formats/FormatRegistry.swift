/// Every file format Rendition reads, in the order their signatures are tried.
///
/// This is the one list of formats: ``ImageFormat``'s cases, sniffing, the decoder
/// dispatch (``ImageDecoder``, ``ImageDimensions``, ``SourceHeader``), the file extensions a
/// folder search takes, the server's master extensions and accepted media types, and the C
/// enum values all come from it. A new format is a type conforming to
/// ``ImageFormatDecoder`` in its own folder plus one line here.
public enum FormatRegistry {
    /// The registered decoders, in sniffing order (PNG first, so that a damaged PNG signature
    /// is still read as PNG; the others' signatures do not overlap) and in the order messages
    /// and help texts list them.
    public static let decoders: [any ImageFormatDecoder] = [
        PNGFormat(),
        JPEGFormat(),
        GIFFormat(),
        WebPFormat(),
        TGSFormat(),
        LottieFormat(),
        WebMFormat(),
        DotLottieFormat(),
    ]

    /// The decoders by format identifier.
    private static let byID: [String: any ImageFormatDecoder] = Dictionary(
        decoders.map { ($0.format.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The decoder of `format`.
    public static func decoder(for format: ImageFormat) -> any ImageFormatDecoder {
        guard let decoder = byID[format.rawValue] else { preconditionFailure("\(format.rawValue) is not registered") }
        return decoder
    }

    /// The decoder registered under `identifier` (``ImageFormat/rawValue``), or `nil`.
    public static func decoder(identifier: String) -> (any ImageFormatDecoder)? { byID[identifier] }

    /// The decoder whose signature starts `bytes`, or `nil` when none matches.
    public static func decoder<Bytes: Collection<UInt8>>(sniffing bytes: Bytes) -> (any ImageFormatDecoder)? {
        let head = bytes.prefix(sniffedBytes)
        if let found = head.withContiguousStorageIfAvailable({ buffer in decoders.first { $0.sniff(buffer) } }) {
            return found
        }
        return Array(head).withUnsafeBufferPointer { buffer in decoders.first { $0.sniff(buffer) } }
    }

    /// How many of a file's first bytes sniffing looks at (Lottie's `"layers"` may come late).
    public static let sniffedBytes = 1 << 20

    /// Every file extension a folder search takes by name alone, in registry order (`png`,
    /// `apng`, `jpg`…).
    public static var imageExtensions: [String] {
        decoders.filter { !$0.extensionsNeedSniffing }.flatMap(\.fileExtensions)
    }

    /// The extensions whose files a folder search sniffs before taking them (`json`).
    public static var sniffedExtensions: [String] {
        decoders.filter(\.extensionsNeedSniffing).flatMap(\.fileExtensions)
    }

    /// The decoder for a file extension (without the dot, any case), or `nil`.
    public static func decoder(fileExtension: String) -> (any ImageFormatDecoder)? {
        let lower = fileExtension.lowercased()
        return decoders.first { $0.fileExtensions.contains(lower) }
    }

    /// The registered formats' names joined for a sentence: `PNG, JPEG, GIF, … or Lottie`.
    public static func names(joinedBy conjunction: String) -> String {
        let names = decoders.map(\.name)
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }
}
