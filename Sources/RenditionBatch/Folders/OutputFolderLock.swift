#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lets several processes render into one output folder at once (shards of a job array,
/// workers of a cluster) without undoing each other's work.
///
/// Every batch holds a shared `flock` on `OUTDIR/.rendition-manifest.lock` while it writes.
/// Two things are done only by a batch that can take the lock exclusively, that is, when no
/// other writer is at work: removing temporary files left by killed writers (another
/// writer's temporaries are its files in flight), and compacting the manifest (a rewrite
/// would drop lines that others append meanwhile). Otherwise the manifest only grows by
/// appended lines, and the last batch to finish compacts it. A killed process's lock goes
/// with it. When the lock file cannot be created or locked (a read-only folder, a file
/// system without locks), the batch behaves as if it were alone.
package final class OutputFolderLock {
    /// The lock file's name inside the output folder.
    package static let fileName = ".rendition-manifest.lock"

    /// The lock file, or nil when locking is not available (or after `release`).
    private var descriptor: Int32?
    /// Whether `release` ran.
    private var released = false

    /// Opens the lock of `directory` (which must exist) and takes it shared; `whenAlone` runs
    /// first if no other writer holds it.
    package init(directory: String, whenAlone: () -> Void) {
        let fd = open("\(directory)/\(Self.fileName)", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            whenAlone()
            return
        }
        switch Self.lock(fd, LOCK_EX | LOCK_NB) {
        case .taken: whenAlone()
        case .heldByOthers: break
        case .unavailable:
            close(fd)
            whenAlone()
            return
        }
        // A conversion to shared, or a wait while another batch tidies up alone.
        guard Self.lock(fd, LOCK_SH) == .taken else {
            close(fd)
            return
        }
        descriptor = fd
    }

    /// Runs `body` when no other writer holds the lock (or locking is not available), then
    /// releases the lock; later calls do nothing.
    package func release(whenAlone body: () -> Void) {
        guard !released else { return }
        released = true
        guard let fd = descriptor else {
            body()
            return
        }
        // flock converts by unlocking first: after a refused upgrade no lock is held, which
        // is what a finished batch wants.
        if Self.lock(fd, LOCK_EX | LOCK_NB) != .heldByOthers { body() }
        close(fd)
        descriptor = nil
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    private enum Outcome { case taken, heldByOthers, unavailable }

    private static func lock(_ descriptor: Int32, _ operation: Int32) -> Outcome {
        while flock(descriptor, operation) != 0 {
            if errno == EINTR { continue }
            return errno == EWOULDBLOCK ? .heldByOthers : .unavailable
        }
        return .taken
    }
}
