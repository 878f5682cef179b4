import Foundation

/// A private folder under the system's temporary folder for one request's files (uploads
/// staged for a pack, a preview's input), removed with everything in it when the request ends.
struct TemporaryFolder: Sendable {
    /// The folder's path.
    let path: String

    /// Creates a new, empty folder readable only by this user.
    init() throws(ServerError) {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/rendition-serve-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard let created else { throw .internalError("cannot create a temporary folder in \(base)") }
        path = String(cString: created)
    }

    /// Removes the folder and its contents; failures are ignored (nothing can be done).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
