import RenditionTestSupport
import Foundation
import RenditionCodecs
import RenditionPack
import Testing

/// `rendition preview` as a user runs it.
@Suite("rendition preview")
struct PreviewCommandTests {
    @Test("rendition preview writes one PNG sheet; bad usage exits 2")
    func command() throws {
        let sheet = NSTemporaryDirectory() + "rendition-preview-" + UUID().uuidString + "/sheet.png"
        let result = try CommandLineTests.run(["preview", Fixtures.path("lint/clean.png"), Fixtures.path("lint/animated.png"),
                                               Fixtures.path("pngsuite/xcsn0g01.png"), "-o", sheet, "--scales", "2,1"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("wrote \(sheet): "))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sheet)))
        let image = try ImageDecoder.decode(bytes)
        let cards = [Fixtures.path("lint/clean.png"), Fixtures.path("lint/animated.png"), Fixtures.path("pngsuite/xcsn0g01.png")]
            .map { PreviewSheet(options: PreviewOptions(scales: [.x2, .x1])).card(path: $0).raster }
        #expect(image.height == 24 + 57 + cards.reduce(0) { $0 + $1.height + 24 })
        #expect(image.width == max(cards.map(\.width).max()!, image.width) && image.width >= cards.map(\.width).max()! + 48)
        #expect(try CommandLineTests.run(["preview", Fixtures.path("lint/clean.png"), "-o", sheet, "--scales", "4"]).status == 2)
        #expect(try CommandLineTests.run(["preview", Fixtures.path("lint/clean.png"), "-o", "sheet.jpg"]).status == 2)
        #expect(try CommandLineTests.run(["preview", "-o", sheet]).status == 2)
    }
}
