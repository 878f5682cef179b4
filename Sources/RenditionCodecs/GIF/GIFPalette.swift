/// A GIF colour table: up to 256 RGB entries, always opaque.
struct GIFPalette: Equatable {
    /// The colours as R, G, B triplets.
    let rgb: [UInt8]

    /// The number of entries.
    var count: Int { rgb.count / 3 }

    /// Reads a table of `count` entries.
    static func read(_ reader: inout GIFByteReader, count: Int, _ what: String) throws(CodecError) -> GIFPalette {
        GIFPalette(rgb: Array(try reader.bytes(count * 3, what)))
    }

    /// 256 premultiplied RGBA pixels (as little-endian `UInt32`) for indices 0–255: the
    /// table's colours, opaque; entries past the table and `transparentIndex` are
    /// `(0, 0, 0, 0)`.
    func lookupTable(transparentIndex: Int?) -> [UInt32] {
        var table = [UInt32](repeating: 0, count: 256)
        for i in 0..<min(count, 256) {
            table[i] = UInt32(rgb[3 * i]) | UInt32(rgb[3 * i + 1]) << 8 | UInt32(rgb[3 * i + 2]) << 16 | 0xFF00_0000
        }
        if let transparentIndex, transparentIndex < 256 { table[transparentIndex] = 0 }
        return table
    }
}
