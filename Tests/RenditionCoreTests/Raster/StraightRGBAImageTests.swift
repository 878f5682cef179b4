import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("Straight RGBA images")
struct StraightRGBAImageTests {
    /// PngSuite's RGBA file with colour under 32 of its fully transparent pixels.
    static let file = "pngsuite/basn6a08.png"

    @Test("PNG straight decoding keeps the file's values, colour under zero alpha included")
    func decodesFileValues() throws {
        let straight = try PNGDecoder.decodeStraight(try Fixtures.bytes(Self.file))
        #expect(straight.width == 32 && straight.height == 32)
        #expect(straight.bytes == (try Fixtures.bytes("pngsuite/expected/basn6a08.rgba")))
        let hidden = HiddenColor(straight: straight)
        #expect(hidden.transparentPixels > 0 && hidden.coloredPixels == 32)
    }

    @Test("premultiplied() is the decoder's premultiplied raster; the hidden colour is gone from it")
    func premultiplies() throws {
        let bytes = try Fixtures.bytes(Self.file)
        let straight = try PNGDecoder.decodeStraight(bytes)
        let premultiplied = straight.premultiplied()
        #expect(premultiplied == (try PNGDecoder.decode(bytes)))
        #expect(try ImageDecoder.decodeSource(bytes).straightValues == straight)
        // Back to straight: equal wherever alpha is above 0, (0, 0, 0, 0) where it is 0.
        let back = StraightRGBAImage(unpremultiplying: premultiplied)
        #expect(back != straight)
        #expect(HiddenColor(straight: back).coloredPixels == 0)
        for y in 0..<straight.height {
            for x in 0..<straight.width where straight[x, y].a == 255 {
                #expect(back[x, y] == straight[x, y])
            }
        }
        #expect(back.premultiplied() == premultiplied)
    }
}
