/// The block structure of a GIF, read directly from its bytes (for tests that check what the
/// encoder wrote, independently of the decoder).
struct GIFStructure {
    struct Image {
        var x: Int, y: Int, width: Int, height: Int
        var hasLocalTable: Bool
        /// Disposal code of the graphic control extension before it (nil: none).
        var disposal: Int?
        var transparentIndex: Int?
        var delay: Int?
    }

    var width = 0, height = 0
    var globalTableSize = 0
    var repeatCount: Int?
    var images: [Image] = []

    /// Parses `bytes`; returns nil on anything unexpected.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF89a".utf8)) else { return nil }
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        var i = 13
        if bytes[10] & 0x80 != 0 {
            globalTableSize = 2 << Int(bytes[10] & 7)
            i += 3 * globalTableSize
        }
        var control: (disposal: Int, transparent: Int?, delay: Int)? = nil
        func subBlocks() -> [[UInt8]]? {
            var blocks: [[UInt8]] = []
            while i < bytes.count {
                let n = Int(bytes[i])
                i += 1
                if n == 0 { return blocks }
                guard i + n <= bytes.count else { return nil }
                blocks.append(Array(bytes[i..<(i + n)]))
                i += n
            }
            return nil
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x3B:
                return
            case 0x21:
                guard i + 1 < bytes.count else { return nil }
                let label = bytes[i + 1]
                i += 2
                guard let blocks = subBlocks() else { return nil }
                if label == 0xF9, let b = blocks.first, b.count == 4 {
                    control = (Int(b[0] >> 2) & 7, b[0] & 1 != 0 ? Int(b[3]) : nil, Int(b[1]) | Int(b[2]) << 8)
                } else if label == 0xFF, blocks.first == Array("NETSCAPE2.0".utf8), blocks.count > 1,
                    blocks[1].count == 3
                {
                    repeatCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                }
            case 0x2C:
                guard i + 10 <= bytes.count else { return nil }
                func word(_ o: Int) -> Int { Int(bytes[i + o]) | Int(bytes[i + o + 1]) << 8 }
                let packed = bytes[i + 9]
                images.append(
                    Image(
                        x: word(1), y: word(3), width: word(5), height: word(7), hasLocalTable: packed & 0x80 != 0,
                        disposal: control?.disposal, transparentIndex: control?.transparent, delay: control?.delay))
                control = nil
                i += 10
                if packed & 0x80 != 0 { i += 3 * (2 << Int(packed & 7)) }
                i += 1  // LZW code size
                guard subBlocks() != nil else { return nil }
            default:
                return nil
            }
        }
        return nil
    }
}
