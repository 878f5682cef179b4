/// Appends PNG chunks (length, type, data, CRC) to a byte array.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8]

    /// Starts a PNG stream with its signature.
    init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity + 64)
        bytes.append(contentsOf: PNGHeader.signature)
    }

    /// Appends a chunk whose data is `data`.
    mutating func append(_ type: String, _ data: [UInt8]) {
        appendChunk(type) { $0.append(contentsOf: data) }
    }

    /// Appends a chunk whose data `fill` appends to the buffer it is given.
    mutating func appendChunk<E: Error>(_ type: String, fill: (inout [UInt8]) throws(E) -> Void) throws(E) {
        let lengthOffset = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        let typeOffset = bytes.count
        bytes.append(contentsOf: Array(type.utf8))
        try fill(&bytes)
        let length = bytes.count - typeOffset - 4
        withUnsafeBytes(of: UInt32(length).bigEndian) { raw in
            for i in 0..<4 { bytes[lengthOffset + i] = raw[i] }
        }
        let crc = bytes.withUnsafeBytes { raw in
            crc32(UnsafeRawBufferPointer(rebasing: raw[typeOffset..<bytes.count]))
        }
        appendBigEndian(crc)
    }

    /// Appends `IHDR` for a `width` x `height` image in `layout`, then `PLTE` and `tRNS`
    /// (trailing opaque entries trimmed) when the layout has a palette.
    mutating func appendHeader(width: Int, height: Int, layout: PNGPixelLayout) {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [layout.bitDepth, layout.colorType, 0, 0, 0])
        append("IHDR", header)
        guard let palette = layout.palette else { return }
        var plte: [UInt8] = []
        var trns: [UInt8] = []
        for color in palette {
            plte += [
                UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8),
                UInt8(truncatingIfNeeded: color >> 16),
            ]
            trns.append(UInt8(truncatingIfNeeded: color >> 24))
        }
        while trns.last == 255 { trns.removeLast() }
        append("PLTE", plte)
        if !trns.isEmpty { append("tRNS", trns) }
    }

    /// Appends a 32-bit big-endian value (to the stream itself, outside any chunk).
    mutating func appendBigEndian(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}

extension Array where Element == UInt8 {
    /// Appends a 32-bit big-endian value.
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a 16-bit big-endian value.
    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
