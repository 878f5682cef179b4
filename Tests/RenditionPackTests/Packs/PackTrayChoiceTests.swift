import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionPack

/// With no `tray` in the configuration, a pack's own images are drawn from its most legible
/// sticker, not from the first by name.
@Suite("The default tray image")
struct PackTrayChoiceTests {
    /// Builds a Telegram pack of OpenMoji's hyphen-minus (a thin grey bar, first by name) and
    /// its beaming face; `tray` names the configured tray, if any. Returns the thumbnail's bytes.
    static func thumbnail(tray: String?) throws -> [UInt8] {
        let source = try TemporaryFolder.make("rendition-tray-src")
        let output = try TemporaryFolder.make("rendition-tray")
        defer {
            for folder in [source, output] { try? FileManager.default.removeItem(atPath: folder) }
        }
        for name in ["002D.png", "1F601.png"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/openmoji-618/\(name)"), toPath: "\(source)/\(name)")
        }
        if let tray {
            let configuration = """
                {"tray": "\(tray)", "stickers": [{"file": "002D.png"}, {"file": "1F601.png"}]}
                """
            try Data(configuration.utf8).write(to: URL(fileURLWithPath: "\(source)/pack.json"))
        }
        var options = PackOptions(platforms: [.telegram], threads: 2)
        options.includesApple = false
        let summary = try PackBuilder(source: source, output: output, options: options).build()
        #expect(!summary.hasFailures, "\(summary.platformProblems)")
        let pack = try #require(summary.packs["telegram"]?.first)
        #expect(pack.stickers == ["002D", "1F601"])
        return try Fixtures.bytesAt("\(output)/telegram/\(pack.identifier)/thumbnail.webp")
    }

    @Test("a thin grey bar first by name, a full colourful face second: the thumbnail is the face's")
    func fullColourfulStickerWins() throws {
        let chosen = try Self.thumbnail(tray: nil)
        let face = try Self.thumbnail(tray: "1F601.png")
        let bar = try Self.thumbnail(tray: "002D.png")
        let faceDiffersFromBar = face != bar, chosenIsFace = chosen == face
        #expect(faceDiffersFromBar)
        #expect(chosenIsFace, "the default thumbnail is not the one drawn from 1F601.png")
        // And what it shows: far more art than the bar's, in colour.
        let shown = TrayLegibility(try ImageDecoder.decode(chosen))
        let barShown = TrayLegibility(try ImageDecoder.decode(bar))
        #expect(shown.coverage > 2 * barShown.coverage)
        #expect(shown.colourfulness > barShown.colourfulness + 20)
    }

    @Test("the measures: coverage first, then colour; equals keep pack order")
    func ordering() throws {
        let bar = TrayLegibility(try Fixtures.raster("stickers/openmoji-618/002D.png"))
        let face = TrayLegibility(try Fixtures.raster("stickers/openmoji-618/1F601.png"))
        #expect(bar.coverage > 0.05 && bar.coverage < 0.2)
        #expect(face.coverage > 0.3)
        #expect(bar.colourfulness < 5)
        #expect(TrayLegibility.mostLegible([bar, face]) == 1)
        #expect(TrayLegibility.mostLegible([nil, bar]) == 1)
        #expect(TrayLegibility.mostLegible([nil, nil]) == nil)

        // Two squares covering the same area: the red and blue one beats the grey one, and
        // two equal grey ones keep the first.
        func square(_ colours: [(UInt8, UInt8, UInt8)]) -> Raster {
            var raster = Raster(width: 40, height: 40)
            for y in 10..<30 {
                for x in 10..<30 {
                    let (red, green, blue) = colours[(x / 5) % colours.count]
                    let index = y * raster.bytesPerRow + x * 4
                    raster.bytes.replaceSubrange(index..<(index + 4), with: [red, green, blue, 255])
                }
            }
            return raster
        }
        let grey = TrayLegibility(square([(128, 128, 128)]))
        let vivid = TrayLegibility(square([(230, 20, 20), (20, 40, 230)]))
        #expect(grey.coverage == vivid.coverage && grey.coverage == 0.25)
        #expect(grey.colourfulness == 0 && vivid.colourfulness > 100)
        #expect(TrayLegibility.mostLegible([grey, vivid]) == 1)
        #expect(TrayLegibility.mostLegible([grey, grey]) == 0)
    }
}
