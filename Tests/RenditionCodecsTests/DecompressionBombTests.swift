import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Decompression and CPU bombs — small files that claim or expand to far more pixels, frames,
/// bytes or work than they hold — are refused with a typed error before that work is done.
/// (That the work is bounded is shown by memory: RenditionCLITests renders each bomb with
/// the `rendition` command in a process of its own and checks its peak resident set.)
@Suite("Decompression bombs")
struct DecompressionBombTests {
    /// The error `body` throws (`nil` when it returns; any error that is not a `CodecError`
    /// fails the test).
    static func error(_ body: () throws -> Void) -> CodecError? {
        do {
            try body()
            return nil
        } catch let error as CodecError {
            return error
        } catch {
            Issue.record("untyped error \(error)")
            return nil
        }
    }

    @Test("a PNG header claiming 100,000 x 100,000 px is refused from the header")
    func pngHeaderClaimingTenGigapixels() throws {
        let bytes = HostileInputs.pngClaiming(side: 100_000)
        #expect(bytes.count < 80)
        let expected = CodecError.limitExceeded(
            format: .png, limit: ExceededLimit(.width, found: 100_000, maximum: 16_384))
        #expect(Self.error { _ = try ImageDecoder.decodeAnimation(bytes) } == expected)
        #expect(Self.error { _ = try PNGDecoder.decode(bytes) } == expected)
    }

    @Test("a deflate stream that inflates to 1 GiB in a 1,000 x 1,000 PNG stops at the image's size")
    func deflateStreamPastTheImage() throws {
        // 4,001,000 bytes of scanlines declared; the IDAT stream holds 1 GiB of zeros.
        let bytes = HostileInputs.pngInflatingPastItsSize(inflatedBytes: 1 << 30)
        #expect(bytes.count < 7_000_000)
        #expect(
            Self.error { _ = try APNGDecoder.decode(bytes) }
                == .corrupt(format: .png, reason: "image: image data holds more than the 1000x1000 image needs"))
        guard case .corrupt(.png, let reason)? = Self.error({ _ = try PNGDecoder.decode(bytes) }) else {
            Issue.record("libpng's path must refuse the stream too")
            return
        }
        #expect(reason.contains("goes on far past the end of the image"), "\(reason)")

        // The same file with a stream of exactly the image's size is a valid transparent image.
        let exact = HostileInputs.pngInflatingPastItsSize(inflatedBytes: 4_001_000)
        let decoded = try PNGDecoder.decode(exact)
        #expect(decoded.width == 1_000 && decoded.bytes.allSatisfy { $0 == 0 })
        #expect(try APNGDecoder.decode(exact).firstFrame == decoded)
    }

    @Test("a header at the pixel limit with no data behind it costs one image's memory, no more")
    func pixelLimitHeaderWithoutData() throws {
        // 16,384 x 2,441 = 39,993,344 px: within the 40 MP limit, 160 MB of RGBA.
        let bytes = HostileInputs.png(width: 16_384, height: 2_441, chunks: [("IDAT", HostileInputs.zlibZeros(1))])
        #expect(
            Self.error { _ = try APNGDecoder.decode(bytes) }
                == .corrupt(format: .png, reason: "image: image data ends before the 16384x2441 image is complete"))
        #expect(Self.error { _ = try PNGDecoder.decode(bytes) } != nil)
    }

    @Test("a GIF of 65,535 frames is refused before the first frame is decoded")
    func gifWith65535Frames() throws {
        let bytes = HostileInputs.gif(frames: 65_535)
        #expect(bytes.count < 1_000_000)
        #expect(
            Self.error { _ = try GIFDecoder.decode(bytes) }
                == .limitExceeded(format: .gif, limit: ExceededLimit(.frames, found: 65_535, maximum: 1_000)))
    }

    @Test("a GIF whose frames would decode to over 1 GiB is refused before the first frame")
    func gifFramesOverTheDecodedBytesLimit() throws {
        // 800 frames of a 618 x 618 canvas: 1.2 GB composited, in a 12 KB file.
        let bytes = HostileInputs.gif(frames: 800, width: 618, height: 618)
        #expect(bytes.count < 13_000)
        #expect(
            Self.error { _ = try GIFDecoder.decode(bytes) }
                == .limitExceeded(
                    format: .gif, limit: ExceededLimit(.decodedBytes, found: 1_222_156_800, maximum: 1 << 30)))
        // Under the limit, the same construction decodes.
        #expect(try GIFDecoder.decode(HostileInputs.gif(frames: 3, width: 618, height: 618)).frames.count == 3)
    }

    @Test("an APNG of 65,535 frames is refused before any frame is inflated")
    func apngWith65535Frames() throws {
        let bytes = HostileInputs.apng(frames: 65_535)
        #expect(
            Self.error { _ = try APNGDecoder.decode(bytes) }
                == .limitExceeded(format: .png, limit: ExceededLimit(.frames, found: 65_535, maximum: 1_000)))
        #expect(try APNGDecoder.decode(HostileInputs.apng(frames: 3)).frames.count == 3)
    }

    @Test("an APNG whose acTL declares 2^31-1 frames is refused")
    func apngDeclaringHugeFrameCount() throws {
        let bytes = HostileInputs.apng(frames: 2, declaredFrames: 0x7FFF_FFFF)
        #expect(
            Self.error { _ = try APNGDecoder.decode(bytes) }
                == .corrupt(format: .png, reason: "acTL declares 2147483647 frames but the file has 2 fcTL chunks"))
    }

    @Test("an animated WebP of 65,535 frames is refused from its container")
    func webpWith65535Frames() throws {
        let bytes = try HostileInputs.webpAnimation(frames: 65_535)
        #expect(
            Self.error { _ = try WebPDecoder.decode(bytes) }
                == .limitExceeded(format: .webp, limit: ExceededLimit(.frames, found: 65_535, maximum: 1_000)))
        #expect(try WebPDecoder.decode(HostileInputs.webpAnimation(frames: 3)).frames.count == 3)
    }

    @Test("a progressive JPEG of 1,000 scans stops at the scan limit")
    func jpegWithThousandScans() throws {
        let progressive = try Fixtures.bytes("jpeg/small/progressive.jpg")
        let bytes = HostileInputs.jpegWithScans(1_000, from: progressive)
        #expect(bytes.count < 100_000)
        #expect(
            Self.error { _ = try JPEGDecoder.decode(bytes) }
                == .limitExceeded(format: .jpeg, limit: ExceededLimit(.scans, found: nil, maximum: 100)))
        // libjpeg itself accepts the file (the repeated refinement scans are only warnings).
        let allowed = try JPEGDecoder.decode(bytes, limits: DecodeLimits(maxScans: 1_000))
        #expect(allowed.width == 24 && allowed.height == 16)
    }
}
