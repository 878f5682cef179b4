import Foundation

/// MD5 (RFC 1321), only to compare decoded pixels with published digests such as
/// libwebp-test-data's `libwebp_tests.md5`. Not for security.
enum MD5 {
    /// Per-round left-rotation amounts.
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// `floor(abs(sin(i + 1)) * 2^32)`.
    private static let constants: [UInt32] = (0..<64).map { i in
        let value = abs(sin(Double(i + 1))) * 4_294_967_296.0
        return UInt32(value.rounded(.down))
    }

    /// The digest of `message` as 32 lower-case hex digits.
    static func hex(_ message: [UInt8]) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for i in 0..<8 { padded.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(i)))) }

        var words = [UInt32](repeating: 0, count: 16)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for i in 0..<16 {
                let o = block + i * 4
                words[i] =
                    UInt32(padded[o]) | UInt32(padded[o + 1]) << 8
                    | UInt32(padded[o + 2]) << 16 | UInt32(padded[o + 3]) << 24
            }
            var (a, b, c, d) = state
            for i in 0..<64 {
                var f: UInt32
                let g: Int
                switch i {
                case 0..<16:
                    f = (b & c) | (~b & d)
                    g = i
                case 16..<32:
                    f = (d & b) | (~d & c)
                    g = (5 * i + 1) % 16
                case 32..<48:
                    f = b ^ c ^ d
                    g = (3 * i + 5) % 16
                default:
                    f = c ^ (b | ~d)
                    g = (7 * i) % 16
                }
                f = f &+ a &+ constants[i] &+ words[g]
                a = d
                d = c
                c = b
                b = b &+ (f << shifts[i] | f >> (32 - shifts[i]))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        let digits = Array("0123456789abcdef")
        var text = ""
        for word in [state.0, state.1, state.2, state.3] {
            for i in 0..<4 {
                let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt32(i)))
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
        }
        return text
    }
}
