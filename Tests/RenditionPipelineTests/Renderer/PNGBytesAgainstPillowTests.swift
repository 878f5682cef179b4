import Foundation
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs
@testable import RenditionPipeline

/// PNG renditions against Pillow's default PNG of the same pixels, file by file: Pillow
/// (13) writes RGBA rows filtered per row by the minimum sum of absolute values (None, Sub,
/// Up, Paeth, as `PNGFilter` chooses them) and compresses them with zlib level 6,
/// `Z_FILTERED`, memory level 9 (`ZlibReferenceCompressor`), in one `IDAT` below 64 KiB.
@Suite("PNG bytes against Pillow")
struct PNGBytesAgainstPillowTests {
    /// The size of Pillow's default PNG of `png`'s pixels: signature, `IHDR`, one `IDAT`,
    /// `IEND` around zlib's stream of the filtered RGBA rows (a lower bound above 64 KiB,
    /// where Pillow splits `IDAT` and adds 12 bytes a chunk).
    static func pillowSize(of png: [UInt8]) throws -> Int {
        let image = try PNGDecoder.decodeStraight(png)
        let filtered = PNGFilter.filtered(
            image.bytes, rowBytes: image.width * 4, height: image.height, bpp: 4, adaptive: true)
        let stream = try #require(
            filtered.withUnsafeBufferPointer {
                ZlibReferenceCompressor.compress($0.baseAddress!, count: $0.count)
            })
        return 8 + 25 + (12 + stream.count) + 12
    }

    @Test("The reference reproduces Pillow 13's file sizes (palette and RGBA sources)")
    func referenceIsPillow() throws {
        // Image.open(path).convert("RGBA").save(buffer, "PNG") with Pillow 13.0.0.
        #expect(try Self.pillowSize(of: Fixtures.bytes("stickers/openmoji-618/1F62C.png")) == 23903)
        #expect(try Self.pillowSize(of: Fixtures.bytes("stickers/noto-512/emoji_u1f6b4_1f3fe_200d_2640.png")) == 41312)
    }

    @Test(
        "No rendition of the OpenMoji fixtures is larger than Pillow's PNG of its pixels, by default and with neverLargerThanZlib",
        arguments: [false, true])
    func openMojiRenditions(neverLargerThanZlib: Bool) throws {
        let renderer = StickerRenderer(options: RenderOptions(png: .init(neverLargerThanZlib: neverLargerThanZlib)))
        let masters = try Fixtures.files(in: "stickers/openmoji-618", extension: "png")
        #expect(masters.count == 152)
        var larger: [String] = []
        var checked = 0
        for master in masters {
            for rendition in try renderer.render(Fixtures.bytes("stickers/openmoji-618/\(master)")) {
                let pillow = try Self.pillowSize(of: rendition.bytes)
                checked += 1
                if rendition.bytes.count > pillow {
                    larger.append("\(master) @\(rendition.scale): \(rendition.bytes.count) > \(pillow)")
                }
            }
        }
        #expect(checked == 304)
        #expect(larger.isEmpty, "\(larger.count) renditions larger than Pillow's: \(larger.prefix(10))")
    }

    @Test("neverLargerThanZlib changes the bytes, never the pixels (libdeflate's level 5, which zlib beats on some)")
    func samePixels() throws {
        let plain = StickerRenderer(options: RenderOptions(png: .init(compressionLevel: 5)))
        let guarded = StickerRenderer(
            options: RenderOptions(png: .init(compressionLevel: 5, neverLargerThanZlib: true)))
        var changed = 0
        for name in ["1F94E", "1F62C", "1F1E7-1F1FB", "1F38D"] {
            let input = try Fixtures.bytes("stickers/openmoji-618/\(name).png")
            for (a, b) in zip(try plain.render(input), try guarded.render(input)) {
                #expect(
                    try PNGDecoder.decodeStraight(a.bytes) == PNGDecoder.decodeStraight(b.bytes), "\(name) @\(a.scale)")
                #expect(b.bytes.count <= a.bytes.count)
                changed += a.bytes != b.bytes ? 1 : 0
            }
        }
        #expect(changed > 0)
    }
}
