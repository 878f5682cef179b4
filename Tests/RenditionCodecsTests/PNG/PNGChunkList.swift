import RenditionTestSupport

/// A PNG file as a list of chunks that tests can edit and write back with fresh CRCs
/// (a test-side implementation, independent of the codec's own chunk code).
struct PNGChunkList {
    struct Chunk {
        var type: String
        var data: [UInt8]
        /// Offset of the chunk's length field in the file it was read from.
        var offset: Int
    }

    var chunks: [Chunk]

    /// Splits a well-formed file into chunks (no validation).
    init(_ bytes: [UInt8]) {
        chunks = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(Self.uint32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[(offset + 8)..<(offset + 8 + length)]), offset: offset))
            offset += 12 + length
        }
    }

    /// The file with every CRC recomputed.
    var bytes: [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for chunk in chunks {
            Self.append(UInt32(chunk.data.count), to: &out)
            let typed = Array(chunk.type.utf8) + chunk.data
            out += typed
            Self.append(ReferenceCRC32.checksum(typed), to: &out)
        }
        return out
    }

    /// Indices of the chunks of one type.
    func indices(of type: String) -> [Int] { chunks.indices.filter { chunks[$0].type == type } }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    static func append(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `data` as a zlib stream of stored (uncompressed) deflate blocks.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        append(b << 16 | a, to: &out)
        return out
    }

    /// A PNG file from an IHDR's fields, optional PLTE and tRNS, and raw filtered scanlines.
    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, palette: [UInt8]? = nil,
        transparency: [UInt8]? = nil, scanlines: [UInt8]
    ) -> [UInt8] {
        var ihdr: [UInt8] = []
        append(UInt32(width), to: &ihdr)
        append(UInt32(height), to: &ihdr)
        ihdr += [bitDepth, colorType, 0, 0, 0]
        var list = PNGChunkList([])
        list.chunks = [Chunk(type: "IHDR", data: ihdr, offset: 0)]
        if let palette { list.chunks.append(Chunk(type: "PLTE", data: palette, offset: 0)) }
        if let transparency { list.chunks.append(Chunk(type: "tRNS", data: transparency, offset: 0)) }
        list.chunks.append(Chunk(type: "IDAT", data: storedZlib(scanlines), offset: 0))
        list.chunks.append(Chunk(type: "IEND", data: [], offset: 0))
        return list.bytes
    }
}
