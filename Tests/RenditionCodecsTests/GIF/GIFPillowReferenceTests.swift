import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// The Pillow and wuffs GIF fixtures against Pillow's composited frames
/// (`Fixtures/gif/expected/SUITE/NAME.K.png` and `NAME.json`, written by
/// `Scripts/make-gif-references.py`): frame count, every pixel of every frame, delays and
/// loop count.
@Suite("GIF decoding: Pillow and wuffs fixtures against Pillow")
struct GIFPillowReferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let suite: String
        let name: String
        var testDescription: String { "\(suite)/\(name)" }
    }

    struct Reference: Decodable {
        let width: Int
        let height: Int
        let frames: Int
        let durations_ms: [Int]
        let loop: Int?
    }

    static let cases: [Case] = ["pillow", "wuffs"].flatMap { suite in
        ((try? Fixtures.files(in: "gif/\(suite)", extension: "gif")) ?? []).map {
            Case(suite: suite, name: String($0.dropLast(4)))
        }
    }

    /// How Rendition deliberately differs from Pillow on some files. Pillow is not a browser:
    /// where the two disagree, Rendition follows the browsers and the GIF suites.
    enum Difference {
        /// Pillow fills a disposed (disposal 2) region with an opaque colour (the background
        /// index, looked up in the frame's palette) when the frame has no transparency;
        /// browsers clear it to transparent. Pixels may differ only where ours are
        /// transparent and Pillow's are opaque.
        case disposalFillsBackgroundColor
        /// Pillow enlarges the canvas to hold frames reaching outside the logical screen;
        /// browsers (and the Ancell and peterdn suites) clip them. Compared on our canvas,
        /// the top-left part of Pillow's.
        case canvasGrowsForOutsideFrames
        /// After the first image the file holds a second GIF (its header where a block
        /// should start). Pillow skips unknown bytes until something looks like a block and
        /// reads on; browsers stop there and show the frames before. `frames` is our count.
        case stopsAtUnknownBytes(frames: Int)
    }

    static let deliberateDifferences: [String: [Difference]] = [
        "pillow/dispose_bgnd": [.disposalFillsBackgroundColor],
        "pillow/dispose_bgnd_rgba": [.disposalFillsBackgroundColor],
        "pillow/test_extents": [.canvasGrowsForOutsideFrames],
        "pillow/test_extents_transparency": [.canvasGrowsForOutsideFrames, .stopsAtUnknownBytes(frames: 1)],
    ]

    @Test("the fixture sets hold 18 Pillow and 4 wuffs files")
    func fixturesAreComplete() {
        #expect(Self.cases.filter { $0.suite == "pillow" }.count == 18)
        #expect(Self.cases.filter { $0.suite == "wuffs" }.count == 4)
    }

    @Test("every frame matches Pillow's", arguments: cases)
    func matchesPillow(_ c: Case) throws {
        let expected = "gif/expected/\(c.suite)/\(c.name)"
        let reference = try JSONDecoder().decode(Reference.self, from: Data(try Fixtures.bytes(expected + ".json")))
        let animation = try GIFDecoder.decode(try Fixtures.bytes("gif/\(c.suite)/\(c.name).gif"))
        let differences = Self.deliberateDifferences[c.testDescription] ?? []
        let grows = differences.contains { if case .canvasGrowsForOutsideFrames = $0 { true } else { false } }
        let fillsBackground = differences.contains {
            if case .disposalFillsBackgroundColor = $0 { true } else { false }
        }
        let ourFrameCount = differences.lazy.compactMap { if case .stopsAtUnknownBytes(let n) = $0 { n } else { nil } }
            .first
        if grows {
            #expect(animation.width < reference.width || animation.height < reference.height)
        } else {
            #expect(animation.width == reference.width && animation.height == reference.height)
        }
        #expect(animation.loopCount == reference.loop.map { $0 == 0 ? 0 : $0 + 1 } ?? 1, "loop count")
        try #require(animation.frames.count == (ourFrameCount ?? reference.frames))
        var differingFrames = 0
        for (index, frame) in animation.frames.enumerated() {
            var pillow = try PNGDecoder.decode(try Fixtures.bytes("\(expected).\(index).png"))
            if grows { pillow = Self.crop(pillow, width: animation.width, height: animation.height) }
            if fillsBackground {
                let unexplained = Self.firstMismatch(frame.raster, pillow) { ours, theirs in
                    ours == RGBA(0, 0, 0, 0) && theirs.a == 255
                }
                #expect(unexplained == nil, "\(c.testDescription) frame \(index): \(unexplained ?? "")")
                if GIFAncellSuiteTests.firstMismatch(frame.raster, pillow) != nil { differingFrames += 1 }
            } else {
                let mismatch = GIFAncellSuiteTests.firstMismatch(frame.raster, pillow)
                #expect(mismatch == nil, "\(c.testDescription) frame \(index): \(mismatch ?? "")")
            }
            #expect(
                frame.delay == .milliseconds(reference.durations_ms[index]), "\(c.testDescription) frame \(index) delay"
            )
        }
        if fillsBackground {
            #expect(differingFrames > 0, "\(c.testDescription) now matches Pillow exactly; remove the difference")
        }
    }

    static func crop(_ raster: Raster, width: Int, height: Int) -> Raster {
        var cropped = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { cropped[x, y] = raster[x, y] }
        }
        return cropped
    }

    /// The first pixel that differs and is not `allowed`, described; `nil` when none.
    static func firstMismatch(_ actual: Raster, _ expected: Raster, allowed: (RGBA, RGBA) -> Bool) -> String? {
        guard actual.width == expected.width && actual.height == expected.height else { return "sizes differ" }
        for y in 0..<actual.height {
            for x in 0..<actual.width where actual[x, y] != expected[x, y] && !allowed(actual[x, y], expected[x, y]) {
                return "pixel (\(x), \(y)) is \(actual[x, y]), expected \(expected[x, y])"
            }
        }
        return nil
    }
}
