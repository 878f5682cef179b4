import RenditionCodecs
import RenditionCore
import RenditionTestSupport

/// Builds PNG files for tests: padding with an ancillary chunk, and straight RGBA written as is.
enum PNGPadding {
    /// `png` with a `tEXt` chunk inserted after `IHDR` so that the file is exactly `size` bytes.
    static func padded(_ png: [UInt8], toSize size: Int) throws -> [UInt8] {
        let overhead = 12 + "Comment".utf8.count + 1  // length, type, CRC; keyword and its NUL
        let fill = size - png.count - overhead
        precondition(fill >= 0, "file already larger than the target")
        var data = Array("Comment".utf8) + [0]
        data += [UInt8](repeating: UInt8(ascii: "x"), count: fill)
        let chunk = PNGChunkBytes.chunk("tEXt", data)
        let afterHeader = 8 + 25  // signature, IHDR chunk
        return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
    }
}

/// Writes straight RGBA as an uncompressed-deflate PNG, keeping colour under zero alpha.
enum StraightPNG {
    static func encode(width: Int, height: Int, straightRGBA: [UInt8]) throws -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += straightRGBA[(y * width * 4)..<((y + 1) * width * 4)]
        }
        // zlib stream of stored deflate blocks.
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let n = min(65_535, raw.count - offset)
            zlib.append(offset + n == raw.count ? 1 : 0)
            zlib += [UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            zlib += raw[offset..<(offset + n)]
            offset += n
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += [UInt8(b >> 8), UInt8(b & 255), UInt8(a >> 8), UInt8(a & 255)]
        var header: [UInt8] = []
        for v in [UInt32(width), UInt32(height)] {
            header += [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
        }
        header += [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGChunkBytes.chunk("IHDR", header)
            + PNGChunkBytes.chunk("IDAT", zlib) + PNGChunkBytes.chunk("IEND", [])
    }
}

/// PNG chunk framing with CRC-32.
enum PNGChunkBytes {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        let body = Array(type.utf8) + data
        let crc = ReferenceCRC32.checksum(body)
        return [UInt8(n >> 24), UInt8((n >> 16) & 255), UInt8((n >> 8) & 255), UInt8(n & 255)] + body
            + [UInt8(crc >> 24), UInt8((crc >> 16) & 255), UInt8((crc >> 8) & 255), UInt8(crc & 255)]
    }
}
