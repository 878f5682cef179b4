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

        // Table: each code's last byte, its prefix code and the length of its string.
        let suffix = UnsafeMutablePointer<UInt8>.allocate(capacity: maxCodes)
        let prefix = UnsafeMutablePointer<UInt16>.allocate(capacity: maxCodes)
        let length = UnsafeMutablePointer<UInt16>.allocate(capacity: maxCodes)
        defer {
            suffix.deallocate()
            prefix.deallocate()
            length.deallocate()
        }
        suffix.initialize(repeating: 0, count: maxCodes)
        prefix.initialize(repeating: 0, count: maxCodes)
        length.initialize(repeating: 0, count: maxCodes)
        for code in 0..<clear {
            suffix[code] = UInt8(truncatingIfNeeded: code)
            length[code] = 1
        }

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
            while bitCount < codeSize {
                guard position < end else { return written }
                bits |= UInt64(data[position]) << UInt64(bitCount)
                position += 1
                bitCount += 8
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
            if code < nextCode {
                // A known string: write it backwards from its last byte, dropping what
                // would not fit in the output.
                let count = Int(length[code])
                var c = code
                var skip = max(0, start + count - capacity)
                var index = start + count - 1
                while c >= clear {
                    if skip > 0 { skip -= 1 } else { out[index] = suffix[c] }
                    index -= 1
                    c = Int(prefix[c])
                }
                if skip == 0 { out[index] = UInt8(truncatingIfNeeded: c) }
                written = min(capacity, start + count)
                if previous >= 0 && nextCode < maxCodes {
                    suffix[nextCode] = UInt8(truncatingIfNeeded: c)
                    prefix[nextCode] = UInt16(previous)
                    length[nextCode] = length[previous] &+ 1
                    nextCode += 1
                }
            } else if code == nextCode && previous >= 0 && nextCode < maxCodes {
                // The "KwKwK" case: the previous string plus its own first byte.
                let first = out[previousStart]
                suffix[nextCode] = first
                prefix[nextCode] = UInt16(previous)
                length[nextCode] = length[previous] &+ 1
                nextCode += 1
                let count = Int(length[code])
                // The previous string is still in the output, just before this one.
                for i in 0..<min(count - 1, capacity - start) { out[start + i] = out[previousStart + i] }
                if start + count - 1 < capacity { out[start + count - 1] = first }
                written = min(capacity, start + count)
            } else {
                throw .undefinedCode(code: code, nextCode: nextCode)
            }
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
