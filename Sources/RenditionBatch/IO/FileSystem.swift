#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX file helpers (reading whole files, creating folders, listing).
package enum FileSystem {
    /// Reads a whole file, or only its first `maxBytes + 1` bytes when it is longer than
    /// `maxBytes` (so that the caller can tell, without holding an unbounded file — or a
    /// device such as `/dev/zero` — in memory).
    package static func read(_ path: String, upTo maxBytes: Int = Int.max - 1) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, operation: "inspect", errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, operation: "read", reason: "it is a folder")
        }
        let cap = maxBytes + 1
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(Int(info.st_size), cap))
        var chunk = [UInt8](repeating: 0, count: max(65_536, min(Int(info.st_size) + 1, cap)))
        while bytes.count < cap {
            let wanted = min(chunk.count, cap - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, wanted) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: "read", errno: errno)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
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
