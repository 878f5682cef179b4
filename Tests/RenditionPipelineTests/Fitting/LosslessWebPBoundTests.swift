import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionPipeline

/// The WebP ladder's lossless step skips encoding a long animation's sample at full effort when
/// a quick effort-0 encode already puts it over the limit: that floor must stay below what the
/// full-effort encode writes.
@Suite("Lossless WebP floor")
struct LosslessWebPBoundTests {
    @Test(
        "half the effort-0 file is below the effort-4 file, for art, video and noise",
        arguments: [
            "webm/vp9-alpha-512x384-24fps-3s.webm", "webp/image-webp/animated/random_lossless.webp",
            "apng/wuffs/animated-red-blue.apng",
        ])
    func floorBelowFile(fixture: String) throws {
        let animation = try ImageDecoder.decodeAnimation(try Fixtures.bytes(fixture))
        let sample = animation.frames.count > SizeFitter.sampledAbove ? SizeFitter.sample(animation) : animation
        let step = try #require(SizeFitter(limit: 1).ladder(for: .webp, animated: true).first)
        #expect(step.name == "WebP lossless")
        let floor = try #require(try step.lowerBound?(sample))
        let file = try #require(try step.encode(sample))
        #expect(floor > 0 && floor <= file.count, "\(floor) vs \(file.count)")
    }

    @Test("a long video over the limit losslessly is fitted to the same bytes as without the floor")
    func sameBytes() throws {
        let animation = try ImageDecoder.decodeAnimation(try Fixtures.bytes("webm/vp9-alpha-512x384-24fps-3s.webm"))
        let fitter = SizeFitter(limit: 200_000)
        let steps = fitter.ladder(for: .webp, animated: true)
        let withoutFloor = steps.map { SizeFitter.Step(name: $0.name, givenUp: $0.givenUp, encode: $0.encode) }
        let fitted = try fitter.fitPredicted(animation, steps: steps, orderedBySize: true)
        let plain = try fitter.fitPredicted(animation, steps: withoutFloor, orderedBySize: true)
        #expect(fitted.bytes == plain.bytes && fitted.step == plain.step && !fitted.givenUp.isEmpty)
    }
}
