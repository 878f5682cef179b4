import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("PNG encoding")
struct PNGEncoderTests {
    /// Colour type byte of an encoded PNG.
    static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }
    static func bitDepth(_ png: [UInt8]) -> UInt8 { png[24] }

    static func roundTrip(_ raster: Raster, level: Int = 9) throws -> (png: [UInt8], decoded: Raster) {
        let png = try PNGEncoder(options: .init(compressionLevel: level)).encode(raster)
        return (png, try PNGDecoder.decode(png))
    }

    @Test("a real sticker round-trips exactly through encode and libpng decode")
    func stickerRoundTrip() throws {
        for file in [
            "stickers/openmoji-618/1F195.png", "stickers/noto-512/emoji_u1f302.png", "stickers/derived/1F405-408.png",
        ] {
            let source = try Fixtures.raster(file)
            let resized = LanczosResampler().resample(source, width: 412, height: 412)
            for raster in [source, resized] {
                let (png, decoded) = try Self.roundTrip(raster)
                #expect(decoded == raster, "\(file) did not round-trip")
                #expect(png.count < raster.bytes.count / 4)
            }
        }
    }

    @Test("the smallest lossless colour type is chosen")
    func colorTypes() throws {
        // 2 colours with transparency → 1-bit palette.
        var two = Raster(width: 10, height: 3)
        two[1, 1] = RGBA(255, 0, 0, 255)
        var (png, decoded) = try Self.roundTrip(two)
        #expect(Self.colorType(png) == 3 && Self.bitDepth(png) == 1 && decoded == two)

        // Opaque grey gradient → 8-bit grey.
        var grey = Raster(width: 256, height: 2)
        for x in 0..<256 { for y in 0..<2 { grey[x, y] = RGBA(UInt8(x), UInt8(x), UInt8(x), 255) } }
        (png, decoded) = try Self.roundTrip(grey)
        #expect(Self.colorType(png) == 0 && decoded == grey)

        // More than 256 opaque colours → RGB.
        var rgb = Raster(width: 300, height: 2)
        for x in 0..<300 { for y in 0..<2 { rgb[x, y] = RGBA(UInt8(x % 256), UInt8(x / 256), 7, 255) } }
        (png, decoded) = try Self.roundTrip(rgb)
        #expect(Self.colorType(png) == 2 && decoded == rgb)

        // Translucent greys, more than 256 of them → grey + alpha.
        var greyAlpha = Raster(width: 300, height: 1)
        for x in 0..<300 {
            let a = UInt8(x % 200 + 55)
            greyAlpha[x, 0] = RGBA(
                AlphaConversion.premultiply(UInt8(x % 256), alpha: a),
                AlphaConversion.premultiply(UInt8(x % 256), alpha: a),
                AlphaConversion.premultiply(UInt8(x % 256), alpha: a), a)
        }
        (png, decoded) = try Self.roundTrip(greyAlpha)
        #expect(Self.colorType(png) == 4 && decoded == greyAlpha)

        // Everything else → RGBA, and palettes can be turned off.
        let sticker = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F195.png"), width: 206, height: 206)
        (png, decoded) = try Self.roundTrip(sticker)
        #expect(Self.colorType(png) == 6 && decoded == sticker)
        let noPalette = try PNGEncoder(options: .init(allowPalette: false)).encode(two)
        #expect(Self.colorType(noPalette) == 4 || Self.colorType(noPalette) == 6)
        #expect(try PNGDecoder.decode(noPalette) == two)
    }

    @Test("palettes of 3-4, 5-16 and 17-256 colours use 2, 4 and 8 bits")
    func paletteDepths() throws {
        for (count, depth) in [(3, 2), (16, 4), (17, 8), (256, 8)] {
            var raster = Raster(width: 37, height: 11)
            for i in 0..<(37 * 11) {
                let k = i % count
                raster[i % 37, i / 37] = RGBA(UInt8(k), UInt8(k), UInt8(255 - k), 255)
            }
            let (png, decoded) = try Self.roundTrip(raster)
            #expect(Self.colorType(png) == 3 && Int(Self.bitDepth(png)) == depth && decoded == raster)
        }
    }

    @Test("compression level trades bytes for time, and output is deterministic")
    func levels() throws {
        let raster = LanczosResampler().resample(
            try Fixtures.raster("stickers/noto-512/emoji_u1f302.png"), width: 341, height: 341)
        let fast = try PNGEncoder(options: .init(compressionLevel: 1)).encode(raster)
        let small = try PNGEncoder(options: .init(compressionLevel: 12)).encode(raster)
        let stored = try PNGEncoder(options: .init(compressionLevel: 0)).encode(raster)
        #expect(small.count < fast.count && fast.count < stored.count)
        for png in [fast, small, stored] { #expect(try PNGDecoder.decode(png) == raster) }
        #expect(try PNGEncoder().encode(raster) == PNGEncoder().encode(raster))
    }
}
