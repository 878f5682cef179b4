import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written without waiting for the disk, made durable together once a batch is done.
///
/// A batch writes each file with `AtomicFile.write(_:to:deferringFlushTo:)`, which records its
/// path here, and calls `flush()` at the end: each recorded file is flushed (`fsync`), then
/// each distinct folder once, so that the files' contents and their names both survive a power
/// cut. Only the files of the batch are touched, never the rest of the machine (no `sync`).
/// Until the flush, a killed process still leaves only complete files: every write is atomic.
///
/// Safe to share between the threads of a batch.
package final class PendingFlush: Sendable {
    private let paths: Mutex<[String]> = Mutex([])

    /// An empty record.
    package init() {}

    /// The files recorded and not flushed yet, in the order they were written (a path written
    /// twice appears twice).
    package var pendingPaths: [String] { paths.withLock { $0 } }

    /// Records `path`, a file just written and renamed into place, for the next `flush()`.
    package func record(_ path: String) {
        paths.withLock { $0.append(path) }
    }

    /// Flushes every recorded file, then every folder holding one, and empties the record.
    ///
    /// A file or folder that no longer exists is left out (it was removed or renamed since,
    /// so there is nothing of this batch to flush). On the first failure the remaining files
    /// and folders are still flushed, then that failure is thrown; the record is empty either
    /// way.
    package func flush() throws(FileError) {
        let taken = paths.withLock { taken in
            defer { taken = [] }
            return taken
        }
        var failure: FileError?
        var seenFiles = Set<String>()
        var folders: [String] = []
        var seenFolders = Set<String>()
        for path in taken where seenFiles.insert(path).inserted {
            if let error = Self.flushFile(path), failure == nil { failure = error }
            let folder = AtomicFile.folder(of: path)
            if seenFolders.insert(folder).inserted { folders.append(folder) }
        }
        for folder in folders {
            if let error = Self.flushFolder(folder), failure == nil { failure = error }
        }
        if let failure { throw failure }
    }

    /// Flushes the file at `path` (not following a symbolic link); the error, if any.
    static func flushFile(_ path: String) -> FileError? {
        flush(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, operation: "flush")
    }

    /// Flushes the folder at `path`, which makes the names created or replaced in it durable;
    /// the error, if any.
    static func flushFolder(_ path: String) -> FileError? {
        flush(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, operation: "flush the folder")
    }

    private static func flush(_ path: String, flags: Int32, operation: String) -> FileError? {
        let fd = open(path, flags)
        if fd < 0 {
            // Gone, or replaced by a link or a special file: nothing this batch wrote is there.
            return errno == ENOENT || errno == ELOOP || errno == ENXIO
                ? nil : FileError(path: path, operation: operation, errno: errno)
        }
        defer { close(fd) }
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            // EINVAL: a file system that cannot flush this kind of file (some do not flush folders).
            return errno == EINVAL ? nil : FileError(path: path, operation: operation, errno: errno)
        }
        return nil
    }
}
