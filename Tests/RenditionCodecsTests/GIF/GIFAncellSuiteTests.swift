import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Robert Ancell's GIF test suite (`Fixtures/gif/ancell-gif-test-suite`): every test in its
/// `TESTS` list, checked against its `.conf` (canvas size, loop count, every frame's pixels
/// and delay, and "no frames" for files that must be rejected).
///
/// How the suite's frames map to ours: Rendition returns one frame per image, as browsers
/// show them. The suite composes an image with a zero delay into the next frame, so its
/// frames are our frames with a non-zero delay; and when no image has a delay, it lists every
/// image for GIF87a files and files marked `force-animation`, but only the final picture for
/// other GIF89a files (which browsers still animate, once).
@Suite("GIF decoding: Ancell's GIF test suite")
struct GIFAncellSuiteTests {
    static let folder = "gif/ancell-gif-test-suite"
    static let tests: [String] =
        ((try? String(contentsOfFile: Fixtures.path(folder + "/TESTS"), encoding: .utf8)) ?? "")
        .split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    /// The suite's limits: GIF allows 65,535 px per side.
    static let limits = DecodeLimits(maxWidth: 65_535, maxHeight: 65_535)

    /// Where Rendition deliberately differs from the suite, and why.
    static let deliberateDifferences: [String: String] = [
        "plain-text":
            "the suite expects no frames; browsers ignore the plain text extension and draw the image that follows, and so does Rendition",
        "gif87a-animation":
            "the suite expects an infinite loop; the file has no looping extension (GIF87a cannot have one), so browsers play it once and Rendition reports loopCount 1",
    ]

    @Test("the TESTS list is complete")
    func listIsComplete() {
        #expect(Self.tests.count == 84)
    }

    @Test("every test matches its .conf", arguments: tests)
    func matchesConfiguration(name: String) throws {
        let conf = try GIFSuiteConfiguration(contentsOf: Fixtures.path("\(Self.folder)/\(name).conf"))
        let bytes = try Fixtures.bytes("\(Self.folder)/\(conf.input)")
        if conf.frames.isEmpty && Self.deliberateDifferences[name] == nil {
            #expect(
                performing: { _ = try GIFDecoder.decode(bytes, limits: Self.limits) },
                throws: { error in
                    switch error as? CodecError {
                    case .corrupt(.gif, let reason)?: !reason.isEmpty
                    case .limitExceeded(.gif, let limit)?: !limit.description.isEmpty
                    default: false
                    }
                })
            return
        }
        let animation = try GIFDecoder.decode(bytes, limits: Self.limits)
        #expect(animation.width == conf.width && animation.height == conf.height)
        if name == "plain-text" {
            // Ours: the image under the text extension, index 0 (opaque black) everywhere.
            #expect(animation.frames.count == 1)
            #expect(
                animation.firstFrame.straightRGBA()
                    == [UInt8](repeating: 0, count: 40 * 8 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 })
            return
        }
        let expectedPlays = name == "gif87a-animation" ? 1 : conf.loopCount.map { $0 + 1 } ?? 0
        #expect(animation.loopCount == expectedPlays, "loop count")

        let suiteFrames = Self.suiteView(of: animation, conf: conf)
        try #require(
            suiteFrames.count == conf.frames.count,
            "\(name): \(suiteFrames.count) frames, the suite lists \(conf.frames.count)")
        for (index, (frame, expected)) in zip(suiteFrames, conf.frames).enumerated() {
            let reference = try Self.reference(expected.file, width: conf.width, height: conf.height)
            let mismatch = Self.firstMismatch(frame.raster, reference)
            #expect(mismatch == nil, "\(name) frame \(index): \(mismatch ?? "")")
            if let delay = expected.delay {
                #expect(frame.delay == .centiseconds(delay), "\(name) frame \(index) delay")
            }
        }
    }

    /// Our frames as the suite lists them (see the type's documentation).
    static func suiteView(of animation: Animation, conf: GIFSuiteConfiguration) -> [AnimationFrame] {
        let timed = animation.frames.filter { $0.delay > .zero }
        if !timed.isEmpty { return timed }
        if conf.forceAnimation || conf.version == "GIF87a" { return animation.frames }
        return [animation.frames[animation.frames.count - 1]]
    }

    static func reference(_ file: String, width: Int, height: Int) throws -> Raster {
        let bytes = try Fixtures.bytes("\(folder)/\(file)")
        if file.hasSuffix(".png") { return try PNGDecoder.decode(bytes) }
        return Raster(width: width, height: height, straightRGBA: bytes)
    }

    /// A description of the first differing pixel, or `nil` when the rasters are equal.
    static func firstMismatch(_ actual: Raster, _ expected: Raster) -> String? {
        guard actual.width == expected.width && actual.height == expected.height else {
            return "size \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)"
        }
        for y in 0..<actual.height {
            for x in 0..<actual.width where actual[x, y] != expected[x, y] {
                return "pixel (\(x), \(y)) is \(actual[x, y]), expected \(expected[x, y])"
            }
        }
        return nil
    }
}
