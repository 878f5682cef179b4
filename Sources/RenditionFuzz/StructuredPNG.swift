/// Builds a valid PNG from fuzz bytes, so that mutations land on the pixel layer (filters,
/// bit depths, palettes, transparency, Adam7) instead of being stopped by zlib checksums.
///
/// Layout of the input: width, height (1...48 each), a pixel format chosen from the 15 valid
/// colour type / bit depth pairs, a flags byte (bit 0 interlace, bit 1 tRNS, bit 2 keep
/// filter bytes as given instead of reducing them to 0...4), the palette size, then palette
/// and tRNS bytes, then the scanlines — repeated or cut to the exact size the image needs and
/// stored in a zlib stream without compression.
enum StructuredPNG {
    private static let formats: [(colorType: UInt8, bitDepth: UInt8)] = [
        (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
        (4, 8), (4, 16), (6, 8), (6, 16),
    ]

    /// The PNG file for `input`, or `nil` when the input is too short to describe one.
    static func make(_ input: [UInt8]) -> [UInt8]? {
        guard input.count >= 5 else { return nil }
        var cursor = 5
        func take(_ count: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: count)
            for i in 0..<count where cursor < input.count {
                out[i] = input[cursor]
                cursor += 1
            }
            return out
        }
        let width = 1 + Int(input[0]) % 48
        let height = 1 + Int(input[1]) % 48
        let format = formats[Int(input[2]) % formats.count]
        let flags = input[3]
        let interlaced = flags & 1 != 0
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(format.colorType)]!
        let bitsPerPixel = channels * Int(format.bitDepth)

        var png = PNGFile()
        png.append("IHDR", be32(width) + be32(height) + [format.bitDepth, format.colorType, 0, 0, interlaced ? 1 : 0])
        let paletteSize = 1 + Int(input[4]) % min(256, 1 << Int(format.bitDepth))
        if format.colorType == 3 { png.append("PLTE", take(paletteSize * 3)) }
        if flags & 2 != 0 {
            switch format.colorType {
            case 0: png.append("tRNS", take(2))
            case 2: png.append("tRNS", take(6))
            case 3: png.append("tRNS", take(1 + Int(take(1)[0]) % paletteSize))
            default: break
            }
        }
        // Scanlines: the exact filtered size, Adam7 passes one after another.
        var data: [UInt8] = []
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        let rest = cursor < input.count ? Array(input[cursor...]) : [0]
        var source = 0
        for pass in passes {
            let w = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
            let h = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            guard w > 0, h > 0 else { continue }
            for _ in 0..<h {
                let filter = rest[source % rest.count]
                source += 1
                data.append(flags & 4 != 0 ? filter : filter % 5)
                for _ in 0..<((w * bitsPerPixel + 7) / 8) {
                    data.append(rest[source % rest.count])
                    source += 1
                }
            }
        }
        png.append("IDAT", storedZlib(data))
        png.append("IEND", [])
        return PNGCRCRepair.repaired(png.bytes)
    }

    /// A zlib stream holding `data` in stored (uncompressed) deflate blocks.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }
}

/// `value` as 4 big-endian bytes.
private func be32(_ value: Int) -> [UInt8] {
    [
        UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
        UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
}

/// A PNG stream under construction: the signature, then chunks with zeroed CRCs, which
/// `PNGCRCRepair.repaired` fills in once the stream is complete.
private struct PNGFile {
    private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    mutating func append(_ type: String, _ data: [UInt8]) {
        bytes += be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
}
