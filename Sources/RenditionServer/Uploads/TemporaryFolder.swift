import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private folder under the system's temporary folder for one job's files (uploads staged
/// for a pack, a preview's input), removed with everything in it when the job ends.
///
/// Its name carries the process's id, `rendition-serve-PID-XXXXXX`, so that folders a killed
/// process left behind can be told from those of processes still running: the server removes
/// a worker's folders when the worker ends, and every stale folder when it starts.
struct TemporaryFolder: Sendable {
    /// The folder's path.
    let path: String

    /// The prefix of every folder's name.
    static let prefix = "rendition-serve-"

    /// The system's temporary folder (`TMPDIR`, else `/tmp`).
    static var base: String { FileManager.default.temporaryDirectory.path }

    /// Creates a new, empty folder readable only by this user.
    init() throws(ServerError) {
        let base = Self.base
        var template = Array("\(base)/\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard let created else { throw .internalError("cannot create a temporary folder for the job") }
        path = String(cString: created)
    }

    /// Removes the folder and its contents; failures are ignored (nothing can be done).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the folders of `pid` (a worker that has ended), or of every process that is no
    /// longer running when `pid` is nil; returns how many were removed.
    @discardableResult
    static func removeLeftovers(of pid: pid_t? = nil) -> Int {
        let base = Self.base
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let owner = pid_t(rest[..<dash]) else { continue }
            if let pid {
                guard owner == pid else { continue }
            } else {
                // Signal 0 asks whether the process exists; EPERM means it does (another user's).
                guard owner > 0, kill(owner, 0) != 0, errno == ESRCH else { continue }
            }
            if (try? FileManager.default.removeItem(atPath: "\(base)/\(name)")) != nil { removed += 1 }
        }
        return removed
    }
}
