import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("JPEG decoding")
struct JPEGDecoderTests {
    @Test("JPEGs decode opaque, matching Pillow's libjpeg decode", arguments: ["emoji_u1f302", "emoji_u1f236"])
    func matchesPillow(name: String) throws {
        let raster = try ImageDecoder.decode(try Fixtures.bytes("jpeg/\(name)-on-white.jpg"))
        let expected = try Fixtures.bytes("jpeg/\(name)-on-white.rgba")
        #expect(raster.width == 512 && raster.height == 512)
        var worst = 0
        for i in 0..<expected.count { worst = max(worst, abs(Int(raster.bytes[i]) - Int(expected[i]))) }
        #expect(worst <= 1)
        #expect(stride(from: 3, to: raster.bytes.count, by: 4).allSatisfy { raster.bytes[$0] == 255 })
    }

    @Test("truncated and damaged JPEGs give typed errors")
    func corrupt() throws {
        let bytes = try Fixtures.bytes("jpeg/emoji_u1f302-on-white.jpg")
        for cut in [3, 10, 200] {
            #expect(throws: CodecError.self) { _ = try ImageDecoder.decode(Array(bytes[0..<cut])) }
        }
        var damaged = bytes
        for i in 2..<60 { damaged[i] = 0xFF }
        #expect(throws: CodecError.self) { _ = try ImageDecoder.decode(damaged) }
    }
}
