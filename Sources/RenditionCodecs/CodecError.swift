import RenditionCore

/// Why bytes could not be decoded or an image could not be encoded. Its description is never
/// empty: a reason that says nothing is replaced by `StatedReason.unstated`.
public enum CodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes start with no known image signature.
    case unrecognizedFormat
    /// The data claims to be `format` but is damaged: bad signature, bad CRC, truncated,
    /// invalid header or compressed stream. `reason` says what was found.
    case corrupt(format: ImageFormat, reason: String)
    /// The image is valid but uses a feature Rendition does not handle.
    case unsupported(format: ImageFormat, reason: String)
    /// The image exceeds one of the configured ``DecodeLimits``, a bound of the decoders' own
    /// or the memory that could be had; `limit` holds which, the limit and the amount found.
    case limitExceeded(format: ImageFormat, limit: ExceededLimit)
    /// The encoder failed (out of memory or an internal library error).
    case encodingFailed(format: ImageFormat, reason: String)
    /// The image shows nothing: every pixel of every frame of what would be written is fully
    /// transparent (a master that is empty, or vector art its renderer did not draw).
    /// `reason` is the whole sentence.
    case blank(format: ImageFormat, reason: String)

    /// A one-line explanation for people.
    public var description: String {
        switch self {
        case .unrecognizedFormat:
            "not a \(FormatRegistry.names(joinedBy: "or")) file (unknown signature)"
        case .corrupt(let format, let reason):
            "corrupt \(format) data: \(StatedReason.stated(reason, otherwise: StatedReason.unstated))"
        case .unsupported(let format, let reason):
            "unsupported \(format) feature: \(StatedReason.stated(reason, otherwise: StatedReason.unstated))"
        case .limitExceeded(let format, let limit):
            "\(format) image exceeds a decoding limit: \(StatedReason.stated(limit.description, otherwise: StatedReason.unstated))"
        case .encodingFailed(let format, let reason):
            "could not encode \(format): \(StatedReason.stated(reason, otherwise: StatedReason.unstated))"
        case .blank(let format, let reason):
            StatedReason.stated(
                reason, otherwise: "the \(format) image is blank: every pixel of every frame is fully transparent")
        }
    }

    /// A few words saying why, where a sentence does not fit (a preview card's badge): `not a
    /// PNG, JPEG, GIF, WebP, TGS, Lottie, WebM or dotLottie file` (every registered format), `truncated PNG`, `corrupt GIF`,
    /// `unsupported WebP feature`, `APNG too large for the decoding limits`.
    public var shortReason: String {
        switch self {
        case .unrecognizedFormat:
            "not a \(FormatRegistry.names(joinedBy: "or")) file"
        case .corrupt(let format, let reason):
            Self.truncationWords.contains { reason.contains($0) } ? "truncated \(format)" : "corrupt \(format)"
        case .unsupported(let format, _):
            "unsupported \(format) feature"
        case .limitExceeded(let format, _):
            "\(format) too large for the decoding limits"
        case .encodingFailed(let format, _):
            "cannot encode \(format)"
        case .blank:
            "nothing visible"
        }
    }

    /// How the decoders word a file that ends too early.
    private static let truncationWords = ["truncated", "ends before", "ends inside", "ends where", "cut short"]
}
