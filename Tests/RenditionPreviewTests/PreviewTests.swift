import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionTestSupport
import Testing

@testable import RenditionPreview

@Suite("Preview sheets")
struct PreviewTests {
    @Test("the bitmap font: every glyph is 5 x 7, lower case draws as upper case, unknown as ?")
    func font() {
        for character in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_/@%()[]#+=<>*!?'\"" {
            let rows = BitmapFont.glyph(character)
            #expect(rows.count == 7 && rows.allSatisfy { $0 < 32 }, "\(character)")
        }
        #expect(BitmapFont.glyph("a") == BitmapFont.glyph("A"))
        #expect(BitmapFont.glyph("é") == BitmapFont.glyph("?"))
        #expect(BitmapFont.glyph("I") == [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110])
        #expect(BitmapFont.width(of: "AB", scale: 2) == 22 && BitmapFont.width(of: "", scale: 3) == 0)
        // Glyphs are distinct (no copy-paste slips), except none.
        let all = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        #expect(Set(all.map { BitmapFont.glyph($0) }).count == all.count)
    }

    @Test("the canvas fills, outlines, writes text and composites with OVER")
    func canvas() {
        var canvas = PreviewCanvas(width: 40, height: 20, background: RGBColor(10, 20, 30))
        canvas.text("I", x: 2, y: 3, scale: 2, RGBColor(255, 0, 0))
        #expect(canvas.raster[2, 3] == RGBA(10, 20, 30, 255))  // top row of I is .###.
        #expect(canvas.raster[4, 3] == RGBA(255, 0, 0, 255) && canvas.raster[9, 4] == RGBA(255, 0, 0, 255))
        #expect(canvas.raster[6, 6] == RGBA(255, 0, 0, 255) && canvas.raster[4, 6] == RGBA(10, 20, 30, 255))
        canvas.stroke(PixelRect(x: 20, y: 0, width: 10, height: 10), width: 2, RGBColor(0, 255, 0))
        #expect(canvas.raster[21, 5] == RGBA(0, 255, 0, 255) && canvas.raster[24, 5] == RGBA(10, 20, 30, 255))
        var half = Raster(width: 2, height: 1)
        half[0, 0] = RGBA(128, 0, 0, 128)  // half-transparent red, premultiplied
        canvas.draw(half, x: 35, y: 15)
        #expect(canvas.raster[35, 15] == RGBA(128 + 5, 10, 15, 255) && canvas.raster[36, 15] == RGBA(10, 20, 30, 255))
    }

    @Test(
        "tiles show each rendition composited on its background, exactly",
        arguments: ["lint/clean.png", "lint/dark-art.png"])
    func tiles(file: String) throws {
        let card = PreviewSheet().card(path: Fixtures.path(file))
        let master = try Fixtures.raster(file)
        #expect(card.tiles.count == 18)
        #expect(Set(card.tiles.map(\.background)) == Set(TestBackgrounds.standard.map(\.name)))
        for tile in card.tiles {
            let size = StickerGeometry.renditionSize(
                masterWidth: master.width, masterHeight: master.height, scale: tile.scale)
            let rendition =
                tile.scale == .x3 ? master : LanczosResampler().resample(master, width: size.width, height: size.height)
            let background = TestBackgrounds.standard.first { $0.name == tile.background }!
            var expected = PreviewCanvas(width: tile.rect.width, height: tile.rect.height, background: .white)
            expected.draw(background.render(width: tile.rect.width, height: tile.rect.height), x: 0, y: 0)
            expected.draw(rendition, x: tile.padding, y: tile.padding)
            // Compare inside the area marks may cover (the frame and the tags' column).
            let inset = tile.codes.isEmpty ? 0 : 40
            var mismatches = 0
            for y in inset..<(tile.rect.height - min(inset, 4)) {
                for x in min(inset, 4)..<(tile.rect.width - min(inset, 4))
                where card.raster[tile.rect.x + x, tile.rect.y + y] != expected.raster[x, y] {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "\(file) \(tile.scale) \(tile.background ?? "")")
        }
    }

    @Test("the strip shows each frame resampled to @1x by Lanczos-3 on a checkerboard, exactly")
    func stripPixels() throws {
        let card = PreviewSheet().card(path: Fixtures.path("lint/animated.png"))
        let master = try ImageDecoder.decodeAnimation(try Fixtures.bytes("lint/animated.png"))
        let size = StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: .x1)
        let strip = card.tiles.filter { $0.frame != nil }
        #expect(strip.count == 3)
        for tile in strip {
            let frame = LanczosResampler().resample(
                master.frames[tile.frame!].raster, width: size.width, height: size.height)
            var expected = PreviewCanvas(width: tile.rect.width, height: tile.rect.height, background: .white)
            expected.checkerboard(
                PixelRect(x: 0, y: 0, width: tile.rect.width, height: tile.rect.height), cell: 8,
                RGBColor(255, 255, 255), RGBColor(214, 216, 222))
            expected.draw(frame, x: tile.padding, y: tile.padding)
            // Inside the sticker, below the tags a marked tile carries.
            let inset = tile.codes.isEmpty ? 0 : 40
            var mismatches = 0
            for y in (tile.padding + inset)..<(tile.padding + size.height) {
                for x in tile.padding..<(tile.padding + size.width)
                where card.raster[tile.rect.x + x, tile.rect.y + y] != expected.raster[x, y] {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "frame \(tile.frame!)")
        }
    }

    @Test("findings mark the tiles they concern")
    func marks() throws {
        let sheet = PreviewSheet()
        let clean = sheet.card(path: Fixtures.path("lint/clean.png"))
        #expect(clean.tiles.allSatisfy { $0.codes.isEmpty })
        let dark = sheet.card(path: Fixtures.path("lint/dark-art.png"))
        for tile in dark.tiles {
            #expect(tile.codes == (tile.background == "black" ? [.invisibleOnBackground] : []))
            if tile.background == "black" {
                // The tile's frame is drawn in the warning colour.
                #expect(dark.raster[tile.rect.x + 1, tile.rect.y + tile.rect.height / 2] == RGBA(227, 134, 0, 255))
            }
        }
        let halo = sheet.card(path: Fixtures.path("lint/halo-white.png"))
        let marked = halo.tiles.filter { !$0.codes.isEmpty }
        #expect(
            marked.count == 1 && marked[0].scale == .x3 && marked[0].background == "black"
                && marked[0].codes == [.matteHalo])
    }

    @Test("an animation gets a strip of frames; the flagged frame is marked")
    func strip() throws {
        let card = PreviewSheet().card(path: Fixtures.path("lint/animated.png"))
        let frames = card.tiles.filter { $0.frame != nil }
        #expect(frames.map(\.frame) == [0, 1, 2])
        #expect(frames.map(\.codes) == [[], [.contentTouchesEdge], []])
        #expect(frames.allSatisfy { $0.scale == .x1 && $0.rect.width == 100 + 2 * 8 })
        let limited = PreviewSheet(options: PreviewOptions(scales: [.x1], maximumStripFrames: 1)).card(
            path: Fixtures.path("lint/animated.png"))
        #expect(limited.tiles.filter { $0.frame != nil }.map(\.frame) == [0, 1])  // the first, plus the flagged one
        #expect(limited.tiles.filter { $0.frame == nil }.allSatisfy { $0.scale == .x1 })
    }

    @Test("a photo-sized input is linted at its size and shown scaled down to a sticker's card")
    func largeInput() throws {
        let folder = try TemporaryFolder.make("rendition-preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = TestImages.photo(width: 4_000, height: 3_000)
        let path = folder + "/photo.png"
        try Data(try PNGEncoder(options: .init(compressionLevel: 1)).encode(photo)).write(
            to: URL(fileURLWithPath: path))
        let card = PreviewSheet().card(path: path)
        #expect(card.decoded)
        // 4000 x 3000 fitted within 618 x 618: 618 x 464 at @3x, 412 x 309 at @2x.
        let shown = LanczosResampler().resample(photo, width: 618, height: 464)
        for tile in card.tiles {
            let size = StickerGeometry.renditionSize(masterWidth: 618, masterHeight: 464, scale: tile.scale)
            #expect(tile.rect.width - 2 * tile.padding == size.width, "\(tile.scale)")
            #expect(tile.rect.height - 2 * tile.padding == size.height, "\(tile.scale)")
        }
        // The @3x tile on white holds the scaled-down photo's pixels (opaque: no background shows).
        let white = try #require(card.tiles.first { $0.scale == .x3 && $0.background == "white" })
        for (x, y) in [(300, 200), (100, 400), (600, 20)] {
            #expect(card.raster[white.rect.x + white.padding + x, white.rect.y + white.padding + y] == shown[x, y])
        }
        // A card as wide as six 618 px tiles and their labels, not six 4000 px ones.
        #expect(card.raster.width < 6 * (618 + 2 * 38 + 12) + 2 * 24 + 116 + 1)
        #expect(card.raster.height < 2_000)
        // Lint saw the file itself.
        let report = StickerLinter().lint(path: path)
        #expect(report.width == 4_000 && report.height == 3_000)
        #expect(report.findings.contains { $0.code == .canvasTooLarge })
    }

    @Test(
        "a card for a file that cannot be decoded says why on its badge, in a few words",
        arguments: [
            ("truncated.png", "truncated PNG"),
            ("junk.png", "not a PNG, JPEG, GIF, WebP, TGS, Lottie, WebM or dotLottie file"),
        ])
    func unreadableReason(name: String, reason: String) throws {
        let folder = try TemporaryFolder.make("rendition-preview-unreadable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clean = try Fixtures.bytes("lint/clean.png")
        let bytes = name == "junk.png" ? Array("not an image at all".utf8) : Array(clean.prefix(clean.count / 2))
        let path = "\(folder)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let finding = try #require(StickerLinter().lint(path: path).findings.first { $0.code == .unreadable })
        #expect(finding.values["reason"] == .text(reason))
        let card = PreviewSheet().card(path: path)
        #expect(!card.decoded && card.tiles.isEmpty)
        #expect(card.problem == finding.message)
        // The first badge, below the headline, reads UNREADABLE: REASON in white on the error red.
        let text = "UNREADABLE: " + reason.uppercased()
        let width = BitmapFont.width(of: text, scale: 2) + 12
        var expected = PreviewCanvas(width: width, height: 24, background: RGBColor(217, 48, 37))
        expected.text(text, x: 6, y: 5, scale: 2, RGBColor(255, 255, 255))
        var mismatches = 0
        for y in 0..<24 {
            for x in 0..<width where card.raster[24 + x, 24 + 33 + y] != expected.raster[x, y] { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(text)")
        #expect(card.raster.width >= width + 48)
    }

    @Test("a tile's tag spells a finding as its badge does: HIDDEN COLOR on the tile, HIDDEN-COLOR on the card")
    func tagsSpellCodes() {
        let finding = LintFinding(.hiddenColor, "transparent pixels store colour")
        #expect(PreviewStyle.badge(finding) == "HIDDEN-COLOR")
        #expect(PreviewStyle.tag(.hiddenColor) == "HIDDEN COLOR")
        for code in LintCode.allCases {
            #expect(!PreviewStyle.tag(code).contains("COLOUR"), "\(code)")
        }
    }
}
