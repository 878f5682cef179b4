import Foundation
import RenditionBatch
import RenditionTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `FileSystem.read(_:upTo:)`, which every command reads its inputs with.
@Suite("Reading input files")
struct FileSystemReadTests {
    /// The error reading `path` throws, or `nil` when it reads.
    static func readError(_ path: String, upTo maxBytes: Int = 1_000) -> FileError? {
        do {
            _ = try FileSystem.read(path, upTo: maxBytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("reading stops after the input limit: a longer file gives its first limit + 1 bytes")
    func boundedRead() throws {
        let folder = try TemporaryFolder.make("rendition-read")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(seed: 7)
        let contents = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = folder + "/big.bin"
        try Data(contents).write(to: URL(fileURLWithPath: path))
        for limit in [0, 1, 1_000, 65_535, 65_536, 200_000, 299_999] {
            #expect(try FileSystem.read(path, upTo: limit) == Array(contents[0...limit]), "limit \(limit)")
        }
        for limit in [300_000, 300_001, 1 << 20, Int.max] {
            #expect(try FileSystem.read(path, upTo: limit) == contents, "limit \(limit)")
        }
        #expect(try FileSystem.read(path) == contents)
        try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
        #expect(try FileSystem.read(folder + "/empty", upTo: 10) == [])
        let whole = try FileSystem.read(Fixtures.path("gif/wuffs/muybridge.gif"), upTo: 1 << 20)
        #expect(whole == (try Fixtures.bytes("gif/wuffs/muybridge.gif")))
    }

    @Test("a file whose size the system does not say (/proc) is read to its end")
    func unsizedFile() throws {
        let text = try FileSystem.read("/proc/self/status")
        #expect(String(decoding: text, as: UTF8.self).contains("VmRSS:"))
    }

    @Test("a device is refused, not read: /dev/zero would never end")
    func device() throws {
        let error = try #require(Self.readError("/dev/zero"))
        #expect(error.description == "could not read /dev/zero: it is a character device, not a regular file")
    }

    @Test("a folder is refused")
    func folder() throws {
        let folder = try TemporaryFolder.make("rendition-read")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Self.readError(folder)?.description == "could not read \(folder): it is a folder, not a regular file")
    }

    @Test("a FIFO is refused at once, without waiting for a writer")
    func fifo() async throws {
        let folder = try TemporaryFolder.make("rendition-read")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/pipe.png"
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        let outcome = Task.detached { Self.readError(path) }
        // Should the open wait for a writer, a writer lets it go on so that the test ends; a
        // non-blocking open for writing succeeds only while a reader holds the FIFO open, so
        // it tells, whatever the machine's load, whether the read was waiting.
        let released = Task.detached { () -> Bool in
            try await Task.sleep(for: .seconds(10))
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            return fd >= 0
        }
        let error = await outcome.value
        released.cancel()
        let readerWasWaiting = (try? await released.value) ?? false
        #expect(!readerWasWaiting)
        #expect(error?.description == "could not read \(path): it is a FIFO, not a regular file")
    }

    @Test("a socket is refused")
    func socket() throws {
        let folder = try TemporaryFolder.make("rendition-read")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/socket"
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        // Linux refuses to open a socket (ENXIO); a system that opens it refuses it by its kind.
        let error = try #require(Self.readError(path))
        #expect(
            error.description == "could not open \(path): \(String(cString: strerror(ENXIO)))"
                || error.description == "could not read \(path): it is a socket, not a regular file", "\(error)")
    }

    @Test("a name with a NUL character is refused, not read cut short")
    func nulCharacter() throws {
        let error = try #require(Self.readError(Fixtures.path("gif/wuffs/muybridge.gif") + "\u{0}.png"))
        #expect(error.reason == "the name contains a NUL character")
    }
}
