/// Reads GIF's LZW codes from the joined sub-block data: variable-width codes, least
/// significant bit first, taken from a 64-bit bit buffer refilled up to 56 bits at a time.
struct GIFLZWCodeReader {
    private let data: UnsafeBufferPointer<UInt8>
    private var bits: UInt64 = 0
    private var bitCount = 0
    private var position = 0

    init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
    }

    /// The next code of `codeSize` bits (`mask` is `(1 << codeSize) - 1`), or `nil` when the
    /// data ends before it.
    @inline(__always)
    mutating func next(codeSize: Int, mask: Int) -> Int? {
        if bitCount < codeSize {
            let end = data.count
            if position + 8 <= end {
                // Refill up to 56 bits at once.
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(data.baseAddress! + position).loadUnaligned(as: UInt64.self))
                bits |= word << UInt64(bitCount)
                let taken = (63 - bitCount) >> 3
                position += taken
                bitCount += taken << 3
            } else {
                while bitCount < codeSize {
                    guard position < end else { return nil }
                    bits |= UInt64(data[position]) << UInt64(bitCount)
                    position += 1
                    bitCount += 8
                }
            }
        }
        let code = Int(bits & UInt64(mask))
        bits >>= UInt64(codeSize)
        bitCount -= codeSize
        return code
    }
}
