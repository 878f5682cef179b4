import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// GIF's palettes from the shared median-cut quantiser, on the opaque pixels of fixture art.
@Suite("GIF quantised palettes")
struct GIFQuantizedPaletteTests {
    /// The histogram of a fixture's fully opaque pixels (the rest left out).
    static func histogram(_ file: String) throws -> GIFColorHistogram {
        let raster = try Fixtures.raster(file)
        let pixels = raster.bytes.withUnsafeBytes { raw in
            (0..<(raster.width * raster.height)).map { i -> UInt32 in
                let p = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                return p >> 24 == 255 ? p : 0
            }
        }
        var histogram = GIFColorHistogram()
        pixels.withUnsafeBufferPointer { histogram.add($0) }
        return histogram
    }

    @Test("the 15-colour palette for fixture art is the one GIF has always made")
    func pinnedPalette() throws {
        // Made by GIF's own quantiser before it was shared; a changed palette changes GIF output.
        let expected: [UInt32] = [
            0xFF00_0101, 0xFF19_8993, 0xFFA8_A8A8, 0xFF09_3337, 0xFF27_D2E1, 0xFFFE_FEFE, 0xFF64_6464, 0xFF88_8888,
            0xFF11_5E66, 0xFF0A_1C1D, 0xFF2B_EAFC, 0xFF20_AEBB, 0xFF2D_F6FF, 0xFFC9_C9C9, 0xFF3B_3B3B,
        ]
        let points = try Self.histogram("stickers/derived/1F601-300.png").points()
        #expect(GIFPaletteSelection.quantizedPalette(points, count: 15, tolerance: 0) == expected)
        // With a tolerance of 3 levels the cut stops at 13 colours.
        #expect(GIFPaletteSelection.quantizedPalette(points, count: 255, tolerance: 3).count == 13)
    }

    @Test(
        "palettes are distinct opaque colours, at most as many as asked",
        arguments: [
            "stickers/noto-512/emoji_u1f9da_1f3fc.png", "stickers/derived/1F354-408.png",
            "stickers/openmoji-618/1F354.png",
        ])
    func distinctOpaque(file: String) throws {
        let points = try Self.histogram(file).points()
        for count in [2, 16, 255] {
            let palette = GIFPaletteSelection.quantizedPalette(points, count: count, tolerance: 0)
            #expect(palette.count <= count && palette.count >= min(count, points.count) * 9 / 10)
            #expect(Set(palette).count == palette.count && palette.allSatisfy { $0 >> 24 == 0xFF })
        }
        #expect(GIFPaletteSelection.quantizedPalette([], count: 16, tolerance: 0).isEmpty)
    }
}
