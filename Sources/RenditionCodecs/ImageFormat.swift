/// The image container formats Rendition recognises, identified by their magic bytes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// PNG, including animated PNG (APNG).
    case png
    /// JPEG (JFIF or Exif).
    case jpeg
    /// GIF87a or GIF89a.
    case gif
    /// WebP (RIFF container).
    case webp
    /// Telegram's animated sticker: Lottie JSON compressed with gzip. Vector art, drawn at
    /// each target size.
    case tgs
    /// A Lottie (Bodymovin) JSON animation. Vector art, drawn at each target size.
    case lottie
    /// WebM (or Matroska) video with VP8 or VP9, optionally with an alpha stream.
    case webm

    /// The format whose signature starts `bytes`, or `nil` when none matches.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if looksLikeDamagedPNG(Array(bytes.prefix(40))) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .webm }
        if GzipInflation.isGzip(head) { return .tgs }
        if looksLikeLottie(bytes) { return .lottie }
        return nil
    }

    /// A JSON object (after optional whitespace or a byte order mark) with a `"layers"`
    /// member name in its first MiB: Lottie's signature, as far as JSON has one.
    private static func looksLikeLottie<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var head = bytes.prefix(1 << 20).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            head = head.dropFirst(3).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        }
        guard head.first == UInt8(ascii: "{") else { return false }
        let name = Array("\"layers\"".utf8)
        var matched = 0
        for byte in head {
            if byte == name[matched] {
                matched += 1
                if matched == name.count { return true }
            } else {
                matched = byte == name[0] ? 1 : 0
            }
        }
        return false
    }

    /// Whether the format is vector art, drawn at each target size rather than resampled.
    public var isVector: Bool { self == .tgs || self == .lottie }

    /// A PNG whose signature was damaged (a flipped byte, or line endings converted by a
    /// text-mode transfer): most signature bytes match, or an `IHDR` chunk type follows
    /// closely. Sniffed as PNG so that the PNG decoder reports what is wrong.
    private static func looksLikeDamagedPNG(_ head: [UInt8]) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let matching = zip(head, signature).filter { $0 == $1 }.count
        if matching >= 6 { return true }
        let ihdr = Array("IHDR".utf8)
        return head.count >= 16 && (8...(head.count - 4)).contains { Array(head[$0..<($0 + 4)]) == ihdr }
    }

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        case .tgs: "tgs"
        case .lottie: "json"
        case .webm: "webm"
        }
    }

    /// The name used in messages: the upper-case identifier, "Lottie" or "WebM".
    public var description: String {
        switch self {
        case .lottie: "Lottie"
        case .webm: "WebM"
        default: rawValue.uppercased()
        }
    }
}
