import Foundation
import Hummingbird
import NIOCore
import RenditionTestSupport
import Testing

@testable import RenditionServer

@Suite("Server: headers and errors")
struct ResponseHeaderTests {
    @Test("The page's files carry a strict CSP, nosniff and an ETag; If-None-Match is 304")
    func pageHeaders() async throws {
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            for path in ["/", "/app.js", "/style.css", "/openapi.json"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("default-src 'self'"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                let etag = try #require(response.headers[.eTag])
                let again = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified)
            }
        }
    }

    @Test("Unknown routes are 404 JSON with its Content-Type and the same headers")
    func unknownRoutes() async throws {
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            for (path, method) in [
                ("/no/such/route", HTTPRequest.Method.get), ("/v2/render", .post), ("/%2e%2e/etc", .get),
            ] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(try ServerTest.json(response)["type"] as? String == "not-found")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test("Temporary folders of processes that are gone are removed when a server starts")
    func staleFolders() throws {
        let base = TemporaryFolder.base
        // A process id that is not running: a child that has exited and been reaped.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let stale = "\(base)/\(TemporaryFolder.prefix)\(child.processIdentifier)-abc123"
        let live = "\(base)/\(TemporaryFolder.prefix)\(getpid())-keep12"
        for folder in [stale, live] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        }
        defer { try? FileManager.default.removeItem(atPath: live) }
        _ = try ServerTest.server()
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}
