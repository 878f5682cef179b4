/// Strict UTF-8 checking (RFC 3629): no overlong forms, no encoded surrogates, nothing past
/// U+10FFFF, no truncated sequences.
enum UTF8Validation {
    /// The offset of the first byte that starts an invalid sequence, or `nil` when all of
    /// `bytes` is valid UTF-8.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let count = bytes.count
        while i < count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return i
            }
            guard count - i >= length, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) { return i }
            i += length
        }
        return nil
    }
}
