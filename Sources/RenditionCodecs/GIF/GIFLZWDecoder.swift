/// GIF's variable-width LZW decompression (codes of 3–12 bits, least significant bit first).
///
/// Follows what browsers accept: minimum code sizes 1–11, no `EOI` code needed (decoding
/// stops at the end of the data), data after the last pixel ignored, a full 4,096-entry table
/// kept until the next clear code. A code that is not yet in the table is an error.
enum GIFLZWDecoder {
    /// Why a code stream could not be decoded.
    enum Failure: Error, Equatable {
        /// The minimum code size byte is outside 1–11.
        case invalidCodeSize(Int)
        /// A code refers to a table entry that does not exist yet.
        case undefinedCode(code: Int, nextCode: Int)
    }

    /// Decodes `data` (the image's sub-blocks joined) into `output`, stopping at the `EOI`
    /// code, at the end of the data, or when `output` is full.
    /// - Returns: how many indices were written (fewer than `output.count` when the data is short).
    static func decode(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(Failure) -> Int {
        guard (1...11).contains(minimumCodeSize) else { throw .invalidCodeSize(minimumCodeSize) }
        let capacity = output.count
        guard capacity > 0, let out = output.baseAddress else { return 0 }
        var reader = GIFLZWCodeReader(data)
        var table = GIFLZWCodeTable(minimumCodeSize: minimumCodeSize)
        defer { table.deallocate() }

        var written = 0
        while written < capacity {
            guard let code = reader.next(codeSize: table.codeSize, mask: table.codeMask) else { return written }
            if code == table.clear {
                table.reset()
                continue
            }
            if code == table.endOfInformation { return written }
            let count = try table.write(code, to: out, at: written, capacity: capacity)
            table.extend(after: code, writtenAt: written)
            written = min(capacity, written + count)
        }
        return written
    }
}
