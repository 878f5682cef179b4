import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// The colour table PNG, APNG and GIF share, checked against a plain `Set` count of the
/// pixels of real PNG fixtures (some under 256 colours, some far over).
@Suite("Colour table: counts, order and indices on fixture pixels")
struct ColorIndexTableTests {
    static let files = [
        "stickers/derived/1F337-300.png", "stickers/derived/1F601-300.png", "stickers/noto-512/emoji_u1f431.png",
        "stickers/openmoji-618/1F354.png", "lint/clean.png", "pngsuite/basn3p04.png", "pngsuite/tbbn3p08.png",
        "pngsuite/basn6a08.png", "stickers/noto-512/emoji_u1f9da_1f3fc.png",
    ]

    /// The file's straight pixels as little-endian RGBA words.
    static func pixels(_ file: String) throws -> [UInt32] {
        let image = try PNGDecoder.decodeStraight(try Fixtures.bytes(file))
        return image.bytes.withUnsafeBytes { raw in
            (0..<(image.width * image.height)).map {
                raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian
            }
        }
    }

    /// The distinct values of `pixels` in first-seen order, by a `Set`.
    static func firstSeen(_ pixels: [UInt32]) -> [UInt32] {
        var seen = Set<UInt32>()
        return pixels.filter { seen.insert($0).inserted }
    }

    @Test("the fixtures span both sides of a 256-colour palette")
    func fixturesSpanPaletteLimit() throws {
        let counts = try Self.files.map { Self.firstSeen(try Self.pixels($0)).count }
        #expect(counts.contains { $0 <= 256 } && counts.contains { $0 > 2_048 })
    }

    @Test("with room for every colour: the Set's colours in first-seen order, each pixel's index", arguments: files)
    func countsEveryColor(file: String) throws {
        let pixels = try Self.pixels(file)
        let expected = Self.firstSeen(pixels)
        var table = ColorIndexTable(limit: 32_767)
        let allInserted = pixels.allSatisfy { table.insert($0) }
        #expect(allInserted)
        #expect(table.colors == expected)
        let position = Dictionary(uniqueKeysWithValues: expected.enumerated().map { ($1, $0) })
        #expect(pixels.allSatisfy { table.index(of: $0) == position[$0] })
        // A colour of none of the pixels (fixtures never hold every alpha with this colour).
        let absent = (0...255).lazy.map { 0x0012_3456 | UInt32($0) << 24 }.first { position[$0] == nil }!
        #expect(table.index(of: absent) == nil)
    }

    @Test("at 256 colours: the 257th distinct colour is refused, and only it", arguments: files)
    func refusesPastLimit(file: String) throws {
        let pixels = try Self.pixels(file)
        let expected = Self.firstSeen(pixels)
        var table = ColorIndexTable(limit: 256)
        var refusedAt: Int? = nil
        for (i, p) in pixels.enumerated() where !table.insert(p) {
            refusedAt = i
            break
        }
        if expected.count > 256 {
            #expect(refusedAt == pixels.firstIndex(of: expected[256]))
            #expect(table.colors == Array(expected.prefix(256)))
        } else {
            #expect(refusedAt == nil && table.colors == expected)
        }
    }

    @Test("reordered, indices follow the new order", arguments: files)
    func reorder(file: String) throws {
        let pixels = try Self.pixels(file)
        var table = ColorIndexTable(limit: 256)
        for p in pixels where !table.insert(p) { break }
        let order = table.colors.sorted(by: >)
        table.reorder(order)
        #expect(table.colors == order)
        #expect(order.indices.allSatisfy { table.index(of: order[$0]) == $0 })
    }

    @Test("GIF frames: transparent (0) is skipped when counting and mapped to the transparent index", arguments: files)
    func gifIndices(file: String) throws {
        // As a GIF frame: fully transparent pixels become 0, the rest keep their value.
        let pixels = try Self.pixels(file).map { $0 >> 24 == 0 ? 0 : $0 }
        let opaque = Self.firstSeen(pixels.filter { $0 != 0 })
        var table = ColorIndexTable(limit: 32_767)
        let inserted = table.insert(contentsOf: pixels)
        #expect(inserted)
        #expect(table.colors == opaque)
        var fromRuns = ColorIndexTable(limit: 32_767)
        let insertedRuns = fromRuns.insert(runsOf: GIFResolvedFrame(pixels: pixels))
        #expect(insertedRuns)
        #expect(fromRuns.colors == opaque)
        // Indices are bytes: keep the first 254 colours, the rest of the pixels made transparent.
        let palette = Array(opaque.prefix(254))
        let kept = Set(palette)
        let frame = pixels.map { kept.contains($0) ? $0 : 0 }
        let transparent = UInt8(palette.count)
        let indices = ColorIndexTable(colors: palette).indices(of: frame, transparent: transparent)
        #expect(indices.count == frame.count)
        #expect(zip(frame, indices).allSatisfy { p, i in p == 0 ? i == transparent : palette[Int(i)] == p })
    }
}
