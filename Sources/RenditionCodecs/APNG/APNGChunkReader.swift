/// A PNG chunk type: four ASCII letters stored as one big-endian 32-bit value.
struct PNGChunkType: Hashable, CustomStringConvertible {
    /// The four type bytes, first byte in the high bits.
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The type named by four ASCII letters.
    init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4, "chunk types have four letters")
        let p = name.utf8Start
        rawValue = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }

    static let ihdr = PNGChunkType("IHDR")
    static let plte = PNGChunkType("PLTE")
    static let idat = PNGChunkType("IDAT")
    static let iend = PNGChunkType("IEND")
    static let trns = PNGChunkType("tRNS")
    static let actl = PNGChunkType("acTL")
    static let fctl = PNGChunkType("fcTL")
    static let fdat = PNGChunkType("fdAT")

    private var bytes: [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) } }

    /// Whether every byte is an ASCII letter, as the PNG specification requires.
    var isValid: Bool { bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) } }

    /// Critical chunks have an upper-case first letter; a decoder must understand them.
    var isCritical: Bool { rawValue & 0x2000_0000 == 0 }

    /// The four letters, or hex digits when they are not letters.
    var description: String {
        isValid ? String(decoding: bytes, as: UTF8.self) : "0x" + String(rawValue, radix: 16, uppercase: true)
    }
}

/// One chunk of a PNG stream: its type and where it lies in the file.
struct PNGChunk: Equatable {
    /// The chunk's type.
    let type: PNGChunkType
    /// Offset of the chunk's length field in the file.
    let offset: Int
    /// Where the chunk's data lies in the file.
    let data: Range<Int>
}

/// Walks the chunks of a PNG or APNG file, checking lengths, types and every CRC, up to and
/// including `IEND` (anything after it is ignored, as PNG decoders do).
enum APNGChunkReader {
    /// The file's chunks in order, the first being `IHDR` and the last `IEND`.
    /// - Throws: `CodecError.corrupt` for a bad signature, a truncated file, an invalid chunk
    ///   type or length, or a CRC mismatch.
    static func chunks(in bytes: UnsafeRawBufferPointer) throws(CodecError) -> [PNGChunk] {
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(PNGHeader.signature) else {
            // PNGHeader explains signature damage (including converted line endings).
            _ = try PNGHeader(bytes)
            throw .corrupt(format: .png, reason: "bad PNG signature")
        }
        var chunks: [PNGChunk] = []
        var offset = 8
        while true {
            guard bytes.count - offset >= 8 else {
                throw .corrupt(
                    format: .png, reason: "file ends at byte \(bytes.count) before the IEND chunk (truncated)")
            }
            let length = bytes.loadBigEndianUInt32(at: offset)
            let type = PNGChunkType(rawValue: bytes.loadBigEndianUInt32(at: offset + 4))
            guard type.isValid else {
                throw .corrupt(format: .png, reason: "invalid chunk type \(type) at byte \(offset)")
            }
            guard length <= 0x7FFF_FFFF else {
                throw .corrupt(
                    format: .png, reason: "\(type) chunk at byte \(offset) claims \(length) bytes, over 2^31-1")
            }
            let dataStart = offset + 8
            guard Int(length) + 4 <= bytes.count - dataStart else {
                throw .corrupt(
                    format: .png,
                    reason: "file ends inside the \(type) chunk at byte \(offset) (truncated)")
            }
            let dataEnd = dataStart + Int(length)
            let stored = bytes.loadBigEndianUInt32(at: dataEnd)
            let computed = crc32(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<dataEnd]))
            guard stored == computed else {
                throw .corrupt(format: .png, reason: "bad CRC in the \(type) chunk at byte \(offset)")
            }
            chunks.append(PNGChunk(type: type, offset: offset, data: dataStart..<dataEnd))
            offset = dataEnd + 4
            if type == .iend { return chunks }
        }
    }
}
