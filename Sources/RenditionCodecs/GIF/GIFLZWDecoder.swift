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
        let clear = 1 << minimumCodeSize
        let endOfInformation = clear + 1
        let maxCodes = 4096

        // Table: where each code's string first appeared in the output, and its length. A new
        // code is always the previous string plus the first byte of the one after it, and the
        // two are adjacent in the output, so every string can be copied from there: no prefix
        // chains to walk. Codes below `clear` are single bytes, written directly.
        let origin = UnsafeMutablePointer<Int32>.allocate(capacity: maxCodes)
        let length = UnsafeMutablePointer<Int32>.allocate(capacity: maxCodes)
        defer {
            origin.deallocate()
            length.deallocate()
        }
        origin.initialize(repeating: 0, count: maxCodes)
        length.initialize(repeating: 1, count: maxCodes)

        var codeSize = minimumCodeSize + 1
        var codeMask = (1 << codeSize) - 1
        var nextCode = endOfInformation + 1
        var previous = -1
        var previousStart = 0
        var written = 0
        var bits: UInt64 = 0
        var bitCount = 0
        var position = 0
        let end = data.count

        while written < capacity {
            if bitCount < codeSize {
                if position + 8 <= end {
                    // Refill up to 56 bits at once.
                    let word = UInt64(littleEndian: UnsafeRawPointer(data.baseAddress! + position).loadUnaligned(as: UInt64.self))
                    bits |= word << UInt64(bitCount)
                    let taken = (63 - bitCount) >> 3
                    position += taken
                    bitCount += taken << 3
                } else {
                    while bitCount < codeSize {
                        guard position < end else { return written }
                        bits |= UInt64(data[position]) << UInt64(bitCount)
                        position += 1
                        bitCount += 8
                    }
                }
            }
            let code = Int(bits & UInt64(codeMask))
            bits >>= UInt64(codeSize)
            bitCount -= codeSize

            if code == clear {
                codeSize = minimumCodeSize + 1
                codeMask = (1 << codeSize) - 1
                nextCode = endOfInformation + 1
                previous = -1
                continue
            }
            if code == endOfInformation { return written }

            let start = written
            let count: Int
            if code < clear {
                count = 1
                out[start] = UInt8(truncatingIfNeeded: code)
            } else if code < nextCode {
                // A known string, earlier in the output: copy what fits.
                count = Int(length[code])
                (out + start).update(from: out + Int(origin[code]), count: min(count, capacity - start))
            } else if code == nextCode && previous >= 0 && nextCode < maxCodes {
                // The "KwKwK" case: the previous string plus its own first byte, which is the
                // first byte written here; copied forwards, byte by byte, it comes out right.
                count = Int(length[previous]) + 1
                let from = out + previousStart
                for i in 0..<min(count, capacity - start) { out[start + i] = from[i] }
            } else {
                throw .undefinedCode(code: code, nextCode: nextCode)
            }
            if previous >= 0 && nextCode < maxCodes {
                origin[nextCode] = Int32(previousStart)
                length[nextCode] = length[previous] &+ 1
                nextCode += 1
            }
            written = min(capacity, start + count)
            previous = code
            previousStart = start
            if nextCode == codeMask + 1 && codeSize < 12 {
                codeSize += 1
                codeMask = (1 << codeSize) - 1
            }
        }
        return written
    }
}
