import Foundation
import RenditionCodecs
import RenditionCore

/// Small hostile files built in code: decompression bombs (files that claim, or expand to,
/// far more pixels, frames or bytes than they hold) and CPU bombs.
public enum HostileInputs {
    // MARK: gzip (TGS)

    /// `bytes` as a gzip file (one member, stored deflate blocks), as `.tgs` files are; the
    /// trailer says `declaredSize` bytes when given.
    public static func gzip(_ bytes: [UInt8], declaredSize: Int? = nil) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0xFF]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let last: UInt8 = offset + count == bytes.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[offset..<(offset + count)]
            offset += count
        } while offset < bytes.count
        out += littleEndian(ReferenceCRC32.checksum(bytes), bytes: 4)
        out += littleEndian(UInt32(truncatingIfNeeded: declaredSize ?? bytes.count), bytes: 4)
        return out
    }

    /// A TGS file of a few hundred bytes that declares `frames` frames of a `side` px canvas
    /// with one shape covering it: the drawing work of a thousand frames in 300 bytes.
    public static func tgsBomb(frames: Int, side: Int) -> [UInt8] {
        let half = side / 2
        let document = """
            {"v":"5.5.2","fr":60,"ip":0,"op":\(frames),"w":\(side),"h":\(side),"ddd":0,"assets":[],"layers":[\
            {"ty":4,"ind":1,"ip":0,"op":\(frames),"st":0,"ks":{},"shapes":[{"ty":"rc","d":1,\
            "s":{"a":0,"k":[\(side),\(side)]},"p":{"a":0,"k":[\(half),\(half)]},"r":{"a":0,"k":0}},\
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """
        return gzip(Array(document.utf8))
    }

    // MARK: PNG and APNG

    /// A PNG stream: the signature, `IHDR` for `width` x `height` at `bitDepth`/`colorType`,
    /// then `chunks` (type, data) with correct CRCs, then `IEND`.
    public static func png(
        width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6,
        chunks: [(String, [UInt8])]
    ) -> [UInt8] {
        var out: [UInt8] = PNGHeader.signature
        func append(_ type: String, _ data: [UInt8]) {
            out.appendBigEndian(UInt32(data.count))
            let typed = Array(type.utf8) + data
            out += typed
            out.appendBigEndian(ReferenceCRC32.checksum(typed))
        }
        var header: [UInt8] = []
        header.appendBigEndian(width)
        header.appendBigEndian(height)
        header += [bitDepth, colorType, 0, 0, 0]
        append("IHDR", header)
        for (type, data) in chunks { append(type, data) }
        append("IEND", [])
        return out
    }

    /// A zlib stream of `count` zero bytes (`count` ≥ 1) in one fixed-Huffman deflate block:
    /// a literal 0, then "copy 258 bytes from 1 back" (13 bits each, about 160:1), then
    /// literals for the rest.
    public static func zlibZeros(_ count: Int) -> [UInt8] {
        var writer = DeflateBitWriter()
        writer.write(0x78, bits: 8)  // zlib header: deflate, 32 KiB window
        writer.write(0x01, bits: 8)
        writer.write(1, bits: 1)  // final block
        writer.write(1, bits: 2)  // fixed Huffman codes
        writer.writeHuffman(0x30, bits: 8)  // literal 0
        var left = count - 1
        while left >= 258 {
            writer.writeHuffman(0xC5, bits: 8)  // length code 285: 258 bytes
            writer.writeHuffman(0, bits: 5)  // distance code 0: 1 back
            left -= 258
        }
        for _ in 0..<left { writer.writeHuffman(0x30, bits: 8) }
        writer.writeHuffman(0, bits: 7)  // end of block (256)
        var out = writer.finish()
        // Adler-32 of zeros: a stays 1, b adds 1 per byte.
        out.appendBigEndian(UInt32(count % 65_521) << 16 | 1)
        return out
    }

    /// A 1,000 x 1,000 RGBA PNG (4,001,000 bytes of scanlines) whose one `IDAT` is a valid
    /// zlib stream that inflates to `inflatedBytes` zeros: a stream that goes on far past
    /// the image it belongs to.
    public static func pngInflatingPastItsSize(inflatedBytes: Int) -> [UInt8] {
        png(width: 1_000, height: 1_000, chunks: [("IDAT", zlibZeros(inflatedBytes))])
    }

    /// A valid 1 x 1 RGBA PNG whose header was edited to claim `side` x `side` pixels.
    public static func pngClaiming(side: UInt32) -> [UInt8] {
        png(width: side, height: side, chunks: [("IDAT", zlibZeros(5))])
    }

    /// An APNG of `frames` 1 x 1 frames (the default image is the first); `declaredFrames`
    /// is what `acTL` claims (by default the truth).
    public static func apng(frames: Int, declaredFrames: UInt32? = nil) -> [UInt8] {
        var chunks: [(String, [UInt8])] = []
        var actl: [UInt8] = []
        actl.appendBigEndian(declaredFrames ?? UInt32(frames))
        actl.appendBigEndian(UInt32(0))
        chunks.append(("acTL", actl))
        var sequence: UInt32 = 0
        let pixel = zlibZeros(5)  // filter byte + one transparent RGBA pixel
        for index in 0..<frames {
            var fctl: [UInt8] = []
            fctl.appendBigEndian(sequence)
            fctl.appendBigEndian(UInt32(1))  // width
            fctl.appendBigEndian(UInt32(1))  // height
            fctl.appendBigEndian(UInt32(0))  // x
            fctl.appendBigEndian(UInt32(0))  // y
            fctl += [0, 1, 0, 10, 0, 0]  // 1/10 s, dispose none, blend source
            chunks.append(("fcTL", fctl))
            sequence += 1
            if index == 0 {
                chunks.append(("IDAT", pixel))
            } else {
                var fdat: [UInt8] = []
                fdat.appendBigEndian(sequence)
                chunks.append(("fdAT", fdat + pixel))
                sequence += 1
            }
        }
        return png(width: 1, height: 1, chunks: chunks)
    }

    // MARK: GIF

    /// A GIF89a with a `width` x `height` canvas and `frames` images of 1 x 1 pixel, each
    /// 15 bytes (descriptor, LZW code size, one sub-block holding clear + index 0 + end).
    public static func gif(frames: Int, width: UInt16 = 1, height: UInt16 = 1) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        out += [0x80, 0, 0]  // global colour table of 2 entries
        out += [0, 0, 0, 255, 255, 255]
        for _ in 0..<frames {
            out += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // image descriptor: 1 x 1 at 0,0
            out += [2, 2, 0x44, 0x01, 0]  // code size 2; codes 4 (clear), 0, 5 (end)
        }
        out.append(0x3B)
        return out
    }

    // MARK: WebP

    /// An animated WebP of `frames` 1 x 1 frames, each an `ANMF` chunk around the same
    /// lossless bitstream (made by `WebPEncoder`).
    public static func webpAnimation(frames: Int) throws -> [UInt8] {
        let still = try WebPEncoder(options: .lossless).encode(Animation(still: Raster(width: 1, height: 1)))
        // A lossless still is the RIFF header (12 bytes) and one VP8L chunk.
        precondition(still.count > 20 && Array(still[12..<16]) == Array("VP8L".utf8), "expected a simple lossless WebP")
        let bitstream = Array(still[12...])
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            var out = Array(type.utf8)
            out += littleEndian(UInt32(data.count), bytes: 4)
            out += data
            if data.count % 2 == 1 { out.append(0) }
            return out
        }
        var body = Array("WEBP".utf8)
        body += chunk("VP8X", [0x12, 0, 0, 0] + littleEndian(0, bytes: 3) + littleEndian(0, bytes: 3))
        body += chunk("ANIM", [0, 0, 0, 0, 0, 0])
        let frame = chunk(
            "ANMF",
            littleEndian(0, bytes: 3) + littleEndian(0, bytes: 3) + littleEndian(0, bytes: 3)
                + littleEndian(0, bytes: 3) + littleEndian(100, bytes: 3) + [0] + bitstream)
        for _ in 0..<frames { body += frame }
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count), bytes: 4) + body
    }

    private static func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }

    // MARK: JPEG

    /// A progressive JPEG with its last scan repeated until it has `scans` scans (libjpeg
    /// only warns about the repeats): every scan makes the decoder revisit the whole image.
    public static func jpegWithScans(_ scans: Int, from progressive: [UInt8]) -> [UInt8] {
        var starts: [Int] = []
        var offset = 2
        while offset + 4 <= progressive.count, progressive[offset] == 0xFF {
            let marker = progressive[offset + 1]
            if marker == 0xD9 { break }
            let length = Int(progressive[offset + 2]) << 8 | Int(progressive[offset + 3])
            offset += 2 + length
            if marker == 0xDA {
                starts.append(offset - 2 - length)
                // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or RSTn.
                while offset + 1 < progressive.count,
                    !(progressive[offset] == 0xFF && progressive[offset + 1] != 0
                        && !(0xD0...0xD7).contains(progressive[offset + 1]))
                {
                    offset += 1
                }
            }
        }
        precondition(!starts.isEmpty && starts.count < scans, "not a progressive JPEG with fewer scans")
        let lastScan = Array(progressive[starts.last!..<offset])
        var out = Array(progressive[0..<offset])
        for _ in starts.count..<scans { out += lastScan }
        return out + [0xFF, 0xD9]
    }
}

/// Writes deflate's least-significant-bit-first bit stream.
private struct DeflateBitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Writes the low `bits` bits of `value`, least significant first (header fields).
    mutating func write(_ value: UInt32, bits: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Writes a Huffman code of `bits` bits, most significant bit first.
    mutating func writeHuffman(_ code: UInt32, bits: Int) {
        var reversed: UInt32 = 0
        for i in 0..<bits where code & (1 << UInt32(i)) != 0 { reversed |= 1 << UInt32(bits - 1 - i) }
        write(reversed, bits: bits)
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Appends a 32-bit big-endian value.
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
