import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// GIF → GIF: every GIF fixture but the eight the decoder must reject (each checked for its
/// error), decoded, encoded and decoded again, keeps its frame count, delays, loop count and
/// every pixel of every frame (their frames have at most 255 colours each, so the encoder's
/// palettes are exact).
@Suite("GIF encoding: GIF → GIF round trips")
struct GIFRoundTripTests {
    static let files: [String] = ["gif/pillow", "gif/wuffs", "gif/peterdn-gif-test-suite", "gif/ancell-gif-test-suite"]
        .flatMap { folder in ((try? Fixtures.files(in: folder, extension: "gif")) ?? []).map { "\(folder)/\($0)" } }

    static let limits = DecodeLimits(maxWidth: 65_535, maxHeight: 65_535)

    /// The suites' files the decoder must reject, with what the error says; every other file
    /// must decode.
    static let rejected: [String: String] = [
        "gif/ancell-gif-test-suite/invalid-code.gif": "invalid LZW code 7",
        "gif/ancell-gif-test-suite/invalid-colors.gif": "colour index 2 but its colour table has 2 entries",
        "gif/ancell-gif-test-suite/max-size.gif": "65535x65535 px is over the pixels limit",
        "gif/ancell-gif-test-suite/overflow-codes-max.gif": "LZW code size of 255",
        "gif/ancell-gif-test-suite/overflow-codes.gif": "LZW code size of 12",
        "gif/ancell-gif-test-suite/zero-height.gif": "image size 1x0 is empty",
        "gif/ancell-gif-test-suite/zero-size.gif": "image size 0x0 is empty",
        "gif/ancell-gif-test-suite/zero-width.gif": "image size 0x1 is empty",
    ]

    /// Distinct opaque colours of a frame (transparent pixels not counted).
    static func colorCount(_ raster: Raster) -> Int {
        var colors = Set<UInt32>()
        raster.bytes.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for p in pixels where p >> 24 != 0 { colors.insert(p) }
        }
        return colors.count
    }

    @Test("the fixture folders hold 119 GIFs (18 Pillow, 4 wuffs, 13 peterdn, 84 Ancell), 8 to be rejected")
    func fixturesAreComplete() {
        #expect(Self.files.count == 119)
        #expect(Set(Self.rejected.keys).isSubset(of: Self.files))
    }

    @Test("every frame, delay and the loop count survive", arguments: files)
    func roundTrip(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        if let expected = Self.rejected[file] {
            #expect(
                performing: { _ = try GIFDecoder.decode(bytes, limits: Self.limits) },
                throws: { error in
                    switch error as? CodecError {
                    case .corrupt(.gif, let reason)?: reason.contains(expected)
                    case .limitExceeded(.gif, let limit)?: limit.description.contains(expected)
                    default: false
                    }
                })
            return
        }
        let original = try GIFDecoder.decode(bytes, limits: Self.limits)
        let lossless = original.frames.allSatisfy { Self.colorCount($0.raster) <= 255 }
        for optimize in [true, false] {
            let encoded = try GIFEncoder(options: .init(optimizeFrames: optimize)).encode(original)
            let decoded = try GIFDecoder.decode(encoded, limits: Self.limits)
            #expect(decoded.width == original.width && decoded.height == original.height)
            #expect(decoded.loopCount == original.loopCount, "\(file): loop count")
            try #require(decoded.frames.count == original.frames.count, "\(file): frame count")
            #expect(decoded.frames.map(\.delay) == original.frames.map(\.delay), "\(file): delays")
            for (k, (a, b)) in zip(original.frames, decoded.frames).enumerated() {
                if lossless {
                    let mismatch = GIFAncellSuiteTests.firstMismatch(b.raster, a.raster)
                    #expect(mismatch == nil, "\(file) frame \(k) (optimize \(optimize)): \(mismatch ?? "")")
                } else {
                    // More colours than a palette holds (Ancell's high-color): alpha exact, colours close.
                    let error = GIFQualityMeasure.compare(b.raster, a.raster)
                    #expect(error.alphaMismatches == 0 && error.meanError < 3, "\(file) frame \(k): \(error)")
                }
            }
        }
    }
}
