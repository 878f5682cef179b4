import RenditionCore
import Testing

@testable import RenditionPack
@testable import RenditionPipeline

/// `AnimationConstraints`: timing fitted to a platform, frames merged without losing the motion.
@Suite("Animation timing constraints")
struct AnimationConstraintsTests {
    /// `count` frames of `milliseconds` each, frame `i` filled with the value `i`.
    static func animation(frames count: Int, milliseconds: Int) -> Animation {
        let frames = (0..<count).map { index in
            var raster = Raster(width: 4, height: 4)
            for i in 0..<raster.bytes.count { raster.bytes[i] = UInt8(index) }
            return AnimationFrame(raster: raster, delay: .milliseconds(milliseconds))
        }
        return Animation(width: 4, height: 4, frames: frames, loopCount: 0)
    }

    @Test(
        "a run of frames all shorter than the minimum becomes fewer frames of at least the minimum, over the same time")
    func mergingKeepsTheMotion() {
        let merged = AnimationConstraints.mergingShortFrames(
            Self.animation(frames: 100, milliseconds: 30), minimum: .milliseconds(33))
        #expect(merged.frames.count == 50)
        #expect(merged.frames.allSatisfy { $0.delay == .milliseconds(60) })
        #expect(merged.duration == .milliseconds(3_000))
        // Frames kept are every other one, in order.
        #expect(merged.frames.map { Int($0.raster.bytes[0]) } == Array(stride(from: 0, to: 100, by: 2)))
        // A lone short frame gives its time to the frame before it (the first one to the frame
        // after); frames long enough stay as they are; a run ending short of the minimum at a
        // longer frame gives its time to that frame.
        let mixed = Animation(
            width: 4, height: 4,
            frames: [
                AnimationFrame(raster: Raster(width: 4, height: 4), delay: .milliseconds(50)),
                AnimationFrame(raster: Raster(width: 4, height: 4), delay: .milliseconds(10)),
                AnimationFrame(raster: Raster(width: 4, height: 4), delay: .milliseconds(40)),
                AnimationFrame(raster: Raster(width: 4, height: 4), delay: .milliseconds(10)),
            ], loopCount: 0)
        #expect(
            AnimationConstraints.mergingShortFrames(mixed, minimum: .milliseconds(20)).frames.map(\.delay)
                == [.milliseconds(60), .milliseconds(50)])
        let startsShort =
            Self.animation(frames: 1, milliseconds: 5).frames + Self.animation(frames: 2, milliseconds: 40).frames
        #expect(
            AnimationConstraints.mergingShortFrames(
                Animation(width: 4, height: 4, frames: startsShort, loopCount: 0),
                minimum: .milliseconds(20)
            ).frames.map(\.delay) == [.milliseconds(45), .milliseconds(40)])
        let runThenLong =
            Self.animation(frames: 3, milliseconds: 10).frames + Self.animation(frames: 1, milliseconds: 50).frames
        #expect(
            AnimationConstraints.mergingShortFrames(
                Animation(width: 4, height: 4, frames: runThenLong, loopCount: 0),
                minimum: .milliseconds(25)
            ).frames.map(\.delay) == [.milliseconds(30), .milliseconds(50)])
        #expect(
            AnimationConstraints.mergingShortFrames(
                Self.animation(frames: 3, milliseconds: 30), minimum: .milliseconds(33)
            )
            .frames.map(\.delay) == [.milliseconds(90)])
    }

    @Test("a 4 s, 100-frame animation fitted to Telegram's 3 s and 33 ms stays an animation of 50 frames")
    func telegramSpeedUp() throws {
        let outcome = try AnimationConstraints.apply(.telegram, to: Self.animation(frames: 100, milliseconds: 40))
        #expect(outcome.animation.isAnimated && outcome.animation.frames.count == 50)
        #expect(outcome.animation.duration <= .milliseconds(3_000))
        #expect(outcome.animation.frames.allSatisfy { $0.delay >= .milliseconds(33) })
        #expect(outcome.notes.first?.contains("50 of 100 frames dropped") == true, "\(outcome.notes)")
    }
}
