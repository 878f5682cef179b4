import Foundation
import Hummingbird
import RenditionCore
import RenditionPipeline
import RenditionServer
import RenditionTestSupport
import Testing

@Suite("Server: GET /v1/stickers")
struct StickerRouteTests {
    @Test("Server: a rendition has the bytes StickerRenderer makes from the same master")
    func renditionBytesMatchRenderer() async throws {
        let masters = try ServerTest.mastersFolder(["smile.png": ServerTest.stillMaster])
        defer { try? FileManager.default.removeItem(atPath: masters) }
        let expected = try StickerRenderer().render(try Fixtures.bytes(ServerTest.stillMaster))
        let server = try ServerTest.server(masters: masters)
        try await ServerTest.withClient(server) { client in
            for rendition in expected {
                let response = try await client.execute(
                    uri: "/v1/stickers/smile\(rendition.scale.suffix).png", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(response.headers[.eTag] != nil)
                #expect(ServerTest.bytes(response) == rendition.bytes)
            }
        }
    }

    @Test("Server: If-None-Match with the ETag is a 304, and the second request comes from the cache")
    func etagAndCache() async throws {
        let masters = try ServerTest.mastersFolder(["smile@3x.png": ServerTest.stillMaster])
        defer { try? FileManager.default.removeItem(atPath: masters) }
        let cacheFolder = try TemporaryFolder.make("rendition-serve-cache")
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
        let server = try ServerTest.server(masters: masters) { $0.cacheFolder = cacheFolder }
        try await ServerTest.withClient(server) { client in
            let first = try await client.execute(uri: "/v1/stickers/smile@1x.png", method: .get)
            #expect(first.status == .ok)
            let etag = try #require(first.headers[.eTag])
            let second = try await client.execute(uri: "/v1/stickers/smile@1x.png", method: .get)
            #expect(ServerTest.bytes(second) == ServerTest.bytes(first))
            #expect(second.headers[.eTag] == etag)
            let notModified = try await client.execute(
                uri: "/v1/stickers/smile@1x.png", method: .get, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            let other = try await client.execute(
                uri: "/v1/stickers/smile@1x.png", method: .get, headers: [.ifNoneMatch: "\"something-else\""])
            #expect(other.status == .ok)
            let metrics = String(
                decoding: ServerTest.bytes(try await client.execute(uri: "/metrics", method: .get)), as: UTF8.self)
            #expect(metrics.contains("rendition_cache_hits_total 3"))
            #expect(metrics.contains("rendition_cache_misses_total 1"))
            #expect(metrics.contains("rendition_renders_total{kind=\"rendition\"} 1"))
        }
        // The disk cache holds the rendition under its content address.
        let stored = try FileManager.default.subpathsOfDirectory(atPath: cacheFolder).filter { $0.hasSuffix(".png") }
        #expect(stored.count == 1)
        // A new server with the same cache folder serves it without rendering.
        let again = try ServerTest.server(masters: masters) { $0.cacheFolder = cacheFolder }
        try await ServerTest.withClient(again) { client in
            let response = try await client.execute(uri: "/v1/stickers/smile@1x.png", method: .get)
            #expect(response.status == .ok)
            let metrics = String(
                decoding: ServerTest.bytes(try await client.execute(uri: "/metrics", method: .get)), as: UTF8.self)
            #expect(metrics.contains("rendition_cache_hits_total 1"))
            #expect(!metrics.contains("rendition_renders_total{"))
        }
    }

    @Test("Server: unknown names and extensions are 404")
    func unknownNames() async throws {
        let masters = try ServerTest.mastersFolder(["smile.png": ServerTest.stillMaster])
        defer { try? FileManager.default.removeItem(atPath: masters) }
        let server = try ServerTest.server(masters: masters)
        try await ServerTest.withClient(server) { client in
            for uri in [
                "/v1/stickers/frown@2x.png", "/v1/stickers/smile@4x.png", "/v1/stickers/smile@2x.bmp",
                "/v1/stickers/smile.png",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(try ServerTest.json(response)["type"] as? String == "not-found", "\(uri)")
            }
        }
    }

    @Test("Server: names that leave the masters folder are refused (.., absolute, NUL, symlink out)")
    func pathEscapes() async throws {
        let masters = try ServerTest.mastersFolder(["smile.png": ServerTest.stillMaster])
        defer { try? FileManager.default.removeItem(atPath: masters) }
        // A master outside the folder, and a link to it inside.
        let outside = try ServerTest.mastersFolder(["secret.png": ServerTest.stillMaster])
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(
            atPath: "\(masters)/escape.png", withDestinationPath: "\(outside)/secret.png")
        try FileManager.default.createSymbolicLink(
            atPath: "\(masters)/inside.png", withDestinationPath: "\(masters)/smile.png")
        let server = try ServerTest.server(masters: masters)
        let outsideName = (outside as NSString).lastPathComponent
        try await ServerTest.withClient(server) { client in
            let refused = [
                "/v1/stickers/..%2F\(outsideName)%2Fsecret@2x.png",
                "/v1/stickers/%2E%2E%2F\(outsideName)%2Fsecret@2x.png",
                "/v1/stickers/\(outside.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)%2Fsecret@2x.png",
                "/v1/stickers/smile%00@2x.png",
                "/v1/stickers/..@2x.png",
                "/v1/stickers/.hidden@2x.png",
            ]
            for uri in refused {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
            }
            let link = try await client.execute(uri: "/v1/stickers/escape@2x.png", method: .get)
            #expect(link.status == .notFound)
            let traversal = try await client.execute(uri: "/v1/stickers/../etc/passwd", method: .get)
            #expect(traversal.status == .notFound)
            // A link that stays inside the folder is fine.
            let inside = try await client.execute(uri: "/v1/stickers/inside@2x.png", method: .get)
            #expect(inside.status == .ok)
        }
    }

    @Test("Server: without --masters every sticker is 404")
    func noMasters() async throws {
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(uri: "/v1/stickers/smile@2x.png", method: .get)
            #expect(response.status == .notFound)
        }
    }
}
