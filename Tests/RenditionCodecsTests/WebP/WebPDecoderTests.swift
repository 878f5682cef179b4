import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("WebP decoding (libwebp-test-data, image-webp, Pillow, wuffs)")
struct WebPDecoderTests {
    static let libwebpFiles = ((try? Fixtures.files(in: "webp/libwebp-test-data", extension: "webp")) ?? [])
    static let digestFiles = libwebpFiles.filter { WebPFixtures.dwebpDigests[$0 + ".pam"] != nil }
    static let gridFiles = libwebpFiles.filter { $0.hasPrefix("lossless_vec_1_") }
    static let referenceFiles = WebPReference.all.keys.sorted()

    @Test("the fixture sets are complete")
    func fixturesPresent() {
        #expect(Self.libwebpFiles.count == 40)
        #expect(Self.digestFiles.count == 24)
        #expect(Self.gridFiles.count == 16)
        #expect(Self.referenceFiles.count == 17)
    }

    /// `libwebp_tests.md5` lists the MD5 of `dwebp -pam` output (straight RGBA with a PAM
    /// header) and of `dwebp -ppm` (RGB): both must match the pixels libwebp gave us.
    @Test("straight pixels match the MD5 of dwebp -pam and -ppm output", arguments: digestFiles)
    func matchesDwebp(file: String) throws {
        let image = try WebPDecoder.decodeStraight(
            try Fixtures.bytes("webp/libwebp-test-data/" + file), limits: .default)
        try #require(image.frames.count == 1)
        let rgba = image.frames[0].image.bytes
        #expect(
            MD5.hex(WebPFixtures.pam(width: image.width, height: image.height, rgba: rgba))
                == WebPFixtures.dwebpDigests[file + ".pam"], "\(file): PAM")
        #expect(
            MD5.hex(WebPFixtures.ppm(width: image.width, height: image.height, rgba: rgba))
                == WebPFixtures.dwebpDigests[file + ".ppm"], "\(file): PPM")
    }

    @Test(
        "the public decoder premultiplies libwebp's straight pixels with Rendition's rounding", arguments: digestFiles)
    func premultipliesStraightPixels(file: String) throws {
        let bytes = try Fixtures.bytes("webp/libwebp-test-data/" + file)
        let straight = try WebPDecoder.decodeStraight(bytes, limits: .default)
        let animation = try WebPDecoder.decode(bytes)
        #expect(!animation.isAnimated && animation.loopCount == 0 && animation.frames[0].delay == .zero)
        let expected = straight.frames[0].image.premultiplied()
        #expect(animation.firstFrame == expected)
        #expect(try ImageDecoder.decode(bytes) == expected)
    }

    /// lossless_vec_list.txt: every lossless_vec_1_* file (each a different combination of
    /// lossless transforms) is a 16x16 checkerboard of blue (0,0,255,255) and half-transparent
    /// red (255,0,0,128), blue at (0,0).
    @Test("lossless transform vectors decode to the documented checkerboard", arguments: gridFiles)
    func losslessVectors(file: String) throws {
        let image = try WebPDecoder.decodeStraight(
            try Fixtures.bytes("webp/libwebp-test-data/" + file), limits: .default)
        #expect(image.width == 16 && image.height == 16)
        var expected = [UInt8]()
        for y in 0..<16 {
            for x in 0..<16 {
                expected += (x + y) % 2 == 0 ? [0, 0, 255, 255] : [255, 0, 0, 128]
            }
        }
        #expect(image.frames[0].image.bytes == expected, "\(file)")
    }

    @Test("Pillow's decoding (its own libwebp) matches every frame, duration and loop count", arguments: referenceFiles)
    func matchesPillow(file: String) throws {
        let reference = try #require(WebPReference.all[file])
        let image = try WebPDecoder.decodeStraight(try Fixtures.bytes("webp/" + file), limits: .default)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(image.loopCount == reference.loopCount)
        try #require(image.frames.count == reference.frames)
        for (index, frame) in image.frames.enumerated() {
            #expect(MD5.hex(frame.image.bytes) == reference.md5[index], "\(file) frame \(index)")
            #expect(frame.durationMilliseconds == reference.durations[index], "\(file) frame \(index)")
        }
    }

    @Test(
        "colour-indexed lossless files (1, 2, 4 bits) match image-webp's expected PNGs",
        arguments: [
            "lossless_indexed_1bit_palette", "lossless_indexed_2bit_palette", "lossless_indexed_4bit_palette",
        ])
    func palettes(name: String) throws {
        let decoded = try WebPDecoder.decode(try Fixtures.bytes("webp/image-webp/lossless-palette/\(name).webp"))
        let expected = try Fixtures.raster("webp/image-webp/lossless-palette/expected/\(name).png")
        #expect(decoded.firstFrame == expected)
    }

    /// image-webp's expected frames come from its own decoder. The lossy file matches exactly.
    /// In the lossless file, frames 2 and 3 are opaque 64x63 frames blended over the canvas,
    /// so they must show their own pixels unchanged; image-webp's expected PNGs are 1 lower
    /// in every channel there (its blending rounds opaque pixels down), while libwebp, Pillow
    /// and the standalone decoding of each frame (next test) agree.
    @Test(
        "animations composite to image-webp's expected frames",
        arguments: [
            ("random_lossless", 3, 1), ("random_lossy", 4, 0),
        ])
    func animations(name: String, frameCount: Int, tolerance: Int) throws {
        let animation = try WebPDecoder.decode(try Fixtures.bytes("webp/image-webp/animated/\(name).webp"))
        try #require(animation.frames.count == frameCount)
        #expect(animation.loopCount == 0)
        for (index, frame) in animation.frames.enumerated() {
            let expected = try Fixtures.raster("webp/image-webp/animated/expected-frames/\(name)-\(index + 1).png")
            let difference = WebPFixtures.maxDifference(frame.raster, expected)
            #expect(difference <= tolerance, "\(name) frame \(index + 1): differs by \(difference)")
        }
        let delay = name == "random_lossless" ? 100 : 150
        #expect(animation.frames.allSatisfy { $0.delay == .milliseconds(delay) })
        #expect(
            try ImageDecoder.decodeAnimation(try Fixtures.bytes("webp/image-webp/animated/\(name).webp")) == animation)
    }

    @Test("an opaque full-canvas frame blended OVER shows its own bitstream's pixels exactly")
    func opaqueFramesShowTheirOwnPixels() throws {
        let file = try Fixtures.bytes("webp/image-webp/animated/random_lossless.webp")
        let animation = try WebPDecoder.decode(file)
        let bitstreams = Self.frameBitstreams(file)
        try #require(bitstreams.count == 3)
        for (index, bitstream) in bitstreams.enumerated() {
            // A simple-format file around the frame's VP8L chunk.
            let size = UInt32(bitstream.count + 4)
            let still =
                Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
                + Array("WEBP".utf8) + bitstream
            let alone = try WebPDecoder.decode(still)
            #expect(alone.firstFrame.bytes.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
            #expect(animation.frames[index].raster == alone.firstFrame, "frame \(index + 1)")
        }
    }

    /// The image chunks (VP8L header and payload) of every ANMF chunk in `file`.
    static func frameBitstreams(_ file: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var offset = 12
        func le32(_ at: Int) -> Int {
            Int(file[at]) | Int(file[at + 1]) << 8 | Int(file[at + 2]) << 16 | Int(file[at + 3]) << 24
        }
        while offset + 8 <= file.count {
            let size = le32(offset + 4)
            if Array(file[offset..<(offset + 4)]) == Array("ANMF".utf8) {
                result.append(Array(file[(offset + 8 + 16)..<(offset + 8 + size)]))
            }
            offset += 8 + size + (size & 1)
        }
        return result
    }
}
