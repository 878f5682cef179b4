import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("WebM: truncated, damaged and over-limit files")
struct WebMCorruptionTests {
    static func error(_ bytes: [UInt8], limits: DecodeLimits = .default) -> CodecError? {
        do {
            _ = try WebMDecoder.decode(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func reason(_ error: CodecError?) -> String {
        switch error {
        case .corrupt(_, let reason)?, .unsupported(_, let reason)?: reason
        case .limitExceeded(_, let limit)?: limit.description
        default: "\(String(describing: error))"
        }
    }

    @Test("the corpus's truncated file (40 % of a valid one) is corrupt, truncated: no frames are made")
    func truncatedCorpusFile() throws {
        let bytes = try Fixtures.bytes("webm/vp9-alpha-512x512-30fps-3s.truncated40.webm")
        #expect(ImageFormat.sniff(bytes) == .webm)
        var handed = 0
        do {
            _ = try WebMDecoder.decode(bytes) { _ in handed += 1 }
            Issue.record("decoded a truncated file")
        } catch {
            guard case .corrupt(.webm, let reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(reason.contains("truncated"))
        }
        #expect(handed == 0)
        #expect(throws: CodecError.self) { try ImageDecoder.decodeAnimation(bytes) }
    }

    @Test(
        "a file cut anywhere gives a typed error",
        arguments: ["made/vp9-alpha-64x64-vfr.webm", "made/vp8-opaque-96x96-10fps.webm"])
    func cutAnywhere(file: String) throws {
        let bytes = try Fixtures.bytes("webm/" + file)
        #expect(Self.error(bytes) == nil)
        for cut in 0..<bytes.count {
            let error = Self.error(Array(bytes[0..<cut]))
            switch error {
            case .corrupt(.webm, _)?, .unrecognizedFormat?: break
            default: Issue.record("\(file) cut at \(cut): \(String(describing: error))")
            }
        }
    }

    /// Flipped bytes anywhere: the decoder may accept the file (a damaged frame can still
    /// decode) or refuse it, but only with a typed error, never a crash or a wrong-sized frame.
    @Test("damaged bytes give a typed error or well-formed frames")
    func flippedBytes() throws {
        let bytes = try Fixtures.bytes("webm/made/vp9-alpha-171x129-24fps.webm")
        var random = SplitMix64(seed: 7)
        var refused = 0
        for _ in 0..<400 {
            var damaged = bytes
            for _ in 0..<1 + Int(random.next() % 4) {
                let i = Int(random.next() % UInt64(damaged.count))
                damaged[i] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            do {
                let animation = try WebMDecoder.decode(damaged)
                for frame in animation.frames {
                    #expect(
                        frame.raster.width == animation.width
                            && frame.raster.bytes.count == animation.width * animation.height * 4)
                }
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test(
        "limits on frames, size and input apply before decoding",
        arguments: [
            (DecodeLimits(maxFrames: 89), "frames"), (DecodeLimits(maxWidth: 511), "width"),
            (DecodeLimits(maxDecodedBytes: 512 * 512 * 4 * 89), "bytes"), (DecodeLimits(maxInputBytes: 1000), "input"),
        ])
    func limits(limits: DecodeLimits, word: String) throws {
        let error = Self.error(try Fixtures.bytes("webm/vp9-opaque-512x512-30fps-3s.webm"), limits: limits)
        guard case .limitExceeded(.webm, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains(word), "\(reason)")
    }

    @Test("EBML that is not WebM, other codecs and laced blocks are refused")
    func unsupported() throws {
        var bytes = try Fixtures.bytes("webm/made/vp8-opaque-96x96-10fps.webm")
        // The DocType string "webm" becomes "wxbm".
        let docType = try #require(bytes.firstRange(of: Array("webm".utf8)))
        bytes[docType.lowerBound + 1] = UInt8(ascii: "x")
        #expect(Self.reason(Self.error(bytes)).contains("wxbm"))
        // The codec ID "V_VP8" becomes "V_VP7".
        bytes = try Fixtures.bytes("webm/made/vp8-opaque-96x96-10fps.webm")
        let codec = try #require(bytes.firstRange(of: Array("V_VP8".utf8)))
        bytes[codec.upperBound - 1] = UInt8(ascii: "7")
        let error = Self.error(bytes)
        guard case .unsupported(.webm, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("V_VP7"))
    }

    @Test("an element size past the end of its parent is corrupt")
    func oversizedElement() throws {
        var bytes = try Fixtures.bytes("webm/made/vp8-opaque-96x96-10fps.webm")
        // The Tracks element (not the SeekHead's mention of its ID): its TrackEntry (0xAE)
        // gets a 4-byte size of about 1 MB, past the end of the file.
        let tracks = (0..<(bytes.count - 8)).first { i in
            Array(bytes[i..<(i + 4)]) == [0x16, 0x54, 0xAE, 0x6B]
                && bytes[i + 4 + bytes[i + 4].leadingZeroBitCount + 1] == 0xAE
        }
        let start = try #require(tracks)
        let offset = start + 4 + bytes[start + 4].leadingZeroBitCount + 1
        let sizeLength = bytes[offset + 1].leadingZeroBitCount + 1
        // The same length, holding 2^20 (with its length marker).
        let marked = (UInt64(1) << UInt64(7 * sizeLength)) | (1 << 20)
        for i in 0..<sizeLength {
            bytes[offset + 1 + i] = UInt8(truncatingIfNeeded: marked >> UInt64(8 * (sizeLength - 1 - i)))
        }
        let error = Self.error(bytes)
        guard case .corrupt(.webm, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }
}
