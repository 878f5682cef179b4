import RenditionTestSupport
import RenditionCodecs
import RenditionCore
import Testing

/// GIF → GIF: every decodable GIF fixture, decoded, encoded and decoded again, keeps its frame
/// count, delays, loop count and every pixel of every frame (their frames have at most 255
/// colours each, so the encoder's palettes are exact).
@Suite("GIF encoding: GIF → GIF round trips")
struct GIFRoundTripTests {
    static let files: [String] = ["gif/pillow", "gif/wuffs", "gif/peterdn-gif-test-suite", "gif/ancell-gif-test-suite"]
        .flatMap { folder in ((try? Fixtures.files(in: folder, extension: "gif")) ?? []).map { "\(folder)/\($0)" } }

    static let limits = DecodeLimits(maxWidth: 65_535, maxHeight: 65_535)

    /// Distinct opaque colours of a frame (transparent pixels not counted).
    static func colorCount(_ raster: Raster) -> Int {
        var colors = Set<UInt32>()
        raster.bytes.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for p in pixels where p >> 24 != 0 { colors.insert(p) }
        }
        return colors.count
    }

    @Test("every frame, delay and the loop count survive", arguments: files)
    func roundTrip(file: String) throws {
        let original: Animation
        do {
            original = try GIFDecoder.decode(try Fixtures.bytes(file), limits: Self.limits)
        } catch {
            return  // the suites' files that must be rejected
        }
        if original.width * original.height > 1_000_000 { return }  // Ancell's 65,535 px lines: slow in debug, nothing new
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
