/// An image descriptor: where an image sits on the canvas, its size, interlacing and the
/// size of its local colour table (which follows it in the file).
struct GIFImageDescriptor {
    /// Left edge on the canvas.
    let left: Int
    /// Top edge on the canvas.
    let top: Int
    /// Width in pixels (may be 0).
    let width: Int
    /// Height in pixels (may be 0).
    let height: Int
    /// Whether rows are stored in the four-pass interlaced order.
    let interlaced: Bool
    /// The number of entries in the local colour table, if there is one.
    let localPaletteCount: Int?

    /// Reads the 9 bytes of the descriptor after its `,` introducer.
    static func read(_ reader: inout GIFByteReader, frame: Int) throws(CodecError) -> GIFImageDescriptor {
        let what = "the image descriptor of frame \(frame)"
        let left = try reader.uint16(what)
        let top = try reader.uint16(what)
        let width = try reader.uint16(what)
        let height = try reader.uint16(what)
        let packed = try reader.byte(what)
        return GIFImageDescriptor(
            left: left, top: top, width: width, height: height, interlaced: packed & 0x40 != 0,
            localPaletteCount: packed & 0x80 != 0 ? 2 << Int(packed & 0x07) : nil)
    }

    /// The image row stored at position `storedRow` (rows are stored in passes starting at
    /// rows 0, 4, 2, 1 with steps 8, 8, 4, 2 when interlaced).
    static func interlacedRowOrder(height: Int) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(height)
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            rows.append(contentsOf: stride(from: start, to: height, by: step))
        }
        return rows
    }
}
