/// The settings of ``DecodeLimits``, by the key that names each one on every face:
/// `rendition render --limit frames=5000`, the server's options, the C interface's
/// `rdn_limits` fields and Python's `Image.decode(max_frames=...)`. An ``ExceededLimit``
/// names the key it went over, so a face can say which setting lets a trusted file through.
public enum DecodeLimitKey: String, Sendable, CaseIterable {
    /// Pixels per row (``DecodeLimits/maxWidth``).
    case width
    /// Rows (``DecodeLimits/maxHeight``).
    case height
    /// Width x height (``DecodeLimits/maxPixels``).
    case pixels
    /// Animation frames (``DecodeLimits/maxFrames``).
    case frames
    /// RGBA bytes of all frames together (``DecodeLimits/maxDecodedBytes``).
    case decodedBytes = "decoded-bytes"
    /// File size (``DecodeLimits/maxInputBytes``).
    case inputBytes = "input-bytes"
    /// Progressive JPEG scans (``DecodeLimits/maxScans``).
    case scans
    /// Lottie JSON bytes, after inflating a TGS file (``DecodeLimits/maxDocumentBytes``).
    case documentBytes = "document-bytes"
    /// Vector shapes drawn per frame (``DecodeLimits/maxDrawsPerFrame``).
    case draws
    /// Vector shapes x frames x pixels at one size (``DecodeLimits/maxDrawingWork``).
    case drawingWork = "drawing-work"

    /// The limit the key changes.
    public var limit: WritableKeyPath<DecodeLimits, Int> {
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
    public var counts: String {
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

    /// How an amount of what the key counts is written in messages: `width 20000 px`,
    /// `1200 frames`, `input of 300 bytes`.
    func measure(_ amount: String) -> String {
        switch self {
        case .width: "width \(amount) px"
        case .height: "height \(amount) px"
        case .pixels: "\(amount) pixels"
        case .frames: "\(amount) frames"
        case .decodedBytes: "decoding \(amount) bytes"
        case .inputBytes: "input of \(amount) bytes"
        case .scans: "\(amount) progressive scans"
        case .documentBytes: "a JSON document of \(amount) bytes"
        case .draws: "\(amount) shapes per frame"
        case .drawingWork: "\(amount) units of drawing work"
        }
    }

    /// The unit written after the limit's value (`over the width limit of 16384 px`).
    var unit: String {
        switch self {
        case .width, .height: " px"
        default: ""
        }
    }
}
