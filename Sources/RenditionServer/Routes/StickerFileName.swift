import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// The last segment of `GET /v1/stickers/{name}@{scale}x.{ext}`, percent-decoded: the
/// sticker's name, the scale (1, 2 or 3) and the extension (png, gif, webp or webm).
struct StickerFileName: Sendable, Equatable {
    /// The master's name (checked by `MasterFolder`).
    let name: String
    /// @1x, @2x or @3x.
    let scale: StickerScale
    /// `png`, `gif`, `webp` or `webm`.
    let fileExtension: String

    /// The extensions served, with their media types: every registered output format's,
    /// the first format's type where two share an extension (`image/png` for `png`).
    static let mediaTypes = Dictionary(
        OutputFormatRegistry.encoders.map { ($0.fileExtension, $0.mediaType) }, uniquingKeysWith: { first, _ in first })

    /// The extensions served, in registry order, for messages: `.png, .gif, .webp or .webm`.
    static var extensionList: String {
        let extensions = OutputFormatRegistry.fileExtensions.map { ".\($0)" }
        return extensions.dropLast().joined(separator: ", ") + " or " + extensions.last!
    }

    /// Parses a raw path segment; a segment that is no rendition name is a 404.
    init(segment: String) throws(ServerError) {
        guard let decoded = segment.removingPercentEncoding else { throw .badRequest("the path is not valid UTF-8") }
        guard let dot = decoded.lastIndex(of: ".") else { throw .notFound("\(decoded) names no rendition") }
        let fileExtension = decoded[decoded.index(after: dot)...].lowercased()
        guard Self.mediaTypes[fileExtension] != nil else {
            throw .notFound("renditions are \(Self.extensionList), not .\(fileExtension)")
        }
        let stem = decoded[..<dot]
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"), let scale = try? StickerScale(parsing: stem[at...])
        else {
            throw .notFound("\(decoded) is not NAME@1x, @2x or @3x.\(fileExtension)")
        }
        self.name = String(stem[..<at])
        self.scale = scale
        self.fileExtension = fileExtension
    }

    /// The output format `rendition render --format` would need to write this file from a
    /// master in `input`: `auto` where the master's own format already has this extension
    /// (PNG, APNG, JPEG, TGS, Lottie for png; GIF for gif; ...), else the format the extension
    /// names, the one that keeps every frame where two share it (`apng` for png, so
    /// animations stay animated).
    func outputFormat(input: ImageFormat?) -> OutputFormat {
        let auto = OutputFormat.auto.resolved(input: input ?? .png, animated: false).fileExtension
        if auto == fileExtension { return .auto }
        return OutputFormatRegistry.encoder(fileExtension: fileExtension)?.format ?? .apng
    }
}
