import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Damaged, hostile and oversized GIFs: typed errors with clear reasons, limits applied
/// before decoding, browser-like recovery where browsers recover, and no crash on any input.
@Suite("GIF decoding: errors, limits and recovery")
struct GIFDecoderErrorTests {
    static let ancell = "gif/ancell-gif-test-suite/"

    /// The `CodecError` that `body` throws, or `nil`.
    static func reason(of body: () throws -> Void) -> CodecError? {
        do {
            try body()
            return nil
        } catch {
            return error as? CodecError
        }
    }

    @Test("rejected files say what is wrong")
    func reasons() throws {
        let cases: [(String, String)] = [
            ("invalid-code.gif", "invalid LZW code"),
            ("invalid-colors.gif", "colour index 2 but its colour table has 2 entries"),
            ("overflow-codes.gif", "LZW code size of 12"),
            ("zero-size.gif", "empty"),
        ]
        for (file, text) in cases {
            let bytes = try Fixtures.bytes(Self.ancell + file)
            let error = Self.reason { _ = try GIFDecoder.decode(bytes) }
            guard case .corrupt(.gif, let reason)? = error else {
                Issue.record("\(file): expected a corrupt error, got \(String(describing: error))")
                continue
            }
            #expect(reason.contains(text), "\(file): \(reason)")
        }
    }

    @Test("a 65,535 x 65,535 canvas is refused from the header")
    func hugeCanvas() throws {
        let bytes = try Fixtures.bytes(Self.ancell + "max-size.gif")
        let error = Self.reason {
            _ = try GIFDecoder.decode(bytes, limits: DecodeLimits(maxWidth: 65_535, maxHeight: 65_535))
        }
        guard case .limitExceeded(.gif, let limit)? = error else {
            Issue.record("expected limitExceeded, got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("pixels"))
    }

    @Test("frame count and decoded bytes are capped before the frame that would pass them")
    func frameLimits() throws {
        let bytes = try Fixtures.bytes("gif/wuffs/muybridge.gif")
        #expect(try GIFDecoder.decode(bytes).frames.count == 15)
        #expect(throws: CodecError.limitExceeded(format: .gif, limit: ExceededLimit(.frames, found: 15, maximum: 14))) {
            _ = try GIFDecoder.decode(bytes, limits: DecodeLimits(maxFrames: 14))
        }
        // 30 x 20 px x 4 bytes = 2,400 bytes per frame, 36,000 for the 15 frames: refused from
        // the block scan, before the first frame is decoded.
        #expect(
            throws: CodecError.limitExceeded(
                format: .gif, limit: ExceededLimit(.decodedBytes, found: 36_000, maximum: 24_000))
        ) {
            _ = try GIFDecoder.decode(bytes, limits: DecodeLimits(maxDecodedBytes: 24_000))
        }
        #expect(throws: CodecError.self) { _ = try GIFDecoder.decode(bytes, limits: DecodeLimits(maxInputBytes: 100)) }
    }

    @Test("an image far larger than the canvas is refused by its pixel area")
    func hugeImageOnSmallCanvas() throws {
        // A 1x1 canvas holding a 20,000 x 20,000 image (400 MP): refused before any decoding.
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 0x20, 0x4E, 0x20, 0x4E, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        let error = Self.reason { _ = try GIFDecoder.decode(bytes) }
        guard case .limitExceeded(.gif, let limit)? = error else {
            Issue.record("expected limitExceeded, got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("20000x20000"))
    }

    @Test("truncation: inside a block is corrupt, at a block boundary is a missing trailer")
    func truncation() throws {
        let bytes = try Fixtures.bytes("gif/wuffs/muybridge.gif")
        let full = try GIFDecoder.decode(bytes)
        var recovered = 0, rejected = 0
        for cut in 0..<bytes.count {
            do {
                let partial = try GIFDecoder.decode(Array(bytes[0..<cut]))
                // Only complete frames come back, identical to the full file's first ones.
                #expect(
                    partial.frames.count >= 1 && partial.frames == Array(full.frames.prefix(partial.frames.count)),
                    "cut at \(cut)")
                #expect(partial.loopCount == full.loopCount)
                recovered += 1
            } catch {
                guard case .corrupt(.gif, let reason) = error else {
                    Issue.record("cut at \(cut): \(error)")
                    continue
                }
                #expect(reason.contains("ends") || reason.contains("does not start"), "cut at \(cut): \(reason)")
                rejected += 1
            }
        }
        // Recovered cuts: right after each frame's data (before its next extension block or
        // the trailer), so at least one per frame; everything else is inside a block.
        #expect(recovered >= full.frames.count && recovered < bytes.count / 10)
        #expect(try GIFDecoder.decode(Array(bytes.dropLast())) == full, "the trailer is optional")
        #expect(rejected + recovered == bytes.count)
    }

    @Test("missing pixels stay transparent; extra data is ignored")
    func shortAndLongImageData() throws {
        // A 2x2 image whose data stops after 1 pixel (clear, index 1, end of information).
        var bytes = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        let animation = try GIFDecoder.decode(bytes)
        #expect(animation.firstFrame[0, 0] == RGBA(255, 255, 255, 255))
        #expect(animation.firstFrame[1, 0] == RGBA(0, 0, 0, 0))
        #expect(animation.firstFrame[1, 1] == RGBA(0, 0, 0, 0))
    }

    @Test("a trailer-only file is one transparent frame; no image and no trailer is corrupt")
    func noImage() throws {
        let header = Array("GIF89a".utf8) + [3, 0, 2, 0, 0, 0, 0]
        let still = try GIFDecoder.decode(header + [0x3B])
        #expect(still.frames.count == 1 && still.width == 3 && still.height == 2)
        #expect(still.firstFrame.bytes.allSatisfy { $0 == 0 })
        #expect(throws: CodecError.corrupt(format: .gif, reason: "the file ends before any image")) {
            _ = try GIFDecoder.decode(header)
        }
        #expect(throws: CodecError.self) { _ = try GIFDecoder.decode(header + [0x42]) }
    }

    @Test(
        "byte-flipped files decode or give a typed error, never crash",
        arguments: [
            "gif/wuffs/muybridge.gif", "gif/wuffs/hippopotamus.interlaced.gif", "gif/pillow/dispose_prev.gif",
            "gif/pillow/transparent_dispose.gif",
            "gif/peterdn-gif-test-suite/animated_transparent_restoreprev_loop.gif",
        ])
    func mutations(file: String) throws {
        let original = try Fixtures.bytes(file)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var decoded = 0, failed = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + next() % 4) {
                let at = next() % bytes.count
                bytes[at] = next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: next())
            }
            do {
                let animation = try GIFDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 4_000_000))
                #expect(
                    animation.frames.allSatisfy {
                        $0.raster.width == animation.width && $0.raster.height == animation.height
                    })
                decoded += 1
            } catch {
                failed += 1
            }
        }
        #expect(decoded + failed == 400 && decoded > 0)
    }
}
