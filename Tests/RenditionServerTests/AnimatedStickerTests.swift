import Foundation
import Hummingbird
import RenditionCore
import RenditionPipeline
import RenditionServer
import RenditionTestSupport
import Testing

@Suite("Server: animated masters")
struct AnimatedStickerTests {
    static let gif = "gif/pillow/dispose_bgnd_transparency.gif"

    @Test("Server: an animated GIF master is served as GIF for .gif and as APNG for .png, with render's bytes")
    func animatedFormats() async throws {
        let masters = try ServerTest.mastersFolder(["anim.gif": Self.gif])
        defer { try? FileManager.default.removeItem(atPath: masters) }
        let master = try Fixtures.bytes(Self.gif)
        // `rendition render --format gif` and `--format apng` (auto keeps the GIF).
        let asGIF = try StickerRenderer(options: RenderOptions(scales: [.x2], format: .auto)).render(master)[0]
        let asAPNG = try StickerRenderer(options: RenderOptions(scales: [.x1], format: .apng)).render(master)[0]
        #expect(asGIF.fileExtension == "gif")
        let server = try ServerTest.server(masters: masters)
        try await ServerTest.withClient(server) { client in
            let gif = try await client.execute(uri: "/v1/stickers/anim@2x.gif", method: .get)
            #expect(gif.status == .ok)
            #expect(gif.headers[.contentType] == "image/gif")
            #expect(ServerTest.bytes(gif) == asGIF.bytes)
            let png = try await client.execute(uri: "/v1/stickers/anim@1x.png", method: .get)
            #expect(png.status == .ok)
            #expect(ServerTest.bytes(png) == asAPNG.bytes)
            // Still animated: the APNG has its animation control chunk.
            let bytes = ServerTest.bytes(png)
            let acTL = Array("acTL".utf8)
            #expect(bytes.count > 4 && (0..<(bytes.count - 4)).contains { Array(bytes[$0..<($0 + 4)]) == acTL })
            // Different formats of one master have different ETags.
            #expect(gif.headers[.eTag] != png.headers[.eTag])
        }
    }
}
