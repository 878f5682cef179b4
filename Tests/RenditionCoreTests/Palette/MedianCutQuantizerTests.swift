import RenditionCodecs
import RenditionTestSupport
import Testing

@testable import RenditionCore

/// The median-cut quantiser both lossy palette paths use (`PaletteQuantizer` for PNG/APNG with
/// the `widestRange` rule, GIF with `leastSquaredError`), on the colours of fixture art.
@Suite("Median-cut quantiser on fixture art")
struct MedianCutQuantizerTests {
    static let files = [
        "stickers/noto-512/emoji_u1f9da_1f3fc.png", "stickers/noto-512/emoji_u1f469_1f3fb_200d_1f3eb.png",
        "stickers/derived/1F354-408.png",
    ]

    /// The art's distinct premultiplied colours (alpha above 0) with their pixel counts, by value.
    static func points(_ file: String) throws -> [WeightedColor] {
        let raster = try Fixtures.raster(file)
        var histogram: [UInt32: Int] = [:]
        raster.bytes.withUnsafeBytes { raw in
            for i in 0..<(raster.width * raster.height) {
                let pixel = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                if pixel >> 24 != 0 { histogram[pixel, default: 0] += 1 }
            }
        }
        return histogram.keys.sorted().map { WeightedColor(pixel: $0, weight: Double(histogram[$0]!)) }
    }

    /// The weighted squared distance of every point to its nearest centre.
    static func squaredError(_ points: [WeightedColor], _ centres: [WeightedColor]) -> Double {
        points.reduce(0) { sum, p in
            sum + p.weight * centres.map { WeightedColor.squaredDistance(p.channels, $0.channels) }.min()!
        }
    }

    @Test(
        "a cut makes exactly the boxes asked for, partitioning the weight; k-means never adds error",
        arguments: files, [MedianCutQuantizer.SplitRule.widestRange, .leastSquaredError])
    func cutAndRefine(file: String, rule: MedianCutQuantizer.SplitRule) throws {
        let points = try Self.points(file)
        #expect(points.count > 1_000, "art with many colours")
        let total = points.reduce(0) { $0 + $1.weight }
        var centres = MedianCutQuantizer.cut(points, count: 63, rule: rule)
        #expect(centres.count == 63)
        #expect(centres.reduce(0) { $0 + $1.weight } == total)
        #expect(centres.allSatisfy { all($0.channels .>= 0) && all($0.channels .<= 255) })
        var error = Self.squaredError(points, centres)
        for _ in 0..<3 {
            MedianCutQuantizer.refine(points, centres: &centres)
            let refined = Self.squaredError(points, centres)
            #expect(refined <= error * (1 + 1e-12))
            error = refined
        }
        // 63 colours for thousands: an RMS error of a few levels per channel at most.
        #expect((error / total / 4).squareRoot() < 6)
    }

    @Test("with a tolerance, the least-squares cut stops once the RMS error per colour channel is within it")
    func tolerance() throws {
        // GIF's points: opaque colours with alpha 0 throughout.
        let points = try Self.points(Self.files[0]).map {
            WeightedColor(channels: SIMD4($0.channels.x, $0.channels.y, $0.channels.z, 0), weight: $0.weight)
        }
        let total = points.reduce(0) { $0 + $1.weight }
        var counts: [Int] = []
        for tolerance in [2.0, 4.0, 8.0] {
            let centres = MedianCutQuantizer.cut(points, count: 255, rule: .leastSquaredError, tolerance: tolerance)
            // Each box's centre is its mean, so the nearest centres do at least as well as the boxes.
            #expect((Self.squaredError(points, centres) / total / 3).squareRoot() <= tolerance)
            counts.append(centres.count)
        }
        #expect(counts[0] < 255 && counts[0] > counts[1] && counts[1] > counts[2], "\(counts)")
    }

    @Test(
        "PaletteQuantizer: one shared palette of at most N entries, nearest colours, transparency exact",
        arguments: files)
    func paletteQuantizer(file: String) throws {
        let raster = try Fixtures.raster(file)
        let quantized = PaletteQuantizer(maximumColors: 32).quantize([raster])[0]
        var palette = Set<UInt32>()
        var transparentKept = true
        raster.bytes.withUnsafeBytes { before in
            quantized.bytes.withUnsafeBytes { after in
                for i in 0..<(raster.width * raster.height) {
                    let p = before.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    let q = after.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    if (p >> 24 == 0) != (q == 0) { transparentKept = false }
                    if q != 0 { palette.insert(q) }
                }
            }
        }
        #expect(transparentKept)
        #expect(palette.count <= 31 && palette.count >= 24)
        // Every entry is a valid premultiplied pixel.
        #expect(palette.allSatisfy { q in (0..<3).allSatisfy { (q >> (8 * $0)) & 0xFF <= q >> 24 } })
        #expect(PaletteQuantizer(maximumColors: 32).quantize([raster])[0] == quantized)
    }

    @Test("PaletteQuantizer keeps art that already has fewer colours than asked")
    func fewColors() throws {
        let raster = try Fixtures.raster("pngsuite/basn3p04.png")
        #expect(PaletteQuantizer(maximumColors: 256).quantize([raster])[0] == raster)
    }

    @Test("PaletteQuantizer's 16-colour palette for fixture art is the one it has always made")
    func pinnedPalette() throws {
        // Made by the quantiser before GIF and PNG shared it; a changed palette changes pack output.
        let expected: [UInt32] = [
            0x0B00_0000, 0x9300_0000, 0xE200_0000, 0xFF00_0101, 0xFF11_2B2D, 0xFF18_6D75, 0xFF21_B2BF,
            0xFF2A_E4F6, 0xFF2B_EAFC, 0xFF2D_F6FF, 0xFF81_8181, 0xFFC0_C0C0, 0xFFF8_F8F8, 0xFFFF_FFFF,
        ]
        let raster = try Fixtures.raster("stickers/derived/1F601-300.png")
        let quantized = PaletteQuantizer(maximumColors: 16).quantize([raster])[0]
        let palette = quantized.bytes.withUnsafeBytes { raw in
            Set(
                (0..<(raster.width * raster.height)).map {
                    raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian
                })
        }
        #expect(palette.subtracting([0]).sorted() == expected)
    }
}
