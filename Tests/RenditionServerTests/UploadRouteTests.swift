import Foundation
import Hummingbird
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack
import RenditionPipeline
import RenditionServer
import RenditionTestSupport
import Testing

@Suite("Server: upload routes")
struct UploadRouteTests {
    @Test("Server: POST /v1/render?scale=2 answers StickerRenderer's @2x; without scale, a ZIP of @2x and @1x")
    func render() async throws {
        let master = try Fixtures.bytes(ServerTest.stillMaster)
        let expected = try StickerRenderer().render(master)
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let one = try await client.execute(
                uri: "/v1/render?scale=2", method: .post, body: ByteBuffer(bytes: master))
            #expect(one.status == .ok)
            #expect(one.headers[.contentType] == "image/png")
            #expect(ServerTest.bytes(one) == expected.first { $0.scale == .x2 }?.bytes)
            let zip = try await client.execute(
                uri: "/v1/render?name=new", method: .post, body: ByteBuffer(bytes: master))
            #expect(zip.status == .ok)
            #expect(zip.headers[.contentType] == "application/zip")
            let entries = try ZipReader.entries(ServerTest.bytes(zip))
            #expect(Set(entries.keys) == ["new@2x.png", "new@1x.png"])
            #expect(entries["new@2x.png"] == expected.first { $0.scale == .x2 }?.bytes)
            #expect(entries["new@1x.png"] == expected.first { $0.scale == .x1 }?.bytes)
            // A master named NAME@3x gives NAME@2x and NAME@1x, as `rendition render` names them.
            let named = ServerTest.multipart([("file", "cat@3x.png", master)])
            let cat = try await client.execute(
                uri: "/v1/render", method: .post, headers: [.contentType: named.contentType], body: named.body)
            #expect(Set(try ZipReader.entries(ServerTest.bytes(cat)).keys) == ["cat@2x.png", "cat@1x.png"])
            // The same through a multipart form.
            let form = ServerTest.multipart([("file", "smile.png", master)])
            let viaForm = try await client.execute(
                uri: "/v1/render?scale=1", method: .post, headers: [.contentType: form.contentType], body: form.body)
            #expect(ServerTest.bytes(viaForm) == expected.first { $0.scale == .x1 }?.bytes)
            // Scales are read by the one parser every face uses: @1x too, with its message.
            let suffixed = try await client.execute(
                uri: "/v1/render?scale=@1x", method: .post, body: ByteBuffer(bytes: master))
            #expect(ServerTest.bytes(suffixed) == expected.first { $0.scale == .x1 }?.bytes)
            let badScale = try await client.execute(
                uri: "/v1/render?scale=4", method: .post, body: ByteBuffer(bytes: master))
            #expect(badScale.status == .badRequest)
            #expect(String(decoding: ServerTest.bytes(badScale), as: UTF8.self).contains("scale 4 is not 1, 2 or 3"))
        }
    }

    @Test("Server: POST /v1/lint answers the lint JSON of the command line")
    func lint() async throws {
        let master = try Fixtures.bytes(ServerTest.stillMaster)
        let profile = try RenditionSettings.profile(named: AppleMessages.profileID)
        let report = StickerLinter(options: LintOptions(profile: profile)).lint(bytes: master, path: "smile.png")
        let expected = try LintDocument(reports: [report], profile: profile).json()
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/lint?name=smile.png", method: .post, body: ByteBuffer(bytes: master))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(String(decoding: ServerTest.bytes(response), as: UTF8.self) == expected)
            let unknown = try await client.execute(
                uri: "/v1/lint?profile=myspace", method: .post, body: ByteBuffer(bytes: master))
            #expect(unknown.status == .badRequest)
        }
    }

    @Test("Server: POST /v1/preview answers a PNG sheet")
    func preview() async throws {
        let master = try Fixtures.bytes(ServerTest.stillMaster)
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(uri: "/v1/preview", method: .post, body: ByteBuffer(bytes: master))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            let sheet = try PNGDecoder.decode(ServerTest.bytes(response))
            #expect(sheet.width > 618 && sheet.height > 618)
        }
    }

    @Test(
        "Server: POST /v1/packs takes ?name= and a pack.json part, as rendition pack takes a folder's name and its pack.json"
    )
    func packNameAndDescription() async throws {
        let sticker = try Fixtures.bytes("stickers/openmoji-618/1F195.png")
        let description = Array(#"{ "name": "Zoo Friends", "publisher": "Test" }"#.utf8)
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let named = ServerTest.multipart([("stickers", "1F195.png", sticker)])
            let response = try await client.execute(
                uri: "/v1/packs?platform=telegram&name=Party%20Animals", method: .post,
                headers: [.contentType: named.contentType], body: named.body)
            #expect(response.status == .ok)
            let entries = try ZipReader.entries(ServerTest.bytes(response))
            #expect(
                entries.keys.contains { $0.hasPrefix("telegram/") && $0.contains("Party") }, "\(entries.keys.sorted())")
            let described = ServerTest.multipart([
                ("stickers", "1F195.png", sticker), ("pack", "pack.json", description),
            ])
            let withJSON = try await client.execute(
                uri: "/v1/packs?platform=telegram", method: .post,
                headers: [.contentType: described.contentType], body: described.body)
            #expect(withJSON.status == .ok)
            let report = String(
                decoding: try ZipReader.entries(ServerTest.bytes(withJSON))["pack-report.json"] ?? [], as: UTF8.self)
            let set = try ZipReader.entries(ServerTest.bytes(withJSON)).first { $0.key.hasSuffix("set.json") }
            #expect(
                set.map { String(decoding: $0.value, as: UTF8.self).contains("Zoo Friends") } == true,
                "\(report.prefix(400))")
        }
    }

    @Test("Server: POST /v1/packs answers a ZIP with the platforms' folders and pack-report.json")
    func packs() async throws {
        let stickers = try ["1F195.png", "002D.png", "1F1E7-1F1F2.png"].map {
            (field: "stickers", filename: $0, bytes: try Fixtures.bytes("stickers/openmoji-618/\($0)"))
        }
        let form = ServerTest.multipart(stickers)
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/packs?platform=apple-messages,whatsapp,telegram", method: .post,
                headers: [.contentType: form.contentType], body: form.body)
            #expect(
                response.status == .ok, "\(String(decoding: ServerTest.bytes(response).prefix(300), as: UTF8.self))")
            #expect(response.headers[.contentType] == "application/zip")
            let entries = try ZipReader.entries(ServerTest.bytes(response))
            #expect(entries["pack-report.json"] != nil)
            #expect(entries.keys.contains { $0.hasPrefix("whatsapp/") })
            #expect(entries.keys.contains { $0.hasPrefix("telegram/") })
            #expect(entries.keys.contains { $0.hasPrefix("Stickers.xcstickers/") })
            #expect(!entries.keys.contains { $0.split(separator: "/").contains { $0.hasPrefix(".") } })
            let report =
                try JSONSerialization.jsonObject(with: Data(entries["pack-report.json"] ?? [])) as? [String: Any]
            #expect(report != nil)
            // The pack is called as the source folder would be: Stickers by default.
            #expect(entries.keys.contains { $0.hasPrefix("whatsapp/Stickers/") })
            // Unknown platforms and bodies that are not forms are refused before any work.
            let unknown = try await client.execute(
                uri: "/v1/packs?platform=myspace", method: .post, headers: [.contentType: form.contentType],
                body: form.body)
            #expect(unknown.status == .badRequest)
            let raw = try await client.execute(
                uri: "/v1/packs", method: .post, body: ByteBuffer(bytes: stickers[0].bytes))
            #expect(raw.status == .unsupportedMediaType)
        }
    }
}
