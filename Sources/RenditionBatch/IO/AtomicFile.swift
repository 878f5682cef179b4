#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that readers only ever see the old file or the complete new one: the bytes
/// go to a temporary file in the same folder, then are renamed into place. A failure (or a
/// kill) leaves no partial file under the final name.
///
/// A durable write (the default) also survives a power cut: the file is flushed (`fsync`)
/// before the rename and its folder after it. A batch instead writes each file with
/// `write(_:to:deferringFlushTo:)` and flushes them all with `PendingFlush.flush()` at the end,
/// which waits for the disk once per batch rather than twice per file. Nothing here flushes the
/// whole machine (`sync`).
///
/// On Linux a new file is first written as an unnamed file in its folder (`O_TMPFILE`) and
/// linked under its name once complete: one change to the folder instead of a create and a
/// rename, and nothing at all left behind by a kill. Creating 2,000 files from 2 threads in
/// one folder on ext4 took 0.5-0.85 s that way against 1.0-1.2 s with a named temporary file.
/// Where the name already exists, the file system lacks `O_TMPFILE` or `/proc` is missing, the
/// named temporary file and rename are used.
package enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any existing file, durably: the file is flushed to
    /// disk before the rename and its folder after it, so even a power cut leaves the old or the
    /// new file. A batch writes with `write(_:to:deferringFlushTo:)` and flushes once at its end.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try place(bytes, at: path, flushing: true)
    }

    /// Writes `bytes` to `path`, replacing any existing file, without waiting for the disk, and
    /// records `path` in `pending`, whose `flush()` makes it durable. A killed process never
    /// leaves a partial file (the rename is atomic); a power cut before the flush may lose it.
    package static func write(
        _ bytes: [UInt8], to path: String, deferringFlushTo pending: PendingFlush
    ) throws(FileError) {
        try place(bytes, at: path, flushing: false)
        pending.record(path)
    }

    /// Writes `bytes` under `path` atomically; when `flushing`, flushes the file before it gets
    /// its name and the folder after.
    private static func place(_ bytes: [UInt8], at path: String, flushing: Bool) throws(FileError) {
        if try !writeUnnamed(bytes, to: path, durable: flushing) {
            try writeNamed(bytes, to: path, durable: flushing)
        }
        if flushing, let failure = PendingFlush.flushFolder(folder(of: path)) { throw failure }
    }

    /// Writes `bytes` to a named temporary file beside `path` and renames it to `path`.
    private static func writeNamed(_ bytes: [UInt8], to path: String, durable: Bool) throws(FileError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder(of: path))/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: path, operation: "create a temporary file for", errno: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = fill(fd, with: bytes, path: path, durable: durable)
        close(fd)
        if failure == nil, rename(temporary, path) != 0 {
            failure = FileError(path: path, operation: "rename into", errno: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// The folder `path` names a file in: "." for a bare name, "/" for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes `bytes` to the open file `fd`, sets its permissions to 0644 and, when `durable`,
    /// flushes it; the error, if any.
    private static func fill(_ fd: Int32, with bytes: [UInt8], path: String, durable: Bool) -> FileError? {
        var failure = DescriptorIO.writeAll(bytes, to: fd).map {
            FileError(path: path, operation: "write", errno: $0)
        }
        if failure == nil, fchmod(fd, 0o644) != 0 {
            failure = FileError(path: path, operation: "set permissions on", errno: errno)
        }
        if failure == nil, durable, fsync(fd) != 0 { failure = FileError(path: path, operation: "flush", errno: errno) }
        return failure
    }

    /// Glibc's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import; nil where
    /// its value is not the generic one.
    private static let openUnnamedFlag: Int32? = {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            return 0o20000000 | O_DIRECTORY
        #else
            return nil
        #endif
    }()

    /// Writes `bytes` as an unnamed file in `path`'s folder and links it under `path`. Returns
    /// false, having changed nothing, when that is not possible here (no `O_TMPFILE`, no
    /// `/proc`, or `path` exists); throws when writing the data fails.
    private static func writeUnnamed(_ bytes: [UInt8], to path: String, durable: Bool) throws(FileError) -> Bool {
        guard let flag = openUnnamedFlag, access(path, F_OK) != 0 else { return false }
        let fd = open(folder(of: path), flag | O_WRONLY | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if let failure = fill(fd, with: bytes, path: path, durable: durable) { throw failure }
        return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    }
}

extension AtomicFile {
    /// Removes temporary files that a killed writer left in `directory` (names
    /// `.NAME.tmp-XXXXXX`); returns how many were removed.
    @discardableResult
    package static func removeStaleTemporaries(in directory: String) -> Int {
        guard let names = try? FileSystem.contents(of: directory) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".") && name.dropLast(6).hasSuffix(".tmp-") {
            if unlink("\(directory)/\(name)") == 0 { removed += 1 }
        }
        return removed
    }
}
