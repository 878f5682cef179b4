import Foundation
import Hummingbird
import Logging
import RenditionServer
import RenditionTestSupport

/// Servers, requests and archives for the route tests.
enum ServerTest {
    /// A still master from the fixtures (618 px OpenMoji).
    static let stillMaster = "stickers/openmoji-618/1F195.png"

    /// A masters folder holding copies of `fixtures` under the given names.
    static func mastersFolder(_ files: [String: String]) throws -> String {
        let folder = try TemporaryFolder.make("rendition-serve-masters")
        for (name, fixture) in files {
            try Data(try Fixtures.bytes(fixture)).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        return folder
    }

    /// A server over `masters`, changed by `configure`.
    static func server(masters: String? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }) throws
        -> RenditionServer
    {
        var configuration = ServerConfiguration()
        configuration.mastersFolder = masters
        configuration.port = 0
        configuration.workers = 2
        // Jobs in worker processes, as `rendition serve` runs them.
        configuration.workerExecutable = BuiltTool.rendition.path
        configure(&configuration)
        // The access log only at warning and above, so test output stays readable.
        var logger = Logger(label: "rendition.serve.test")
        logger.logLevel = .warning
        return try RenditionServer(configuration: configuration, logger: logger)
    }

    /// Runs `body` with a client of `server` listening on a free loopback port (`LoopbackServer`).
    ///
    /// The client gives up on a response after 20 s. The whole suite runs its tests side by
    /// side on 2 cores, and there a request can wait that long for a thread; a body that meets
    /// that timeout is run once more, on a new listener of the same server.
    static func withClient<T: Sendable>(
        _ server: RenditionServer, _ body: @escaping @Sendable (LoopbackClient) async throws -> T
    ) async throws -> T {
        do {
            return try await LoopbackServer.serve(server.router().router, logger: server.logger, body)
        } catch LoopbackClient.Failure.timedOut {
            return try await LoopbackServer.serve(server.router().router, logger: server.logger, body)
        }
    }

    /// The bytes of a response body.
    static func bytes(_ response: LoopbackClient.Response) -> [UInt8] {
        Array(response.body.readableBytesView)
    }

    /// The JSON object of a response body.
    static func json(_ response: LoopbackClient.Response) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(bytes(response))) as? [String: Any] ?? [:]
    }

    /// A `multipart/form-data` body of `files` (field name, file name, bytes) and its content type.
    static func multipart(_ files: [(field: String, filename: String, bytes: [UInt8])]) -> (
        body: ByteBuffer, contentType: String
    ) {
        let boundary = "rendition-test-boundary-7d3f"
        var body: [UInt8] = []
        for file in files {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    .utf8)
            body += file.bytes
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (ByteBuffer(bytes: body), "multipart/form-data; boundary=\(boundary)")
    }
}

/// Reads the stored ZIP archives the server writes: name → bytes.
enum ZipReader {
    struct Malformed: Error {}

    static func entries(_ zip: [UInt8]) throws -> [String: [UInt8]] {
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard zip.count >= 22 else { throw Malformed() }
        let end = zip.count - 22
        guard u32(end) == 0x0605_4b50 else { throw Malformed() }
        let count = u16(end + 10)
        var position = u32(end + 16)
        var entries: [String: [UInt8]] = [:]
        for _ in 0..<count {
            guard u32(position) == 0x0201_4b50 else { throw Malformed() }
            let size = u32(position + 20)
            let nameLength = u16(position + 28)
            let extra = u16(position + 30)
            let comment = u16(position + 32)
            let offset = u32(position + 42)
            let name = String(decoding: zip[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            guard u32(offset) == 0x0403_4b50, u16(offset + 8) == 0 else { throw Malformed() }
            let dataStart = offset + 30 + u16(offset + 26) + u16(offset + 28)
            entries[name] = Array(zip[dataStart..<(dataStart + size)])
            position += 46 + nameLength + extra + comment
        }
        return entries
    }
}
