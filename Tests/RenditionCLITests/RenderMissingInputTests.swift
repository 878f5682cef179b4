import Foundation
import RenditionTestSupport
import Testing

/// `render` with a path that does not exist reports it as a failed sticker and renders the
/// others, as its help says; the exit status is 1.
@Suite("render: a missing input does not cancel the batch")
struct RenderMissingInputTests {
    @Test("nosuch.png and a real sticker: the sticker is rendered, nosuch.png reported, exit 1")
    func missingInputReported() throws {
        let out = try TemporaryFolder.make("rendition-missing-input")
        let missing = "\(out)/nosuch.png"
        let result = try CommandLineTests.run([
            "render", missing, Fixtures.path("stickers/derived/1F601-300.png"), "-o", "\(out)/r", "--log", "human",
        ])
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/r/1F601-300@2x.png"))
        #expect(FileManager.default.fileExists(atPath: "\(out)/r/1F601-300@1x.png"))
        let text = result.out + result.err
        #expect(text.contains("could not open \(missing): No such file or directory"), "\(text)")
        #expect(text.contains("1 of 2") || text.contains("1 failed"), "\(text)")
    }
}
