import Foundation
import RenditionCore
import RenditionLint
import RenditionTestSupport
import Testing

@Suite("Profiles")
struct StickerProfileTests {
    @Test("the Apple Messages profile holds Apple's rules")
    func apple() {
        let p = StickerProfile.appleMessages
        #expect(p.id == "apple-messages" && p.maximumBytes == 500_000)
        #expect(p.minimumSide == 300 && p.maximumSide == 618 && p.requiresSquare && p.requiresTransparency)
        #expect(p.formats == [.png, .gif, .jpeg] && p.animatedFormats == [.png, .gif])
        #expect(p.sizeClasses.map(\.name) == ["small", "regular", "large"])
        #expect(p.sizeClasses.map(\.pixels) == [300, 408, 618] && p.sizeClasses.map(\.points) == [100, 136, 206])
        #expect(p.maximumFrames == nil && p.maximumDurationMilliseconds == nil && !p.requiresEndlessLoop)
        #expect(p.sizeClass(forSide: 299) == nil)
        #expect(p.sizeClass(forSide: 300)?.name == "small" && p.sizeClass(forSide: 407)?.name == "small")
        #expect(p.sizeClass(forSide: 512)?.name == "regular" && p.sizeClass(forSide: 618)?.name == "large")
        #expect(StickerProfile.builtIn["apple-messages"] == p)
    }

    @Test("profiles are data: JSON round trip, and a JSON profile's animation limits are enforced")
    func json() throws {
        let data = try JSONEncoder().encode(StickerProfile.appleMessages)
        #expect(try JSONDecoder().decode(StickerProfile.self, from: data) == .appleMessages)
        let text = """
            {"id": "strict", "name": "Strict", "formats": ["png"], "animatedFormats": ["gif"],
             "minimumSide": 512, "maximumSide": 512, "sizeClasses": [{"name": "only", "pixels": 512}],
             "requiresSquare": true, "requiresTransparency": true, "maximumBytes": 20000,
             "maximumFrames": 2, "maximumDurationMilliseconds": 300, "requiresEndlessLoop": false, "maximumLoops": 3}
            """
        let strict = try JSONDecoder().decode(StickerProfile.self, from: Data(text.utf8))
        let report = StickerLinter(options: LintOptions(profile: strict)).lint(path: Fixtures.path("lint/animated.png"))
        let codes = Set(report.codes)
        #expect(
            codes.isSuperset(of: [
                .animationFormatNotAllowed, .fileTooLarge, .canvasTooSmall, .tooManyFrames,
                .animationTooLong, .loopCountNotAllowed,
            ]))
        let frames = report.findings.first { $0.code == .tooManyFrames }!
        #expect(frames.values["frames"] == .integer(3) && frames.values["maximum"] == .integer(2))
        let still = StickerLinter(options: LintOptions(profile: strict)).lint(path: Fixtures.path("lint/opaque.jpg"))
        #expect(still.codes.contains(.formatNotAllowed))
    }
}
