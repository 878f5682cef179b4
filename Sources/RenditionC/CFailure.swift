import CRendition
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPack
import RenditionPipeline

/// A failure on its way to a C caller: the status code returned and the message put in the
/// `rdn_error`.
struct CFailure: Error {
    /// The code the C function returns.
    let status: rdn_status
    /// One line for people.
    let message: String

    /// A failure of kind `status` saying `message` (or, when it says nothing, `StatedReason.unstated`).
    init(_ status: rdn_status, _ message: String) {
        self.status = status
        self.message = StatedReason.stated(message, otherwise: StatedReason.unstated)
    }

    /// RDN_ERROR_INVALID_ARGUMENT with `message`.
    static func invalidArgument(_ message: String) -> CFailure { CFailure(RDN_ERROR_INVALID_ARGUMENT, message) }

    /// The status and message for a codec error: each `CodecError` case has its own status.
    init(_ error: CodecError) {
        let status: rdn_status
        switch error {
        case .unrecognizedFormat: status = RDN_ERROR_UNRECOGNIZED_FORMAT
        case .corrupt: status = RDN_ERROR_CORRUPT
        case .unsupported: status = RDN_ERROR_UNSUPPORTED
        case .limitExceeded: status = RDN_ERROR_LIMIT_EXCEEDED
        case .encodingFailed: status = RDN_ERROR_ENCODE
        case .blank: status = RDN_ERROR_BLANK
        }
        self.init(status, error.description)
    }

    /// RDN_ERROR_UNSUPPORTED for an output format Rendition does not write, else
    /// RDN_ERROR_INVALID_ARGUMENT, with the sentence every face gives for a settings error.
    init(_ error: SettingsError) {
        self.init(
            error.kind == .unsupported ? RDN_ERROR_UNSUPPORTED : RDN_ERROR_INVALID_ARGUMENT,
            error.message(on: .library))
    }

    /// RDN_ERROR_IO for a file error.
    init(_ error: FileError) {
        self.init(RDN_ERROR_IO, error.description)
    }
}

/// Runs the body of a C entry point: clears `*error`, and turns a thrown `CFailure` into its
/// status and, when the caller asked for it, a new `rdn_error`.
func reportingErrors(_ errorOut: UnsafeMutablePointer<OpaquePointer?>?, _ body: () throws(CFailure) -> Void)
    -> rdn_status
{
    errorOut?.pointee = nil
    do {
        try body()
        return RDN_OK
    } catch let failure {
        errorOut?.pointee = ErrorBox.make(failure)
        return failure.status
    }
}

/// Throws RDN_ERROR_INVALID_ARGUMENT naming `name` when `pointer` is NULL, else returns it.
func required<T>(_ pointer: T?, _ name: String) throws(CFailure) -> T {
    guard let pointer else { throw .invalidArgument("\(name) is NULL") }
    return pointer
}
