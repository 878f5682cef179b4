import CWebP

/// Maps libwebp's decoding status codes to `CodecError`s.
enum WebPStatus {
    /// The error for a failed libwebp call, or `nil` for `VP8_STATUS_OK`.
    /// - Parameter what: what was being decoded, for the message ("the image", "frame 3").
    static func error(_ status: VP8StatusCode, decoding what: String) -> CodecError? {
        switch status {
        case VP8_STATUS_OK:
            return nil
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return .corrupt(format: .webp, reason: "\(what): the compressed data ends early (truncated)")
        case VP8_STATUS_BITSTREAM_ERROR:
            return .corrupt(format: .webp, reason: "\(what): invalid compressed data (VP8/VP8L bitstream error)")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return .unsupported(format: .webp, reason: "\(what): uses a bitstream feature libwebp does not support")
        case VP8_STATUS_OUT_OF_MEMORY:
            return .limitExceeded(format: .webp, limit: .outOfMemory("libwebp ran out of memory").within(what))
        default:
            return .corrupt(format: .webp, reason: "\(what): libwebp rejected the data (status \(status.rawValue))")
        }
    }
}
