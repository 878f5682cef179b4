import Foundation
import NIOCore
import RenditionPack
import RenditionTestSupport
import Testing

@testable import RenditionServer

/// A pack's configuration names only files of its own upload.
@Suite("Server: uploads name nothing on disk")
struct PackReferenceTests {
    static let sticker = ServerTest.stillMaster

    static func parts(configuration: String, name: String = "pack.json") throws -> [MultipartPart] {
        [
            MultipartPart(name: "sticker", filename: "cat.png", contentType: nil, bytes: try Fixtures.bytes(sticker)),
            MultipartPart(name: "sticker", filename: "Dog.PNG", contentType: nil, bytes: try Fixtures.bytes(sticker)),
            MultipartPart(name: "config", filename: name, contentType: nil, bytes: Array(configuration.utf8)),
        ]
    }

    @Test(
        "A reference outside the upload is 422 naming its key",
        arguments: [
            (#"{"stickers":[{"file":"../../../../etc/hostname"}]}"#, "stickers[0].file"),
            (#"{"stickers":[{"file":"cat.png"},{"file":"/dev/zero"}]}"#, "stickers[1].file"),
            (#"{"icon":"/proc/self/environ"}"#, "icon"),
            (#"{"tray":"fifo"}"#, "tray"),
            (#"{"tray":"sub/cat.png"}"#, "tray"),
            (#"{"tray":"..\\cat.png"}"#, "tray"),
        ])
    func refused(configuration: String, key: String) throws {
        let parts = try Self.parts(configuration: configuration)
        do throws(ServerError) {
            _ = try PackUpload(parts: parts)
            Issue.record("admitted \(configuration)")
        } catch {
            #expect(error.status == .unprocessableContent)
            #expect(error.type == "invalid-pack")
            #expect(error.message.contains(key))
            #expect(!error.message.contains("/tmp"))
        }
    }

    @Test("YAML configurations are checked the same way")
    func yaml() throws {
        #expect(throws: ServerError.self) {
            try PackUpload(parts: try Self.parts(configuration: "icon: /etc/passwd\n", name: "pack.yaml"))
        }
    }

    @Test("References by the client's file name become the staged names in a canonical pack.json")
    func canonical() throws {
        let upload = try PackUpload(
            parts: try Self.parts(
                configuration: #"{"stickers":[{"file":"dog.png"},{"file":"CAT.png"}],"tray":"Dog.PNG"}"#))
        let configuration = try JSONDecoder().decode(
            PackConfiguration.self, from: Data(try #require(upload.configuration)))
        #expect(configuration.stickers?.map(\.file) == ["Dog.png", "cat.png"])
        #expect(configuration.tray == "Dog.png")
        #expect(upload.stickers.map(\.name) == ["cat.png", "Dog.png"])
    }

    @Test("Property: a reference is admitted exactly when it is the name of an uploaded sticker")
    func property() throws {
        var random = SplitMix64(seed: 0x5eed_2026)
        let pieces = ["..", ".", "cat.png", "dog.png", "Dog.PNG", "/", "\\", "etc", "dev", "zero", "%2e%2e", "", "~"]
        let sent: Set<String> = ["cat.png", "dog.png"]
        for _ in 0..<500 {
            let count = Int(random.next() % 4) + 1
            let reference = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let json = String(
                decoding: try JSONEncoder().encode(["tray": reference]), as: UTF8.self)
            let admitted = (try? PackUpload(parts: try Self.parts(configuration: json))) != nil
            #expect(admitted == sent.contains(reference.lowercased()), "\(reference)")
        }
    }

    @Test("Over HTTP: the refusal is JSON naming the key, and a good pack's report carries no server path")
    func overHTTP() async throws {
        let server = try ServerTest.server()
        let sticker = try Fixtures.bytes(Self.sticker)
        try await ServerTest.withClient(server) { client in
            let bad = ServerTest.multipart([
                ("sticker", "cat.png", sticker), ("config", "pack.json", Array(#"{"icon":"../../etc/hostname"}"#.utf8)),
            ])
            let refused = try await client.execute(
                uri: "/v1/packs?platform=telegram", method: .post, headers: [.contentType: bad.contentType],
                body: bad.body)
            #expect(refused.status == .unprocessableContent)
            let text = String(decoding: ServerTest.bytes(refused), as: UTF8.self)
            #expect(text.contains("icon"))
            #expect(!text.contains(NSTemporaryDirectory()))
            #expect(!text.contains("No such file"))
            let good = ServerTest.multipart([
                ("sticker", "cat.png", sticker), ("sticker", "dog.png", sticker),
                ("config", "pack.json", Array(#"{"tray":"cat.png"}"#.utf8)),
            ])
            let made = try await client.execute(
                uri: "/v1/packs?platform=telegram", method: .post, headers: [.contentType: good.contentType],
                body: good.body)
            #expect(made.status == .ok)
            let entries = try ZipReader.entries(ServerTest.bytes(made))
            let report = String(decoding: try #require(entries["pack-report.json"]), as: UTF8.self)
            #expect(!report.contains("rendition-serve-"))
            #expect(!report.contains(NSTemporaryDirectory()))
        }
    }
}
