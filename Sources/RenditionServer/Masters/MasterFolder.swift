import Foundation
import RenditionBatch
import RenditionCodecs
import Synchronization

/// What the server needs to know of a master without reading it again: its SHA-256 and format.
struct MasterIdentity: Sendable {
    /// The SHA-256 of its bytes, in hex.
    let hash: String
    /// Its format, or nil when the bytes are no known image.
    let format: ImageFormat?
}

/// The folder `GET /v1/stickers/...` renders from. A name is looked up strictly inside it:
/// names with separators, `..`, NUL or control characters, or a leading dot are refused
/// (400), and a file is used only when its real path (symbolic links resolved) is still inside
/// the folder's real path, so a link that leads out is as good as missing (404).
package final class MasterFolder: Sendable {
    /// The folder's real path.
    package let path: String
    /// The master file extensions tried for a name, in order: every registered format's
    /// (`FormatRegistry`), `.json` included.
    static let extensions = FormatRegistry.decoders.flatMap(\.fileExtensions)

    private struct Fingerprint: Hashable {
        let path: String
        let size: Int64
        let modified: Int64
        let inode: UInt64
    }
    /// Master hashes by file identity, so a cached rendition is found without rereading and
    /// hashing its master; a changed file gets a new hash.
    private let hashes = Mutex([Fingerprint: MasterIdentity]())
    /// The most master hashes remembered.
    static let maxRemembered = 100_000

    /// Opens the folder at `path`; throws when it is not a folder.
    package init(path: String) throws {
        guard let real = Self.realPath(path) else {
            throw ServerError.internalError("\(path): no such folder")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ServerError.internalError("\(path) is not a folder")
        }
        self.path = real
    }

    /// Checks a sticker name from a URL: it must be a plain file name.
    static func validate(name: String) throws(ServerError) {
        guard !name.isEmpty, name.utf8.count <= 200 else { throw .badRequest("the sticker name is empty or too long") }
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."),
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw ServerError(
                .badRequest, type: "bad-name",
                "sticker names are plain file names: no /, \\, leading dot or control characters")
        }
    }

    /// The real path of the master called `name` (NAME.EXT or NAME@3x.EXT in the folder).
    package func resolve(name: String) throws(ServerError) -> String {
        try Self.validate(name: name)
        for base in [name, "\(name)@3x"] {
            for fileExtension in Self.extensions {
                let candidate = "\(path)/\(base).\(fileExtension)"
                guard let real = Self.realPath(candidate), real.hasPrefix(path + "/") else { continue }
                var status = stat()
                guard stat(real, &status) == 0, status.st_mode & 0o170000 == 0o100000 else { continue }
                return real
            }
        }
        throw .notFound("no master called \(name)")
    }

    /// The SHA-256 and format of the file at `path` (read once per version of the file) and,
    /// when it was read now, its bytes (at most `maxBytes + 1` of them).
    func identity(of path: String, maxBytes: Int) throws(ServerError) -> (identity: MasterIdentity, bytes: [UInt8]?) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .notFound("the master went away") }
        let fingerprint = Fingerprint(
            path: path, size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            inode: UInt64(status.st_ino))
        if let known = hashes.withLock({ $0[fingerprint] }) { return (known, nil) }
        let bytes = try Self.read(path, maxBytes: maxBytes)
        let identity = MasterIdentity(hash: SHA256.hex(bytes), format: ImageFormat.sniff(bytes))
        hashes.withLock { hashes in
            // Old versions of files are never asked for again; start over rather than grow.
            if hashes.count >= Self.maxRemembered { hashes.removeAll(keepingCapacity: true) }
            hashes[fingerprint] = identity
        }
        return (identity, bytes)
    }

    /// The bytes of the file at `path`, at most `maxBytes + 1` of them. The error names the
    /// master by its file name only: the server's folders are nobody's business.
    static func read(_ path: String, maxBytes: Int) throws(ServerError) -> [UInt8] {
        do { return try FileSystem.read(path, upTo: maxBytes) } catch {
            let name = path.split(separator: "/").last.map(String.init) ?? "the master"
            throw .internalError("the master \(name) could not be read")
        }
    }

    /// The canonical path (`realpath(3)`), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
