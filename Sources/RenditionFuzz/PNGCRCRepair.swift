/// Rewrites the CRC of every complete chunk of a PNG stream, so that mutated chunks reach
/// the decoders' parsers instead of stopping at the CRC check. Bytes that do not form
/// chunks are left alone.
enum PNGCRCRepair {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// `bytes` with each chunk's CRC recomputed (only when it starts with the PNG signature).
    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 8, bytes[0] == 0x89, bytes[1] == 0x50 else { return bytes }
        var out = bytes
        var offset = 8
        while out.count - offset >= 12 {
            let length =
                Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
            guard length <= out.count - offset - 12 else { break }
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in out[(offset + 4)..<(offset + 8 + length)] {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
            crc ^= 0xFFFF_FFFF
            let at = offset + 8 + length
            for i in 0..<4 { out[at + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
            offset = at + 4
        }
        return out
    }
}
