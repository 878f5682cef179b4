#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX file helpers (reading whole files, creating folders, listing).
package enum FileSystem {
    /// Reads a whole regular file, or only its first `maxBytes + 1` bytes when it is longer
    /// than `maxBytes` (so that the caller can tell, without reading or holding more).
    ///
    /// Only regular files are read, checked on the opened file itself: a folder, a FIFO, a
    /// device (`/dev/zero`), a socket is refused with a `FileError` saying what it is. The
    /// open does not wait for a FIFO's writer. A path with a NUL character is refused.
    package static func read(_ path: String, upTo maxBytes: Int = Int.max - 1) throws(FileError) -> [UInt8] {
        guard !path.utf8.contains(0) else {
            throw FileError(path: path, operation: "open", reason: "the name contains a NUL character")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, operation: "inspect", errno: errno) }
        if let kind = kind(of: info.st_mode) {
            throw FileError(path: path, operation: "read", reason: "it is \(kind), not a regular file")
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw FileError(path: path, operation: "read", errno: errno)
        }
        let cap = maxBytes < Int.max ? max(maxBytes, 0) + 1 : Int.max
        // Room for the whole file and one byte more, which finds its end in the same pass; the
        // buffer grows only for a file that grows while it is read.
        var bytes = [UInt8](repeating: 0, count: min(cap, max(Int(info.st_size), 0) + 1))
        var count = 0
        while count < cap {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(cap - count, max(count, 65_536))))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: "read", errno: errno)
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// What a file that is not a regular file is, for messages (`a FIFO`); `nil` for a
    /// regular file.
    static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "an unknown kind of file"
        }
    }

    /// Whether `path` names a folder.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The size in bytes of the file at `path`, or `nil` when there is none.
    package static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Whether something exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Creates `path` and its missing parents.
    package static func createDirectory(_ path: String) throws(FileError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw FileError(path: current, operation: "create folder", errno: errno)
            }
        }
        guard isDirectory(path) else {
            throw FileError(path: path, operation: "create folder", reason: "a file is in the way")
        }
    }

    /// The names in a folder (not `.` or `..`), sorted.
    package static func contents(of path: String) throws(FileError) -> [String] {
        guard let dir = opendir(path) else { throw FileError(path: path, operation: "list", errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
