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
        return nil
    }

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
        }
    }

    /// The upper-case name used in messages.
    public var description: String { rawValue.uppercased() }
}
