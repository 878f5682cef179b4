import Foundation
import HTTPTypes
import NIOCore
import RenditionTestSupport
import Testing

/// A platform asked for and not made is said: in the response's headers when other packs were
/// made, as a 422 when none was.
@Suite("Server: packs not made are named")
struct PackOutcomeTests {
    static func form(_ count: Int) throws -> (body: ByteBuffer, contentType: String) {
        let names = ["1F195.png", "002D.png", "1F1E7-1F1F2.png"]
        return ServerTest.multipart(
            try names.prefix(count).map { ("sticker", $0, try Fixtures.bytes("stickers/openmoji-618/\($0)")) })
    }

    @Test("Two stickers for WhatsApp and Telegram: Telegram's pack, WhatsApp named with its reason")
    func someRefused() async throws {
        let server = try ServerTest.server()
        let form = try Self.form(2)
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/packs?platform=whatsapp,telegram", method: .post,
                headers: [.contentType: form.contentType], body: form.body)
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("Rendition-Packs-Made")!] == "telegram")
            #expect(response.headers[HTTPField.Name("Rendition-Packs-Refused")!] == "whatsapp")
            let problems = try #require(response.headers[HTTPField.Name("Rendition-Pack-Problems")!])
            let reasons = try #require(
                try JSONSerialization.jsonObject(with: Data(problems.utf8)) as? [String: String])
            #expect(reasons["whatsapp"]?.contains("at least 3") == true)
            let entries = try ZipReader.entries(ServerTest.bytes(response))
            #expect(entries.keys.contains { $0.hasPrefix("telegram/") })
            #expect(!entries.keys.contains { $0.hasPrefix("whatsapp/") })
        }
    }

    @Test("One sticker for WhatsApp only: no pack is made, 422 saying why")
    func noneMade() async throws {
        let server = try ServerTest.server()
        let form = try Self.form(1)
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/packs?platform=whatsapp", method: .post,
                headers: [.contentType: form.contentType], body: form.body)
            #expect(response.status == .unprocessableContent)
            let json = try ServerTest.json(response)
            #expect(json["type"] as? String == "invalid-pack")
            #expect((json["error"] as? String)?.hasPrefix("no pack was made: whatsapp:") == true)
        }
    }
}
