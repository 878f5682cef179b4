import RenditionBatch
import RenditionPipeline

/// The content address of a rendition: SHA-256 over the master's SHA-256 and the fingerprint
/// of the render options (scales, format, encoder settings and the engine's version), with the
/// file extension appended; the `ETag` is this key in quotes.
enum CacheKey {
    /// The key for the renditions `options` make from a master whose SHA-256 is `masterHash`.
    static func make(masterHash: String, options: RenderOptions, fileExtension: String) -> String {
        SHA256.hex(Array("\(masterHash)|\(options.fingerprint)".utf8)) + "." + fileExtension
    }

    /// The `ETag` header value for `key`.
    static func etag(_ key: String) -> String { "\"\(key)\"" }

    /// Whether an `If-None-Match` header value names `etag` (or is `*`).
    static func matches(ifNoneMatch header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { tag in
            var tag = tag.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
