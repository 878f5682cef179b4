import CRendition
import Glibc

/// What an `rdn_error *` points to: the status and a C copy of the message, freed with the box.
final class ErrorBox {
    /// The failure's status.
    let status: rdn_status
    /// NUL-terminated UTF-8 message, owned by this box.
    let message: UnsafeMutablePointer<CChar>

    private init(status: rdn_status, message: UnsafeMutablePointer<CChar>) {
        self.status = status
        self.message = message
    }

    deinit { free(message) }

    /// A new retained box for `failure` as an opaque pointer; `nil` when even the message
    /// cannot be allocated (the caller still gets the status).
    static func make(_ failure: CFailure) -> OpaquePointer? {
        guard let message = CStrings.duplicate(failure.message) else { return nil }
        return OpaquePointer(Unmanaged.passRetained(ErrorBox(status: failure.status, message: message)).toOpaque())
    }

    /// The box behind a pointer from `make`, not retained.
    static func borrow(_ pointer: OpaquePointer) -> ErrorBox {
        Unmanaged<ErrorBox>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// Releases the box behind a pointer from `make`.
    static func release(_ pointer: OpaquePointer) {
        Unmanaged<ErrorBox>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }
}

/// `rdn_error_status`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_error_status(_ error: OpaquePointer?) -> rdn_status {
    guard let error else { return RDN_OK }
    return ErrorBox.borrow(error).status
}

/// `rdn_error_message`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_error_message(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let error else { return CStrings.literal("") }
    return UnsafePointer(ErrorBox.borrow(error).message)
}

/// `rdn_error_free`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_error_free(_ error: OpaquePointer?) {
    guard let error else { return }
    ErrorBox.release(error)
}

/// `rdn_status_name`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_status_name(_ status: rdn_status) -> UnsafePointer<CChar>? {
    switch status {
    case RDN_OK: CStrings.literal("RDN_OK")
    case RDN_ERROR_INVALID_ARGUMENT: CStrings.literal("RDN_ERROR_INVALID_ARGUMENT")
    case RDN_ERROR_UNRECOGNIZED_FORMAT: CStrings.literal("RDN_ERROR_UNRECOGNIZED_FORMAT")
    case RDN_ERROR_CORRUPT: CStrings.literal("RDN_ERROR_CORRUPT")
    case RDN_ERROR_UNSUPPORTED: CStrings.literal("RDN_ERROR_UNSUPPORTED")
    case RDN_ERROR_LIMIT_EXCEEDED: CStrings.literal("RDN_ERROR_LIMIT_EXCEEDED")
    case RDN_ERROR_IO: CStrings.literal("RDN_ERROR_IO")
    case RDN_ERROR_OUT_OF_MEMORY: CStrings.literal("RDN_ERROR_OUT_OF_MEMORY")
    case RDN_ERROR_ENCODE: CStrings.literal("RDN_ERROR_ENCODE")
    case RDN_ERROR_INTERNAL: CStrings.literal("RDN_ERROR_INTERNAL")
    case RDN_ERROR_BLANK: CStrings.literal("RDN_ERROR_BLANK")
    default: CStrings.literal("RDN_STATUS_UNKNOWN")
    }
}
