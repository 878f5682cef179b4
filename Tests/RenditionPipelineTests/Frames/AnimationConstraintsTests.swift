import RenditionCore
import Testing

@testable import RenditionLint
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

    @Test("a 4 s, 100-frame, 25 fps animation fitted to Telegram's 3 s stays at 25 fps: 75 frames of 40 ms")
    func telegramSpeedUp() throws {
        let outcome = try AnimationConstraints.apply(.telegram, to: Self.animation(frames: 100, milliseconds: 40))
        #expect(outcome.animation.isAnimated && outcome.animation.frames.count == 75)
        #expect(outcome.animation.duration == .milliseconds(3_000))
        #expect(outcome.animation.frames.allSatisfy { $0.delay == .milliseconds(40) })
        #expect(
            outcome.notes.first?.contains("25 of 100 frames dropped to keep the frame rate (25.0 fps)") == true,
            "\(outcome.notes)")
    }

    /// `count` frames of exact delay `delay`, frame `i` filled with the value `i`.
    static func animation(frames count: Int, delay: (Int) -> FrameDelay) -> Animation {
        let frames = (0..<count).map { index in
            var raster = Raster(width: 4, height: 4)
            for i in 0..<raster.bytes.count { raster.bytes[i] = UInt8(index) }
            return AnimationFrame(raster: raster, delay: delay(index))
        }
        return Animation(width: 4, height: 4, frames: frames, loopCount: 0)
    }

    @Test(
        "30 fps over Telegram's 3 s stays 30 fps: exactly 1/30 s a frame, frames dropped evenly, none merged",
        arguments: [91, 93, 105, 120])
    func thirtyFPSKeepsItsRate(count: Int) throws {
        let thirtieth = FrameDelay(numerator: 1, denominator: 30)
        let outcome = try AnimationConstraints.apply(.telegram, to: Self.animation(frames: count) { _ in thirtieth })
        let frames = outcome.animation.frames
        #expect(frames.count == 90 && frames.allSatisfy { $0.delay == thirtieth })
        #expect(outcome.animation.duration == FrameDelay(numerator: 3, denominator: 1))
        // Frames in order, none shown twice, the first and last kept, gaps spread evenly.
        let shown = frames.map { Int($0.raster.bytes[0]) }
        #expect(shown.first == 0 && shown.last == count - 1 && zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })
        let gaps = Set(zip(shown, shown.dropFirst()).map { $1 - $0 })
        #expect(gaps.max()! - gaps.min()! <= 1, "\(gaps)")
        #expect(
            outcome.notes.first?.contains("\(count - 90) of \(count) frames dropped to keep the frame rate (30.0 fps)")
                == true, "\(outcome.notes)")
        #expect(outcome.notes.allSatisfy { !$0.contains("at least") }, "\(outcome.notes)")
    }

    @Test("30 fps kept to the millisecond (33, 33, 34 ms) is read as 30 fps and sped up at exactly 1/30 s")
    func millisecondCadence() throws {
        let cadence = Self.animation(frames: 93) { .milliseconds($0 % 3 == 2 ? 34 : 33) }
        #expect(AnimationConstraints.constantFrameDelay(cadence) == FrameDelay(numerator: 1, denominator: 30))
        let outcome = try AnimationConstraints.apply(.telegram, to: cadence)
        #expect(outcome.animation.frames.count == 90)
        #expect(outcome.animation.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1, denominator: 30) })
        // Variable timing is not taken for a rate: a frame starting at 99 ms, 1 ms off 30 fps.
        let jitter = Self.animation(frames: 9) { .milliseconds([33, 33, 33, 35, 33, 33, 34, 33, 33][$0]) }
        #expect(AnimationConstraints.constantFrameDelay(jitter) == nil)
    }
}

/// Variable timing: a faster loop keeps the master's frame times; merging moves no frame kept.
@Suite("Animation timing constraints: variable timing")
struct VariableTimingConstraintsTests {
    @Test("a 3.5 s variable-rate loop fitted to 3 s keeps the frames starting before 3 s at their times")
    func fasterLoopKeepsTimes() throws {
        // 40 and 60 ms frames in turn: 70 frames, 3.5 s.
        let master = AnimationConstraintsTests.animation(frames: 70) { .milliseconds($0 % 2 == 0 ? 40 : 60) }
        #expect(AnimationConstraints.constantFrameDelay(master) == nil)
        let outcome = try AnimationConstraints.apply(.telegram, to: master)
        let frames = outcome.animation.frames
        #expect(outcome.animation.duration == .milliseconds(3_000))
        // Every frame starts when one of the master's did (0, 40, 100, 140, 200 ... 2940 ms);
        // a master start whose faster-loop picture is the one already on screen joins it.
        let masterStarts = Set(VideoTimingTests.starts(master).filter { $0 < 3_000 })
        let starts = VideoTimingTests.starts(outcome.animation)
        #expect(Set(starts).isSubset(of: masterStarts) && starts.first == 0)
        #expect(frames.count > 45 && frames.count < 59, "\(frames.count)")
        // Each shows the master's frame on screen at 3.5/3 times its start, in order, none twice.
        let shown = frames.map { Int($0.raster.bytes[0]) }
        for (start, picture) in zip(starts, shown) {
            let faster = Double(start) * 3.5 / 3
            let on = VideoTimingTests.starts(master).lastIndex { Double($0) <= faster + 1e-6 }
            #expect(on == picture, "at \(start) ms")
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })
        #expect(
            outcome.notes.first?.contains("\(70 - frames.count) of 70 frames dropped to keep the master's frame times")
                == true, "\(outcome.notes)")
        // GIF's clock scales every delay on its 10 ms grid instead, keeping every frame.
        let gif = try AnimationConstraints.apply(PackPlatform.telegram.framePolicy, to: master, clock: .centiseconds)
            .animation
        #expect(gif.frames.allSatisfy { ($0.delay.seconds * 1000).rounded().truncatingRemainder(dividingBy: 10) == 0 })
    }

    @Test(
        "a run of short frames ending at a longer frame gives its time to the frame before, so the longer one starts when it did"
    )
    func mergingMovesNoKeptFrame() {
        let master = AnimationConstraintsTests.animation(frames: 4) { .milliseconds([40, 10, 10, 50][$0]) }
        let merged = AnimationConstraints.mergingShortFrames(master, minimum: .milliseconds(33))
        #expect(merged.frames.map(\.delay) == [.milliseconds(60), .milliseconds(50)])
        #expect(merged.frames.map { Int($0.raster.bytes[0]) } == [0, 3])
    }
}
