import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("PNG row filters")
struct PNGFilterTests {
    /// Filters with the run-time-selected (AVX2) path and the portable path.
    static func bothPaths(_ raw: [UInt8], rowBytes: Int, height: Int, bpp: Int) -> ([UInt8], [UInt8]) {
        var fast = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var portable = fast
        raw.withUnsafeBufferPointer { r in
            fast.withUnsafeMutableBufferPointer {
                PNGFilter.filter(
                    raw: r.baseAddress!, rowBytes: rowBytes, height: height, bpp: bpp, adaptive: true,
                    output: $0.baseAddress!)
            }
            portable.withUnsafeMutableBufferPointer {
                PNGFilter.filter(
                    raw: r.baseAddress!, rowBytes: rowBytes, height: height, bpp: bpp, adaptive: true,
                    output: $0.baseAddress!, portable: true)
            }
        }
        return (fast, portable)
    }

    /// Reverses the filters, from the PNG specification.
    static func unfilter(_ data: [UInt8], rowBytes: Int, height: Int, bpp: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let type = data[y * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = data[y * (rowBytes + 1) + 1 + i]
                let a = i >= bpp ? Int(out[y * rowBytes + i - bpp]) : 0
                let b = y > 0 ? Int(out[(y - 1) * rowBytes + i]) : 0
                let c = (y > 0 && i >= bpp) ? Int(out[(y - 1) * rowBytes + i - bpp]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                default:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                }
                out[y * rowBytes + i] = x &+ UInt8(predictor & 0xFF)
            }
        }
        return out
    }

    @Test(
        "vector and portable filters give the same bytes, and unfiltering restores the rows", arguments: [1, 2, 3, 4])
    func pathsAgree(bpp: Int) throws {
        let sticker = try Fixtures.raster("stickers/noto-512/emoji_u1f302.png").straightRGBA()
        for (width, height) in [(512, 40), (37, 9), (3, 2), (1, 1)] {
            let rowBytes = width * bpp
            let raw = Array((0..<(rowBytes * height)).map { sticker[($0 * 7) % sticker.count] })
            let (fast, portable) = Self.bothPaths(raw, rowBytes: rowBytes, height: height, bpp: bpp)
            #expect(fast == portable)
            #expect(Self.unfilter(fast, rowBytes: rowBytes, height: height, bpp: bpp) == raw)
            #expect(Set(stride(from: 0, to: fast.count, by: rowBytes + 1).map { fast[$0] }).isSubset(of: [0, 1, 2, 4]))
        }
    }

    /// The filtered row of `type` for row `y` of `raw`, from the PNG specification.
    static func filtered(_ raw: [UInt8], y: Int, type: Int, rowBytes: Int, bpp: Int) -> [UInt8] {
        (0..<rowBytes).map { i in
            let x = Int(raw[y * rowBytes + i])
            let a = i >= bpp ? Int(raw[y * rowBytes + i - bpp]) : 0
            let b = y > 0 ? Int(raw[(y - 1) * rowBytes + i]) : 0
            let c = (y > 0 && i >= bpp) ? Int(raw[(y - 1) * rowBytes + i - bpp]) : 0
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            let predictor = [0, a, b, 0, (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)][type]
            return UInt8((x - predictor) & 0xFF)
        }
    }

    @Test(
        "each row gets Pillow's choice: the lowest sum of |signed byte| among None, Up, Sub, Paeth, earlier wins ties")
    func choiceMatchesPillowRule() throws {
        let sticker = try Fixtures.raster("stickers/openmoji-618/1F94E.png").straightRGBA()
        let rowBytes = 618 * 4, height = 618
        let (fast, _) = Self.bothPaths(sticker, rowBytes: rowBytes, height: height, bpp: 4)
        var used = Set<Int>()
        for y in 0..<height {
            let scores = [0, 2, 1, 4].map { type in
                (
                    type,
                    Self.filtered(sticker, y: y, type: type, rowBytes: rowBytes, bpp: 4).reduce(0) {
                        $0 + min(Int($1), 256 - Int($1))
                    }
                )
            }
            let expected = scores.min { $0.1 < $1.1 }!.0
            #expect(Int(fast[y * (rowBytes + 1)]) == expected, "row \(y)")
            used.insert(expected)
        }
        #expect(used.count >= 3)
    }
}
