import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("PNG decoding (PngSuite)")
struct PNGDecoderTests {
    static let validFiles: [String] =
        (try? Fixtures.files(in: "pngsuite", extension: "png").filter { !$0.hasPrefix("x") }) ?? []
    static let corruptFiles: [String] =
        (try? Fixtures.files(in: "pngsuite", extension: "png").filter { $0.hasPrefix("x") }) ?? []

    @Test("the fixture set holds the whole PngSuite")
    func suiteIsComplete() {
        #expect(Self.validFiles.count == 161)
        #expect(Self.corruptFiles.count == 14)
    }

    @Test("every valid PngSuite file decodes to the reference pixels", arguments: validFiles)
    func decodesToReference(file: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/" + file)
        let expected = try Fixtures.bytes("pngsuite/expected/" + file.dropLast(4) + ".rgba")
        let straight = try PNGDecoder.decodeStraight(bytes)
        #expect(straight.width * straight.height * 4 == expected.count)
        #expect(straight.bytes == expected, "\(file): straight pixels differ from the reference")
        // The public decode is the same pixels, premultiplied.
        let premultiplied = try PNGDecoder.decode(bytes)
        #expect(premultiplied == Raster(width: straight.width, height: straight.height, straightRGBA: expected))
    }

    @Test("every corrupt PngSuite file gives CodecError.corrupt", arguments: corruptFiles)
    func rejectsCorrupt(file: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/" + file)
        #expect {
            _ = try ImageDecoder.decode(bytes)
        } throws: { error in
            guard case CodecError.corrupt(let format, let reason)? = error as? CodecError else { return false }
            return format == .png && !reason.isEmpty
        }
    }

    @Test("truncated files give a typed error at every cut point")
    func truncated() throws {
        let bytes = try Fixtures.bytes("stickers/openmoji-618/1F195.png")
        for cut in [0, 1, 7, 8, 20, 32, 33, 40, 100, bytes.count / 2, bytes.count - 13, bytes.count - 1] {
            #expect(throws: CodecError.self) { _ = try ImageDecoder.decode(Array(bytes[0..<cut])) }
        }
    }

    @Test("a wrong CRC on image data is rejected")
    func wrongCRC() throws {
        var bytes = try Fixtures.bytes("pngsuite/basn6a08.png")
        // Find the IDAT chunk and flip a bit of its CRC.
        var offset = 8
        while offset + 8 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" {
                bytes[offset + 8 + length] ^= 0x01
                break
            }
            offset += 12 + length
        }
        #expect(throws: CodecError.self) { _ = try PNGDecoder.decode(bytes) }
    }

    @Test("a header claiming 100,000 x 100,000 px is refused before decoding")
    func decompressionBombHeader() throws {
        var bytes = try Fixtures.bytes("pngsuite/basn6a08.png")
        for (i, v) in [UInt8(0), 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0].enumerated() { bytes[16 + i] = v }
        #expect {
            _ = try PNGDecoder.decode(bytes)
        } throws: { error in
            if case CodecError.limitExceeded? = error as? CodecError { return true }
            return false
        }
        let tight = DecodeLimits(maxWidth: 16, maxHeight: 16)
        #expect(throws: CodecError.self) {
            _ = try PNGDecoder.decode(try Fixtures.bytes("pngsuite/basn6a08.png"), limits: tight)
        }
    }

    @Test("unknown signatures are reported as such")
    func unknownFormat() {
        #expect(throws: CodecError.unrecognizedFormat) { _ = try ImageDecoder.decode(Array("hello, world".utf8)) }
        #expect(throws: CodecError.unrecognizedFormat) { _ = try ImageDecoder.decode([]) }
    }
}
