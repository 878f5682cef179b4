import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionPipeline

/// The WebP ladder for long animations: its step is found by bisecting sample predictions,
/// a key-frame animation is sampled by single frames spread over it, and identical frames are
/// merged before sampling.
@Suite("WebP size ladder")
struct WebPLadderTests {
    static func video(_ name: String) throws -> Animation {
        try ImageDecoder.decodeAnimation(try Fixtures.bytes("webm/\(name)"))
    }

    @Test(
        "bisecting the predictions stops at the step and bytes a walk down the ladder stops at",
        arguments: [
            false, true,
        ])
    func bisectionMatchesWalk(keyFramesOnly: Bool) throws {
        let animation = try Self.video("vp9-alpha-512x384-24fps-3s.webm")
        let fitter = SizeFitter(limit: 200_000, webpKeyFramesOnly: keyFramesOnly)
        let steps = fitter.ladder(for: .webp, animated: true)
        let bisected = try fitter.fitPredicted(animation, steps: steps, orderedBySize: true)
        let walked = try fitter.fitPredicted(animation, steps: steps, orderedBySize: false)
        #expect(bisected.step == walked.step && bisected.bytes == walked.bytes)
        #expect(bisected.step.hasPrefix("WebP lossy quality"), "\(bisected.step)")
        #expect(bisected.bytes.count <= 200_000)
    }

    @Test(
        "twelve frames spread over a key-frame video predict its size within 3 %",
        arguments: [
            "vp8-alpha-512x512-30fps-3s.webm", "vp9-alpha-512x512-30fps-3s.webm",
        ])
    func spreadSamplePredicts(name: String) throws {
        let animation = try Self.video(name)
        var options = WebPEncoder.Options.lossy(quality: 30, alphaQuality: 30)
        options.method = SizeFitter.webpAnimatedLossyMethod
        options.keyframeInterval = 1...1
        let encoder = WebPEncoder(options: options)
        let sample = SizeFitter.spreadSample(animation)
        #expect(sample.frames.count == SizeFitter.spreadCount)
        let predicted =
            Double(try encoder.encode(sample).count) * Double(animation.frames.count) / Double(sample.frames.count)
        let actual = Double(try encoder.encode(animation).count)
        #expect(abs(predicted / actual - 1) < 0.03, "predicted \(predicted), file \(actual)")
    }

    @Test("identical frames merge into one for their total time; an animation of alike frames stays animated")
    func identicalFramesMerge() throws {
        var red = Raster(width: 4, height: 4)
        red[1, 1] = RGBA(255, 0, 0, 255)
        let clear = Raster(width: 4, height: 4)
        let frames = [red, red, clear, red].map { AnimationFrame(raster: $0, delay: .milliseconds(40)) }
        let merged = AnimationConstraints.mergingIdenticalFrames(Animation(width: 4, height: 4, frames: frames))
        #expect(merged.frames.map(\.raster) == [red, clear, red])
        #expect(merged.frames.map(\.delay) == [80, 40, 40].map { FrameDelay.milliseconds($0) })
        let alike = Animation(
            width: 4, height: 4, frames: [red, red].map { AnimationFrame(raster: $0, delay: .milliseconds(40)) })
        #expect(SizeFitter.mergingIdenticalFrames(alike).frames.count == 2)
        #expect(AnimationConstraints.mergingIdenticalFrames(alike).frames.count == 1)
    }

    @Test(
        "a VP9 ladder calibrated on its first step, encoded whole, stops at the step a ladder predicted from the start stops at, or earlier"
    )
    func webmCalibratedOnFirstStep() throws {
        let animation = try Self.video("vp9-alpha-512x384-24fps-3s.webm")
        let steps = SizeFitter(limit: 1).ladder(for: .webm, animated: true)
        let first = try #require(try steps[0].encode(animation))
        // A limit the first step misses, so the ladder has to go further down.
        let fitter = SizeFitter(limit: first.count * 6 / 10)
        let calibrated = try fitter.fitPredicted(
            animation, steps: steps, orderedBySize: false, calibratesOnFirstStep: true)
        let predicted = try fitter.fitPredicted(animation, steps: steps, orderedBySize: false)
        #expect(calibrated.stepIndex > 1 && calibrated.bytes.count <= fitter.limit)
        // The calibrated prediction is the closer one: it never gives up more than the
        // uncalibrated ladder (on this video it keeps VP9 quality 36 where that drops to 56).
        #expect(
            calibrated.stepIndex <= predicted.stepIndex && predicted.bytes.count <= fitter.limit,
            "\(calibrated.step) vs \(predicted.step)")
    }
}
