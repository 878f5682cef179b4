import RenditionCodecs

/// The decoding limits a `KEY=VALUE` setting changes (`rendition render --limit frames=5000`),
/// by key. The C interface and Python set the first six through `rdn_limits`
/// (`max_width` ... `max_input_bytes`).
package enum DecodeLimitKey: String, Sendable, CaseIterable {
    /// Pixels per row.
    case width
    /// Rows.
    case height
    /// Width x height.
    case pixels
    /// Animation frames.
    case frames
    /// RGBA bytes of all frames together.
    case decodedBytes = "decoded-bytes"
    /// File size.
    case inputBytes = "input-bytes"
    /// Progressive JPEG scans.
    case scans
    /// Lottie JSON bytes, after inflating a TGS file.
    case documentBytes = "document-bytes"
    /// Vector shapes drawn per frame.
    case draws
    /// Vector shapes x frames x pixels at one size.
    case drawingWork = "drawing-work"

    /// The limit the key changes.
    package var limit: WritableKeyPath<DecodeLimits, Int> {
        switch self {
        case .width: \.maxWidth
        case .height: \.maxHeight
        case .pixels: \.maxPixels
        case .frames: \.maxFrames
        case .decodedBytes: \.maxDecodedBytes
        case .inputBytes: \.maxInputBytes
        case .scans: \.maxScans
        case .documentBytes: \.maxDocumentBytes
        case .draws: \.maxDrawsPerFrame
        case .drawingWork: \.maxDrawingWork
        }
    }

    /// What the limit counts, for help text.
    package var counts: String {
        switch self {
        case .width: "pixels per row"
        case .height: "rows"
        case .pixels: "width x height"
        case .frames: "animation frames"
        case .decodedBytes: "RGBA bytes of all frames together"
        case .inputBytes: "file size"
        case .scans: "progressive JPEG scans"
        case .documentBytes: "Lottie JSON bytes, after inflating a TGS file"
        case .draws: "vector shapes drawn per frame"
        case .drawingWork: "vector shapes x frames x pixels at one size"
        }
    }

    /// The default limits changed by `settings`, each `KEY=VALUE` with VALUE a positive whole
    /// number; a later setting of the same key wins.
    package static func limits(from settings: [String]) throws(SettingsError) -> DecodeLimits {
        var limits = DecodeLimits.default
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let key = DecodeLimitKey(rawValue: parts[0]) else {
                throw SettingsError(.limit, .limitSyntax(setting))
            }
            guard let value = Int(parts[1]), value > 0 else { throw SettingsError(.limit, .limitValue(setting)) }
            limits[keyPath: key.limit] = value
        }
        return limits
    }
}
