import Testing

@testable import RenditionCore

@Suite("Scale parsing: the one parser every face uses")
struct StickerScaleParsingTests {
    @Test("a scale is 1, 2 or 3, written bare, with x or as @Nx")
    func one() throws {
        #expect(try StickerScale(parsing: "2") == .x2)
        #expect(try StickerScale(parsing: "3x") == .x3)
        #expect(try StickerScale(parsing: " @1X ") == .x1)
        for text in ["4", "0", "@x", "", "2.0", "22", "two", "@@2x"] {
            #expect(throws: ScaleParseError.notAScale(text)) { try StickerScale(parsing: text) }
        }
        #expect(ScaleParseError.notAScale("4").description == "scale 4 is not 1, 2 or 3")
    }

    @Test("a list keeps the order written, each scale once; an empty list or a bad item is refused")
    func list() throws {
        #expect(try StickerScale.parseList("3,2,1") == [.x3, .x2, .x1])
        #expect(try StickerScale.parseList("@1x, @2x,1") == [.x1, .x2])
        #expect(throws: ScaleParseError.empty) { try StickerScale.parseList("") }
        #expect(throws: ScaleParseError.empty) { try StickerScale.parseList(",,") }
        #expect(throws: ScaleParseError.notAScale("5")) { try StickerScale.parseList("2,5") }
        #expect(ScaleParseError.empty.description == "scales is empty: name at least one of 3, 2 and 1")
    }
}
