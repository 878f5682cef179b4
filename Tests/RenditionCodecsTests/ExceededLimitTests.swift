import RenditionCodecs
import RenditionTestSupport
import Testing

/// The facts an exceeded limit carries, read from real refusals: which setting, the limit in
/// force and what the input had; and the one sentence made from them.
@Suite("Exceeded limits carry their facts")
struct ExceededLimitTests {
    /// The limit a decode of `bytes` under `limits` went over, or `nil` for any other outcome.
    static func exceeded(_ bytes: [UInt8], _ limits: DecodeLimits = .default) -> ExceededLimit? {
        do {
            _ = try ImageDecoder.decodeAnimation(bytes, limits: limits)
            return nil
        } catch {
            guard case .limitExceeded(_, let limit) = error else { return nil }
            return limit
        }
    }

    @Test("a header over the width limit: key, limit and the width found")
    func width() throws {
        let limit = try #require(Self.exceeded(HostileInputs.pngClaiming(side: 100_000)))
        #expect(limit.key == .width && limit.maximum == 16_384 && limit.found == 100_000 && limit.within.isEmpty)
        #expect(limit.description == "width 100000 px is over the width limit of 16384 px")
    }

    @Test("a GIF over a frames setting of 14 has 15 frames")
    func frames() throws {
        let bytes = try Fixtures.bytes("gif/wuffs/muybridge.gif")
        let limit = try #require(Self.exceeded(bytes, DecodeLimits(maxFrames: 14)))
        #expect(limit == ExceededLimit(.frames, found: 15, maximum: 14))
        #expect(limit.description == "15 frames is over the frames limit of 14")
    }

    @Test("a progressive JPEG stopped at the scan limit knows only that it has more")
    func scans() throws {
        let bytes = HostileInputs.jpegWithScans(1_000, from: try Fixtures.bytes("jpeg/small/progressive.jpg"))
        let limit = try #require(Self.exceeded(bytes))
        #expect(limit.key == .scans && limit.maximum == 100 && limit.found == nil)
        #expect(limit.description == "more than 100 progressive scans is over the scans limit of 100")
    }

    @Test("an embedded image's limit keeps its key and says where it was met")
    func embeddedImage() throws {
        let limit = try #require(Self.exceeded(try Fixtures.bytes("hostile/lottie/embedded-png-100000.json")))
        #expect(limit.key == .width && limit.found == 100_000 && limit.within == ["an embedded image"])
        #expect(limit.description == "an embedded image: width 100000 px is over the width limit of 16384 px")
    }

    @Test("a TGS that inflates past document-bytes, and a dotLottie declaring too much, name document-bytes")
    func documentBytes() throws {
        let tgs = try Fixtures.bytes("lottie/made/precomp-matte.tgs")
        let inflated = try #require(Self.exceeded(tgs, DecodeLimits(maxDocumentBytes: 1_000)))
        #expect(inflated.key == .documentBytes && inflated.maximum == 1_000 && inflated.found == nil)
        let bomb = try #require(Self.exceeded(try Fixtures.bytes("lottie/dotlottie/bomb.lottie")))
        #expect(bomb.key == .documentBytes && bomb.maximum == 16 << 20 && (bomb.found ?? 0) > 16 << 20)
    }

    @Test("a bound no setting changes has no key but keeps its numbers")
    func fixedBound() throws {
        let limit = try #require(Self.exceeded(try Fixtures.bytes("lottie/dotlottie/many-entries.lottie")))
        #expect(limit.key == nil && limit.maximum == 1_000 && limit.found == 10_000)
        #expect(limit.description == "an archive of 10000 entries is over the limit of 1000")
    }

    @Test("an input read past the input-bytes limit is 'more than' it; one measured, its size")
    func inputBytes() {
        let limits = DecodeLimits(maxInputBytes: 20)
        #expect(
            throws: CodecError.limitExceeded(format: .png, limit: ExceededLimit(.inputBytes, found: nil, maximum: 20))
        ) { try limits.check(inputBytes: nil, format: .png) }
        #expect(
            ExceededLimit(.inputBytes, found: 300, maximum: 20).description
                == "input of 300 bytes is over the input-bytes limit of 20")
        #expect(throws: Never.self) { try limits.check(inputBytes: 20, format: .png) }
    }

    @Test("out of memory has no key and no numbers, only its words")
    func outOfMemory() {
        let limit = ExceededLimit.outOfMemory("libwebp ran out of memory").within("frame 3")
        #expect(limit.key == nil && limit.maximum == nil && limit.found == nil)
        #expect(limit.description == "frame 3: libwebp ran out of memory")
        #expect(
            CodecError.limitExceeded(format: .webp, limit: limit).description
                == "WebP image exceeds a decoding limit: frame 3: libwebp ran out of memory")
    }
}
