import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// The deflate compressor behind levels 5 and 6 (`rendition_deflate.h`): every stream it writes
/// must inflate, through libdeflate, to exactly its input, whatever the input.
@Suite("Row deflate compressor")
struct RowDeflateTests {
    /// Compresses `input` with `compressor` and inflates the result into a buffer of exactly
    /// the input's size; returns the stream.
    static func roundTrip(_ input: [UInt8], compressor: DeflateCompressor) throws -> [UInt8] {
        var stream: [UInt8] = []
        try input.withUnsafeBytes { raw in
            try compressor.appendZlib(
                raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: raw.count, to: &stream)
        }
        var inflated = [UInt8](repeating: 0xA5, count: input.count)
        let outcome = stream.withUnsafeBytes { compressed in
            inflated.withUnsafeMutableBytes { try! DeflateDecompressor().inflateZlib(compressed, into: $0) }
        }
        #expect(outcome == .exact)
        #expect(inflated == input)
        return stream
    }

    /// Reproducible pseudo-random bytes.
    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The filtered rows `PNGEncoder` compresses for a sticker fixture, as RGBA.
    static func filteredRows(_ fixture: String) throws -> [UInt8] {
        let image = try PNGDecoder.decodeStraight(Fixtures.bytes(fixture))
        return PNGFilter.filtered(image.bytes, rowBytes: image.width * 4, height: image.height, bpp: 4, adaptive: true)
    }

    @Test("Levels 5 and 6 are the row compressor, 6 searching harder; other levels are libdeflate's")
    func rowCompressorLevels() throws {
        let rows = try Self.filteredRows("stickers/openmoji-618/1F62C.png")
        let six = try Self.roundTrip(rows, compressor: DeflateCompressor(level: 6))
        let five = try Self.roundTrip(rows, compressor: DeflateCompressor(level: 5))
        let seven = try Self.roundTrip(rows, compressor: DeflateCompressor(level: 7))
        #expect(six != five && six != seven && five != seven)
        #expect(five.count >= six.count)
        #expect(Array(six.prefix(2)) == [0x78, 0x9C] && Array(five.prefix(2)) == [0x78, 0x9C])
    }

    @Test("Sticker rows round-trip and come out no larger than zlib's Z_FILTERED level 6")
    func stickerRows() throws {
        let compressor = try DeflateCompressor(level: 6)
        for fixture in [
            "stickers/openmoji-618/1F62C.png", "stickers/openmoji-618/1F1E7-1F1FB.png",
            "stickers/noto-512/emoji_u1f302.png", "stickers/derived/1F405-408.png",
        ] {
            let rows = try Self.filteredRows(fixture)
            let stream = try Self.roundTrip(rows, compressor: compressor)
            let zlib = try #require(
                rows.withUnsafeBufferPointer {
                    ZlibReferenceCompressor.compress($0.baseAddress!, count: $0.count)
                })
            #expect(stream.count <= zlib.count, "\(fixture): \(stream.count) > zlib's \(zlib.count)")
        }
    }

    @Test(
        "Edge inputs round-trip: empty, a few bytes, noise (stored blocks), long runs, many blocks",
        arguments: [5, 6])
    func edgeInputs(level: Int) throws {
        let compressor = try DeflateCompressor(level: level)
        #expect(try Self.roundTrip([], compressor: compressor).count == 2 + 2 + 4)
        for count in 1...20 {
            _ = try Self.roundTrip(Self.noise(count: count, seed: UInt64(count)), compressor: compressor)
        }
        // Incompressible: stored blocks, at most 5 bytes of framing per 32 KiB block.
        let noise = Self.noise(count: 300_000, seed: 7)
        let stored = try Self.roundTrip(noise, compressor: compressor)
        #expect(stored.count <= noise.count + 5 * (noise.count / 32_766 + 2) + 6)
        // Runs of one byte across the whole window and beyond: 258-byte matches at distance 1.
        let zeros = [UInt8](repeating: 0, count: 2_000_000)
        #expect(try Self.roundTrip(zeros, compressor: compressor).count < 3_000)
        // More than one block's worth of symbols: short repeats broken up by noise.
        var mixed: [UInt8] = []
        let bits = Self.noise(count: 200_000, seed: 11)
        for k in 0..<200_000 { mixed.append(k % 7 == 0 ? bits[k] : UInt8(k % 13)) }
        _ = try Self.roundTrip(mixed, compressor: compressor)
    }

    @Test("Output depends only on the input, not on what the compressor compressed before", arguments: [5, 6])
    func deterministic(level: Int) throws {
        let rows = try Self.filteredRows("stickers/openmoji-618/1F62C.png")
        let reused = try DeflateCompressor(level: level)
        let first = try Self.roundTrip(rows, compressor: reused)
        _ = try Self.roundTrip(Self.noise(count: 50_000, seed: 3), compressor: reused)
        let again = try Self.roundTrip(rows, compressor: reused)
        let fresh = try Self.roundTrip(rows, compressor: DeflateCompressor(level: level))
        #expect(first == again && first == fresh)
    }
}
