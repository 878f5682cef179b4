import RenditionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file-system operation that failed, with the path and the system's reason.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file concerned.
    public let path: String
    /// What was being done ("read", "write", ...).
    public let operation: String
    /// The system's explanation (from `strerror`).
    public let reason: String

    /// Creates an error from an `errno` value.
    package init(path: String, operation: String, errno code: Int32) {
        self.path = path
        self.operation = operation
        self.reason = String(cString: strerror(code))
    }

    /// Creates an error with a free-form reason.
    package init(path: String, operation: String, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// `could not OPERATION PATH: REASON`.
    public var description: String {
        "could not \(operation) \(path): \(StatedReason.stated(reason, otherwise: StatedReason.unstated))"
    }
}
