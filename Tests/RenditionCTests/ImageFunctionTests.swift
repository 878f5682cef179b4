import CRendition
import RenditionC
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("C interface: images")
struct ImageFunctionTests {
    @Test(
        "rdn_image_decode + rdn_image_get_info + rdn_image_copy_pixels give the Swift decoder's pixels, both alpha forms, with stride"
    )
    func stillSticker() throws {
        let bytes = try Repository.fixture(CFixtures.sticker)
        let reference = try ImageDecoder.decode(bytes)
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        let info = infoC(image)
        #expect(info.width == 618 && info.height == 618 && info.frame_count == 1 && info.loop_count == 0)
        #expect(info.source_format == RDN_FORMAT_PNG)

        let width = 618, height = 618, stride = width * 4 + 12
        for (alpha, expected) in [
            (RDN_ALPHA_PREMULTIPLIED, reference.bytes), (RDN_ALPHA_STRAIGHT, reference.straightRGBA()),
        ] {
            var buffer = [UInt8](repeating: 0xA5, count: stride * height)
            expectOK { error in
                buffer.withUnsafeMutableBufferPointer {
                    rdn_image_copy_pixels(image, 0, alpha, $0.baseAddress, stride, $0.count, error)
                }
            }
            var rows: [UInt8] = []
            for y in 0..<height {
                rows += buffer[(y * stride)..<(y * stride + width * 4)]
                #expect(
                    buffer[(y * stride + width * 4)..<((y + 1) * stride)].allSatisfy { $0 == 0xA5 },
                    "padding of row \(y) written")
            }
            #expect(rows == expected, "alpha \(alpha.rawValue)")
        }
        // The buffer may end right after the last row's pixels.
        var exact = [UInt8](repeating: 0, count: stride * (height - 1) + width * 4)
        expectOK { error in
            exact.withUnsafeMutableBufferPointer {
                rdn_image_copy_pixels(image, 0, RDN_ALPHA_PREMULTIPLIED, $0.baseAddress, stride, $0.count, error)
            }
        }
    }

    @Test("an APNG keeps its frames, exact delays and loop count; every frame's pixels match the Swift decoder")
    func animatedPNG() throws {
        let bytes = try Repository.fixture(CFixtures.animation)
        let reference = try ImageDecoder.decodeAnimation(bytes)
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        let info = infoC(image)
        #expect(info.width == 64 && info.height == 48 && info.frame_count == 4 && info.loop_count == 3)
        #expect(info.source_format == RDN_FORMAT_APNG)
        var delays: [[UInt64]] = []
        for frame in 0..<info.frame_count {
            var numerator: UInt64 = 0, denominator: UInt64 = 0
            expectOK { rdn_image_get_frame_delay(image, frame, &numerator, &denominator, $0) }
            delays.append([numerator, denominator])
            var pixels = [UInt8](repeating: 0, count: 64 * 48 * 4)
            expectOK { error in
                pixels.withUnsafeMutableBufferPointer {
                    rdn_image_copy_pixels(image, frame, RDN_ALPHA_PREMULTIPLIED, $0.baseAddress, 256, $0.count, error)
                }
            }
            #expect(pixels == reference.frames[Int(frame)].raster.bytes, "frame \(frame)")
        }
        #expect(delays == [[10, 100], [20, 100], [30, 100], [40, 100]])
    }

    @Test("source formats: GIF (delays in centiseconds), JPEG, WebP; a still's delay is 0/1")
    func sourceFormats() throws {
        let gif = decodeC(try Repository.fixture(CFixtures.gif))
        let jpeg = decodeC(try Repository.fixture("jpeg/emoji_u1f236-on-white.jpg"))
        let webp = decodeC(try Repository.fixture("webp/libwebp-test-data/lossless1.webp"))
        defer { [gif, jpeg, webp].forEach { rdn_image_free($0) } }
        #expect(infoC(gif).source_format == RDN_FORMAT_GIF && infoC(gif).frame_count == 5)
        let gifReference = try ImageDecoder.decodeAnimation(try Repository.fixture(CFixtures.gif))
        var numerator: UInt64 = 0, denominator: UInt64 = 0
        expectOK { rdn_image_get_frame_delay(gif, 1, &numerator, &denominator, $0) }
        #expect(denominator == 100 && Int(numerator) == gifReference.frames[1].delay.expressed(over: 100))
        #expect(infoC(jpeg).source_format == RDN_FORMAT_JPEG)
        #expect(infoC(webp).source_format == RDN_FORMAT_WEBP)
        expectOK { rdn_image_get_frame_delay(jpeg, 0, &numerator, &denominator, $0) }
        #expect(numerator == 0 && denominator == 1)
    }

    @Test("rdn_image_create: straight pixels are premultiplied exactly; premultiplied pixels kept; the result encodes")
    func createFromPixels() throws {
        // Every alpha with a few colours, 256x4 pixels, rows padded.
        let width = 256, height = 4, stride = width * 4 + 8
        var straight = [UInt8](repeating: 0x77, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = y * stride + x * 4
                straight[offset] = UInt8(truncatingIfNeeded: x * 7 + y)
                straight[offset + 1] = UInt8(truncatingIfNeeded: 255 - x)
                straight[offset + 2] = UInt8(truncatingIfNeeded: y * 60)
                straight[offset + 3] = UInt8(x)
            }
        }
        var image: OpaquePointer?
        expectOK { error in
            straight.withUnsafeBufferPointer {
                rdn_image_create(
                    UInt32(width), UInt32(height), $0.baseAddress, stride, $0.count, RDN_ALPHA_STRAIGHT, &image, error)
            }
        }
        defer { rdn_image_free(image) }
        var premultiplied = [UInt8](repeating: 0, count: width * height * 4)
        expectOK { error in
            premultiplied.withUnsafeMutableBufferPointer {
                rdn_image_copy_pixels(image, 0, RDN_ALPHA_PREMULTIPLIED, $0.baseAddress, width * 4, $0.count, error)
            }
        }
        var expected: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let offset = y * stride + x * 4
                let a = straight[offset + 3]
                expected += [0, 1, 2].map { AlphaConversion.premultiply(straight[offset + $0], alpha: a) } + [a]
            }
        }
        #expect(premultiplied == expected)
        #expect(infoC(image).source_format == RDN_FORMAT_AUTO)

        // Premultiplied input is taken as is, and AUTO encodes it as PNG with the same pixels.
        var again: OpaquePointer?
        expectOK { error in
            premultiplied.withUnsafeBufferPointer {
                rdn_image_create(
                    UInt32(width), UInt32(height), $0.baseAddress, width * 4, $0.count, RDN_ALPHA_PREMULTIPLIED, &again,
                    error)
            }
        }
        defer { rdn_image_free(again) }
        let encoded = encodeC(again, nil)
        #expect(encoded.status == RDN_OK && ImageFormat.sniff(encoded.bytes) == .png)
        #expect(try ImageDecoder.decode(encoded.bytes).bytes == premultiplied)
    }

    @Test("image calls refuse bad arguments with RDN_ERROR_INVALID_ARGUMENT, leaving out-parameters NULL")
    func invalidArguments() throws {
        let bytes = try Repository.fixture(CFixtures.sticker)
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        var out: OpaquePointer? = OpaquePointer(bitPattern: 8)
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_image is NULL") { error in
            bytes.withUnsafeBufferPointer { rdn_image_decode($0.baseAddress, $0.count, nil, nil, error) }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "bytes is NULL") {
            rdn_image_decode(nil, 5, nil, &out, $0)
        }
        #expect(out == nil)
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "image is NULL") { error in
            var info = rdn_image_info()
            return rdn_image_get_info(nil, &info, error)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_info is NULL") { rdn_image_get_info(image, nil, $0) }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "frame 1 does not exist") { error in
            var n: UInt64 = 9, d: UInt64 = 9
            defer { #expect(n == 0 && d == 0) }
            return rdn_image_get_frame_delay(image, 1, &n, &d, error)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_denominator is NULL") { error in
            var n: UInt64 = 0
            return rdn_image_get_frame_delay(image, 0, &n, nil, error)
        }
        var small = [UInt8](repeating: 0, count: 618 * 4 * 618 - 1)
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "less than the 1527696 bytes") { error in
            small.withUnsafeMutableBufferPointer {
                rdn_image_copy_pixels(image, 0, RDN_ALPHA_STRAIGHT, $0.baseAddress, 618 * 4, $0.count, error)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "stride 100 is less than width * 4") { error in
            small.withUnsafeMutableBufferPointer {
                rdn_image_copy_pixels(image, 0, RDN_ALPHA_STRAIGHT, $0.baseAddress, 100, $0.count, error)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "buffer is NULL") {
            rdn_image_copy_pixels(image, 0, RDN_ALPHA_STRAIGHT, nil, 2472, 1 << 30, $0)
        }
        var enough = [UInt8](repeating: 0, count: 618 * 4 * 618)
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "alpha 7") { error in
            enough.withUnsafeMutableBufferPointer {
                rdn_image_copy_pixels(image, 0, rdn_alpha(rawValue: 7), $0.baseAddress, 2472, $0.count, error)
            }
        }
        let pixel: [UInt8] = [10, 200, 0, 100]
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "pixel (0, 0) has a colour channel above its alpha") {
            error in
            pixel.withUnsafeBufferPointer {
                rdn_image_create(1, 1, $0.baseAddress, 4, 4, RDN_ALPHA_PREMULTIPLIED, &out, error)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "size 0x1 is empty") { error in
            pixel.withUnsafeBufferPointer {
                rdn_image_create(0, 1, $0.baseAddress, 4, 4, RDN_ALPHA_STRAIGHT, &out, error)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "4 bytes is less than the 8 bytes") { error in
            pixel.withUnsafeBufferPointer {
                rdn_image_create(2, 1, $0.baseAddress, 8, 4, RDN_ALPHA_STRAIGHT, &out, error)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "pixels is NULL") {
            rdn_image_create(1, 1, nil, 4, 4, RDN_ALPHA_STRAIGHT, &out, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "more than 2^31 pixels") { error in
            // The length is checked as a number; the buffer is never read.
            pixel.withUnsafeBufferPointer {
                rdn_image_create(65_536, 65_536, $0.baseAddress, 65_536 * 4, Int.max, RDN_ALPHA_STRAIGHT, &out, error)
            }
        }
        #expect(out == nil)
    }

    @Test("decoding failures map to their status: unrecognized, corrupt, unsupported, limit exceeded")
    func decodeFailures() throws {
        let sticker = try Repository.fixture(CFixtures.sticker)
        var out: OpaquePointer?
        func decode(_ bytes: [UInt8], _ limits: rdn_limits? = nil) -> (UnsafeMutablePointer<OpaquePointer?>) ->
            rdn_status
        {
            { error in
                bytes.withUnsafeBufferPointer { buffer in
                    guard var limits else {
                        return rdn_image_decode(buffer.baseAddress, buffer.count, nil, &out, error)
                    }
                    return rdn_image_decode(buffer.baseAddress, buffer.count, &limits, &out, error)
                }
            }
        }
        expectFailure(
            RDN_ERROR_UNRECOGNIZED_FORMAT, containing: "unknown signature", decode(Array("not an image".utf8)))
        expectFailure(RDN_ERROR_UNRECOGNIZED_FORMAT, containing: "unknown signature") {
            rdn_image_decode(nil, 0, nil, &out, $0)
        }
        expectFailure(RDN_ERROR_CORRUPT, containing: "truncated", decode(Array(sticker.prefix(sticker.count / 2))))
        expectFailure(
            RDN_ERROR_CORRUPT, containing: "corrupt PNG data", decode(try Repository.fixture("pngsuite/xcsn0g01.png")))
        expectFailure(
            RDN_ERROR_UNSUPPORTED, containing: "unknown critical chunk RUST",
            decode(Self.withCriticalChunk(try Repository.fixture(CFixtures.animation))))
        var limits = rdn_limits()
        limits.max_width = 617
        expectFailure(
            RDN_ERROR_LIMIT_EXCEEDED, containing: "width 618 px is over the width limit of 617 px",
            decode(sticker, limits))
        limits = rdn_limits()
        limits.max_input_bytes = 1000
        expectFailure(
            RDN_ERROR_LIMIT_EXCEEDED, containing: "is over the input-bytes limit of 1000", decode(sticker, limits))
        limits = rdn_limits()
        limits.max_frames = 3
        expectFailure(
            RDN_ERROR_LIMIT_EXCEEDED, containing: "4 frames is over the frames limit of 3",
            decode(try Repository.fixture(CFixtures.animation), limits))
        #expect(out == nil)
        // Zero fields are defaults: all-zero limits decode the sticker.
        expectOK(decode(sticker, rdn_limits()))
        rdn_image_free(out)
    }

    /// `png` with a critical chunk `RUST` (unknown to every decoder) after IHDR, CRC correct.
    static func withCriticalChunk(_ png: [UInt8]) -> [UInt8] {
        let type = Array("RUST".utf8), data: [UInt8] = [1, 2, 3]
        let crc = ReferenceCRC32.checksum(type + data)
        let be = { (v: UInt32) in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let afterIHDR = 8 + 12 + 13
        return Array(png[..<afterIHDR]) + be(UInt32(data.count)) + type + data + be(crc) + Array(png[afterIHDR...])
    }
}
