import CWebP
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// Why the decoder asks libwebp for straight RGBA and premultiplies itself: libwebp's
/// premultiplied mode (`MODE_rgbA`) computes `v * a / 255` with a fixed-point multiply that
/// does not round to nearest, so it differs from `AlphaConversion` by 1 on many samples.
@Suite("WebP: libwebp's premultiplied output mode versus Rendition's rounding")
struct WebPPremultiplyTests {
    /// libwebp's `MODE_rgbA` decoding of a still file.
    static func libwebpPremultiplied(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { file in
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { return nil }
            config.output.colorspace = MODE_rgbA
            guard WebPDecode(file.baseAddress, file.count, &config) == VP8_STATUS_OK else { return nil }
            defer { WebPFreeDecBuffer(&config.output) }
            let count = Int(config.output.width * config.output.height * 4)
            return [UInt8](UnsafeBufferPointer(start: config.output.u.RGBA.rgba, count: count))
        }
    }

    @Test(
        "MODE_rgbA is off by one from round(v * a / 255) on files with soft alpha",
        arguments: [
            "libwebp-test-data/lossy_alpha1.webp", "libwebp-test-data/lossless1.webp", "pillow/transparent.webp",
        ])
    func differsByOne(file: String) throws {
        let bytes = try Fixtures.bytes("webp/" + file)
        let theirs = try #require(Self.libwebpPremultiplied(bytes))
        let ours = try WebPDecoder.decode(bytes).firstFrame.bytes
        let straight = try WebPDecoder.decodeStraight(bytes, limits: .default).frames[0].image.bytes
        var differing = 0
        for i in 0..<ours.count {
            let difference = abs(Int(ours[i]) - Int(theirs[i]))
            #expect(difference <= 1)
            if difference != 0 { differing += 1 }
            if i % 4 != 3 {
                let a = Int(straight[i | 3])
                #expect(Int(ours[i]) == (Int(straight[i]) * a + 127) / 255)
            }
        }
        #expect(differing > 500, "\(file): \(differing) samples differ")
    }
}
