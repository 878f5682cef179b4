import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("WebP: truncated, corrupt and over-limit files")
struct WebPCorruptionTests {
    /// Runs the decoder and returns the `CodecError` it threw (nil when it succeeded).
    static func error(_ bytes: [UInt8], limits: DecodeLimits = .default) -> CodecError? {
        do {
            _ = try WebPDecoder.decode(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func corruptReason(_ bytes: [UInt8]) -> String? {
        if case .corrupt(.webp, let reason)? = error(bytes) { return reason }
        return nil
    }

    static func limitReason(_ bytes: [UInt8], _ limits: DecodeLimits) -> String? {
        if case .limitExceeded(.webp, let limit)? = error(bytes, limits: limits) { return limit.description }
        return nil
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    static let files = [
        "libwebp-test-data/test.webp",  // lossy VP8
        "libwebp-test-data/lossless1.webp",  // lossless VP8L
        "libwebp-test-data/lossy_alpha1.webp",  // VP8X + ALPH + VP8
        "libwebp-test-data/small_31x13.webp",
        "image-webp/animated/random_lossless.webp",  // ANIM + ANMF
        "image-webp/animated/random_lossy.webp",
    ]

    @Test("a file cut anywhere gives CodecError.corrupt saying it is truncated", arguments: files)
    func truncated(file: String) throws {
        let bytes = try Fixtures.bytes("webp/" + file)
        #expect(Self.error(bytes) == nil)
        var cuts = Array(0..<64)
        cuts += Array(stride(from: 64, to: bytes.count, by: max(1, bytes.count / 300)))
        cuts.append(bytes.count - 1)
        for cut in cuts {
            let reason = Self.corruptReason(Array(bytes[0..<cut]))
            #expect(
                reason?.contains("truncated") == true,
                "\(file) cut at \(cut): \(String(describing: Self.error(Array(bytes[0..<cut]))))")
        }
    }

    /// A cut whose RIFF and chunk sizes were rewritten to match: the container is
    /// consistent, so libwebp's own bitstream decoders must notice the missing data.
    @Test(
        "a cut image chunk with consistent container sizes is caught by libwebp's bitstream decoder",
        arguments: ["libwebp-test-data/test.webp", "libwebp-test-data/lossless1.webp", "wuffs/hat.lossy.webp"])
    func truncatedBitstream(file: String) throws {
        let bytes = try Fixtures.bytes("webp/" + file)
        let header = 20
        let chunkEnd = header + (Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24)
        var cuts = Array(stride(from: header + 10, to: chunkEnd, by: max(1, (chunkEnd - header) / 200)))
        cuts += [chunkEnd - 2, chunkEnd - 1]
        for cut in cuts {
            var damaged = Array(bytes[0..<cut])
            damaged.replaceSubrange(4..<8, with: Self.le32(cut - 8))
            damaged.replaceSubrange(16..<20, with: Self.le32(cut - header))
            let reason = Self.corruptReason(damaged)
            #expect(reason != nil, "\(file) cut at \(cut): \(String(describing: Self.error(damaged)))")
        }
    }

    @Test("damaged headers give typed errors naming the problem")
    func damagedHeaders() throws {
        let lossless = try Fixtures.bytes("webp/libwebp-test-data/lossless1.webp")
        var badSignature = lossless
        badSignature[20] = 0x2E  // VP8L signature byte is 0x2F
        #expect(Self.corruptReason(badSignature) != nil)

        let lossy = try Fixtures.bytes("webp/libwebp-test-data/test.webp")
        var badStartCode = lossy
        badStartCode[23] = 0x00  // VP8 key frame start code 9D 01 2A
        #expect(Self.corruptReason(badStartCode) != nil)

        var notWebP = lossy
        notWebP[8] = UInt8(ascii: "X")
        #expect(Self.corruptReason(notWebP)?.contains("signature") == true)

        var chunkTooLong = lossless
        chunkTooLong.replaceSubrange(16..<20, with: Self.le32(lossless.count))
        #expect(Self.corruptReason(chunkTooLong)?.contains("invalid container") == true)

        // An animation frame placed outside the canvas.
        var anim = try Fixtures.bytes("webp/image-webp/animated/random_lossless.webp")
        let anmf = try #require((0..<(anim.count - 4)).first { Array(anim[$0..<($0 + 4)]) == Array("ANMF".utf8) })
        anim[anmf + 8] = 10  // x offset 20 px on a 64 px canvas with a 64 px frame
        #expect(Self.corruptReason(anim)?.contains("invalid container") == true)
    }

    @Test("corrupt compressed frame data in an animation names the frame")
    func corruptFrame() throws {
        var anim = try Fixtures.bytes("webp/image-webp/animated/random_lossless.webp")
        let anmfs = (0..<(anim.count - 4)).filter { Array(anim[$0..<($0 + 4)]) == Array("ANMF".utf8) }
        try #require(anmfs.count == 3)
        // Frame 2's entropy-coded pixels (its VP8L header stays readable).
        for i in 60..<90 { anim[anmfs[1] + 8 + 16 + 8 + i] = 0xFF }
        let reason = try #require(Self.corruptReason(anim))
        #expect(reason.hasPrefix("frame 2:"), "\(reason)")
    }

    /// libwebp's documented behaviour, checked against dwebp's output digests elsewhere:
    /// very_short.webp is a complete 63x66 lossy image with very little data, and
    /// bad_palette_index.webp uses indices past its colour table, which the lossless
    /// specification decodes as transparent black.
    @Test("very_short.webp and bad_palette_index.webp decode as libwebp documents")
    func libwebpEdgeCases() throws {
        let short = try WebPDecoder.decode(try Fixtures.bytes("webp/libwebp-test-data/very_short.webp"))
        #expect(short.width == 63 && short.height == 66)
        let palette = try WebPDecoder.decode(try Fixtures.bytes("webp/libwebp-test-data/bad_palette_index.webp"))
        #expect(palette.width == 128 && palette.height == 128)
        let transparent = stride(from: 0, to: palette.firstFrame.bytes.count, by: 4)
            .filter { palette.firstFrame.bytes[$0 + 3] == 0 }.count
        #expect(transparent > 0)
    }

    @Test("random byte damage never crashes: every result is an image or a CodecError")
    func randomDamage() throws {
        var generator = SplitMix64(seed: 0x5EB_2024)
        for file in Self.files where !file.contains("lossless1") && !file.contains("lossy_alpha1") {
            let bytes = try Fixtures.bytes("webp/" + file)
            for _ in 0..<150 {
                var damaged = bytes
                for _ in 0..<3 {
                    let at = 12 + Int(generator.next() % UInt64(bytes.count - 12))
                    damaged[at] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
                }
                if let animation = try? WebPDecoder.decode(damaged) {
                    #expect(animation.frames.allSatisfy { $0.raster.width == animation.width })
                }
            }
        }
    }

    @Test("limits are checked from the container before decoding")
    func limits() throws {
        let lossless = try Fixtures.bytes("webp/libwebp-test-data/lossless1.webp")  // 1000x307
        #expect(Self.limitReason(lossless, DecodeLimits(maxWidth: 999))?.contains("width 1000") == true)
        #expect(Self.limitReason(lossless, DecodeLimits(maxHeight: 300))?.contains("height 307") == true)
        #expect(Self.limitReason(lossless, DecodeLimits(maxPixels: 300_000)) != nil)
        #expect(Self.limitReason(lossless, DecodeLimits(maxDecodedBytes: 1000 * 307 * 4 - 1)) != nil)
        #expect(Self.limitReason(lossless, DecodeLimits(maxInputBytes: lossless.count - 1)) != nil)
        #expect(Self.error(lossless, limits: DecodeLimits(maxDecodedBytes: 1000 * 307 * 4)) == nil)

        let anim = try Fixtures.bytes("webp/image-webp/animated/random_lossy.webp")  // 99x87, 4 frames
        #expect(Self.limitReason(anim, DecodeLimits(maxFrames: 3))?.contains("4 frames") == true)
        #expect(Self.limitReason(anim, DecodeLimits(maxDecodedBytes: 99 * 87 * 4 * 4 - 1)) != nil)
        #expect(Self.error(anim, limits: DecodeLimits(maxFrames: 4, maxDecodedBytes: 99 * 87 * 4 * 4)) == nil)
    }
}
