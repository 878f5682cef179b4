import Foundation
import RenditionCodecs
import RenditionTestSupport
import Testing

/// `rendition render` of inputs that are not stickers: rendered, with a warning on standard
/// error and in the JSON line.
@Suite("rendition render: inputs that are not stickers")
struct RenderNotAStickerTests {
    @Test(
        "a photo-sized opaque input renders with both warnings; an opaque sticker-sized one with one; a sticker with none"
    )
    func warnings() throws {
        let folder = try TemporaryFolder.make("rendition-not-a-sticker")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = folder + "/photo.png"
        try Data(
            try PNGEncoder(options: .init(compressionLevel: 1)).encode(TestImages.photo(width: 2_000, height: 1_500))
        )
        .write(to: URL(fileURLWithPath: photo))
        let opaque = Fixtures.path("lint/opaque.jpg")
        let sticker = Fixtures.path("lint/clean.png")
        let result = try CommandLineTests.run([
            "render", photo, opaque, sticker, "-o", folder + "/out", "--threads", "1", "--log", "jsonl",
        ])
        #expect(result.status == 0, "\(result.err)")
        let photoSize = "the master is 2000x1500, photo-sized: a sticker's @3x master is at most 618x618"
        let box = "no pixel is transparent: a sticker needs a transparent background, this one shows as a box"
        let errors = result.err.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(result.err)")
        #expect(errors.contains { $0.hasPrefix("warning: \(photo): \(photoSize)") })
        #expect(errors.contains("warning: \(photo): \(box)"))
        #expect(errors.contains("warning: \(opaque): \(box)"))
        let stickers = CommandLineTests.events(result.out).filter { $0["event"] as? String == "sticker" }
        #expect(stickers.map { $0["status"] as? String } == ["ok", "ok", "ok"])
        let warnings = stickers.map { $0["warnings"] as? [String] }
        #expect(warnings[0]?.count == 2 && warnings[0]?[0].hasPrefix(photoSize) == true && warnings[0]?[1] == box)
        #expect(warnings[1] == [box])
        #expect(warnings[2] == nil, "a sticker's record has no warnings key")
        // Rendered all the same: the photo's @2x is 2/3 of it.
        let rendition = try ImageDecoder.decode(try Fixtures.bytesAt(folder + "/out/photo@2x.png"))
        #expect(rendition.width == 1_333 && rendition.height == 1_000)

        // Human lines: the warnings go to standard error, the rendered line to standard output.
        let human = try CommandLineTests.run([
            "render", opaque, "-o", folder + "/human", "--threads", "1", "--log", "human",
        ])
        #expect(human.status == 0)
        #expect(human.err == "warning: \(opaque): \(box)\n")
        #expect(human.out.hasPrefix("opaque  "))
    }
}
