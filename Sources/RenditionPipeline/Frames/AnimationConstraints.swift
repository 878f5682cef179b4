import RenditionCore

/// Adapts an animation to a platform's timing rules (a `FramePolicy`) before encoding, reporting every change:
/// frames shorter than the platform allows are merged into their neighbours (the frames kept
/// start when they did), a loop longer than allowed is played faster (an animation at a
/// constant frame rate keeps it and drops frames evenly; other timing keeps the master's own
/// frame times in containers that store milliseconds, and is scaled on GIF's 10 ms grid for
/// GIF, see `FrameClock`) and frames that would then flash by faster than 20 ms are merged,
/// frame counts are capped or frames split, and the loop count is chosen together with the
/// duration so that loops × duration stays within the platform's play time.
public enum AnimationConstraints {
    /// The adapted animation and notes on what changed.
    public struct Outcome: Sendable {
        /// The animation to encode.
        public let animation: Animation
        /// What was changed, for the report.
        public let notes: [String]
    }

    /// Why an animation cannot be made to follow a platform's rules.
    public struct Violation: Error, Sendable, CustomStringConvertible {
        /// What the rules ask that the animation cannot give.
        public let reason: String

        /// A sentence for people (never empty: see `StatedReason`).
        public var description: String {
            StatedReason.stated(reason, otherwise: "the animation cannot follow the platform's frame rules")
        }
    }

    /// The shortest delay Rendition writes when it speeds an animation up: browsers and
    /// players treat GIF delays below 20 ms as 100 ms.
    package static let shortestSpedUpFrameMilliseconds = 20

    /// Applies `platform`'s frame, duration and loop rules to `animation`, for a container
    /// whose frame times run on `clock`.
    public static func apply(
        _ platform: FramePolicy, to animation: Animation, clock: FrameClock = .milliseconds
    ) throws(Violation) -> Outcome {
        guard animation.isAnimated else { return Outcome(animation: animation, notes: []) }
        var result = animation
        var notes: [String] = []
        if let minimum = platform.minimumFrameMilliseconds {
            let before = result.frames.count
            result = mergingShortFrames(result, minimum: FrameDelay.milliseconds(minimum))
            if result.frames.count != before {
                notes.append(
                    "\(before - result.frames.count) frame(s) shorter than \(minimum) ms merged into their neighbours")
            }
        }
        let longest = [platform.maximumDurationMilliseconds, platform.maximumPlayMilliseconds].compactMap { $0 }.min()
        if let longest, result.duration > FrameDelay.milliseconds(longest) {
            let before = result.duration
            let frameCount = result.frames.count
            let rate = constantFrameDelay(result)
            result = spedUp(result, toMilliseconds: longest, clock: clock)
            let keptForRate = result.frames.count
            let floor = max(shortestSpedUpFrameMilliseconds, platform.minimumFrameMilliseconds ?? 0)
            result = mergingShortFrames(result, minimum: .milliseconds(floor))
            let factor = before.seconds / max(result.duration.seconds, 0.001)
            var note =
                "played \(formatFactor(factor))x faster to fit \(platform.name)'s \(formatSeconds(.milliseconds(longest))) s (\(formatSeconds(before)) s → \(formatSeconds(result.duration)) s)"
            if let rate, keptForRate < frameCount {
                note +=
                    "; \(frameCount - keptForRate) of \(frameCount) frames dropped to keep the frame rate (\(formatFactor(1 / rate.seconds)) fps)"
            } else if keptForRate < frameCount {
                note += "; \(frameCount - keptForRate) of \(frameCount) frames dropped to keep the master's frame times"
            }
            if result.frames.count < keptForRate {
                note +=
                    "; \(keptForRate - result.frames.count) of \(keptForRate) frames dropped to keep frames at least \(floor) ms"
            }
            notes.append(note)
        }
        if let maximum = platform.maximumFrames, result.frames.count > maximum {
            let before = result.frames.count
            var divisor = 2
            while (before + divisor - 1) / divisor > maximum { divisor += 1 }
            result = SizeFitter.reducingFrameRate(result, by: divisor)
            notes.append(
                "frame count reduced from \(before) to \(result.frames.count) (at most \(maximum)), duration kept")
        }
        if let minimum = platform.minimumFrames, result.frames.count < minimum {
            let before = result.frames.count
            var factor = 2
            while before * factor < minimum { factor += 1 }
            result = splittingFrames(result, factor: factor)
            notes.append(
                "each frame shown as \(factor) equal frames to reach at least \(minimum) frames (\(before) → \(result.frames.count)), timing kept"
            )
        }
        if platform.requiresEndlessLoop && result.loopCount != 0 {
            notes.append("loop count \(result.loopCount) changed to endless")
            result.loopCount = 0
        }
        if let range = platform.loopCountRange {
            let chosen = loopCount(
                for: result.loopCount, duration: result.duration, range: range,
                maximumPlayMilliseconds: platform.maximumPlayMilliseconds)
            if chosen != result.loopCount {
                let was = result.loopCount == 0 ? "endless" : String(result.loopCount)
                var note =
                    "loop count \(was) changed to \(chosen) (\(platform.name) allows \(range.lowerBound)–\(range.upperBound)"
                if let play = platform.maximumPlayMilliseconds {
                    note +=
                        " with loops × \(formatSeconds(result.duration)) s ≤ \(formatSeconds(.milliseconds(play))) s"
                }
                notes.append(note + ")")
                result.loopCount = chosen
            }
        }
        return Outcome(animation: result, notes: notes)
    }

    /// The loop count for an animation of `duration` that wants `requested` loops (0 =
    /// endless): the most the range and the play time allow, and no more than requested.
    static func loopCount(
        for requested: Int, duration: FrameDelay, range: ClosedRange<Int>, maximumPlayMilliseconds: Int?
    ) -> Int {
        var most = range.upperBound
        if let play = maximumPlayMilliseconds {
            let one = max(duration.seconds * 1000, 0.001)
            most = min(most, Int((Double(play) / one + 1e-9).rounded(.down)))
        }
        most = max(range.lowerBound, most)
        return requested == 0 ? most : min(max(requested, range.lowerBound), most)
    }

    /// The animation played faster so one loop lasts at most `milliseconds`.
    ///
    /// An animation at a constant frame rate (`constantFrameDelay`) keeps it: as many frames
    /// as fit at that rate, each the source frame the faster loop shows when it starts, each
    /// for exactly the source's frame time. A 30 fps loop of 3.5 s becomes 90 frames of 1/30 s
    /// (0, 33, 67 ms ...), not faster frames that a frame-rate cap would then thin out.
    /// Otherwise, on a millisecond `clock`, the master's frame times are kept
    /// (`keepingFrameTimes`); on GIF's (or when fewer than two frames would fit at a constant
    /// rate) every delay is scaled, on a 10 ms grid (cumulative rounding down, so the total
    /// never exceeds the target).
    static func spedUp(
        _ animation: Animation, toMilliseconds milliseconds: Int, clock: FrameClock
    ) -> Animation {
        if let delay = constantFrameDelay(animation) {
            // Whole frames of `delay` (numerator / denominator s) in the target, exactly.
            let fit = Int128(milliseconds) * Int128(delay.denominator) / (1000 * Int128(delay.numerator))
            let source = animation.frames.count
            if fit >= 2 {
                let count = Int(min(fit, Int128(source)))
                let frames = (0..<count).map { k in
                    // The source frame nearest the faster loop's time at output frame k.
                    AnimationFrame(
                        raster: animation.frames[(2 * k * source + count) / (2 * count)].raster, delay: delay)
                }
                return Animation(
                    width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
            }
        } else if clock == .milliseconds {
            return keepingFrameTimes(animation, toMilliseconds: milliseconds)
        }
        let total = animation.duration.seconds * 1000
        let scale = Double(milliseconds) / total
        var frames: [AnimationFrame] = []
        var elapsed = 0.0
        var written = 0
        for frame in animation.frames {
            elapsed += frame.delay.seconds * 1000 * scale
            let end = min(milliseconds, Int((elapsed / 10 + 1e-9).rounded(.down)) * 10)
            frames.append(AnimationFrame(raster: frame.raster, delay: .milliseconds(max(0, end - written))))
            written = max(written, end)
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    /// The animation played faster so one loop lasts `milliseconds`, with the master's own
    /// frame times: every frame starting before the end of the shorter loop is kept at its
    /// time, showing the picture the faster loop shows then (the master's frame on screen at
    /// that time × duration / `milliseconds`), and lasts until the next kept frame starts (the
    /// last one until the loop ends). Frames starting after the shorter loop ends are the only
    /// ones dropped, and a kept frame that would show the same master frame as the one
    /// before it joins it, over the same time.
    static func keepingFrameTimes(_ animation: Animation, toMilliseconds milliseconds: Int) -> Animation {
        let limit = FrameDelay.milliseconds(milliseconds)
        let speed = animation.duration.seconds / limit.seconds
        var starts: [FrameDelay] = []
        var start = FrameDelay.zero
        for frame in animation.frames {
            starts.append(start)
            start = start + frame.delay
        }
        var frames: [AnimationFrame] = []
        var shownBefore = -1
        var shown = 0
        for (index, start) in starts.enumerated() where start < limit {
            // The master's frame on screen at the faster loop's time.
            let faster = start.seconds * speed
            while shown + 1 < starts.count && starts[shown + 1].seconds <= faster + 1e-9 { shown += 1 }
            let end = index + 1 < starts.count && starts[index + 1] < limit ? starts[index + 1] : limit
            if shown == shownBefore {
                frames[frames.count - 1].delay = frames[frames.count - 1].delay + (end - start)
            } else {
                frames.append(AnimationFrame(raster: animation.frames[shown].raster, delay: end - start))
                shownBefore = shown
            }
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    /// The frame time of the constant rate `animation` plays at, if it plays at one: its
    /// frames' common delay, or — for delays kept to the millisecond, as WebM and many
    /// exporters keep them (30 fps as 33, 33, 34 ms) — 1/N s for a whole N frames per second
    /// when every frame starts, and the loop ends, less than a millisecond from a multiple of
    /// it. Nil for variable timing.
    static func constantFrameDelay(_ animation: Animation) -> FrameDelay? {
        let delays = animation.frames.map(\.delay)
        guard let first = delays.first, first > .zero, delays.count > 1 else { return nil }
        if delays.allSatisfy({ $0 == first }) { return first }
        let perSecond = (Double(delays.count) / animation.duration.seconds).rounded()
        guard perSecond >= 1, perSecond <= 1000 else { return nil }
        let rate = Int(perSecond)
        var start = FrameDelay.zero
        for index in 0...delays.count {
            let exact = FrameDelay(numerator: index, denominator: rate)
            let off = start < exact ? exact - start : start - exact
            guard off < .milliseconds(1) else { return nil }
            if index < delays.count { start = start + delays[index] }
        }
        return FrameDelay(numerator: 1, denominator: rate)
    }

    /// Whether every frame of `animation` shows the same pixels (an animation that does not
    /// move, which platforms like LINE refuse).
    package static func allFramesIdentical(_ animation: Animation) -> Bool {
        guard animation.isAnimated else { return false }
        let first = animation.frames[0].raster
        return animation.frames.dropFirst().allSatisfy { $0.raster == first }
    }

    /// Each run of identical consecutive frames as one frame lasting the run's total time:
    /// the same pictures at the same moments.
    static func mergingIdenticalFrames(_ animation: Animation) -> Animation {
        var frames: [AnimationFrame] = []
        for frame in animation.frames {
            if let last = frames.last, last.raster == frame.raster {
                frames[frames.count - 1].delay = last.delay + frame.delay
            } else {
                frames.append(frame)
            }
        }
        guard frames.count < animation.frames.count else { return animation }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    /// Frames shorter than `minimum` are merged with their neighbours, over the same total
    /// time. A lone short frame (a flash between longer ones) gives its time to the frame
    /// before it, which stays on screen instead (the first frame of an animation gives it to
    /// the frame after). A run of short frames is grouped from its start: each group shows its
    /// first frame for the group's time and ends once that reaches `minimum`, so a run of
    /// 30 ms frames against a 33 ms minimum becomes 60 ms frames showing every other one,
    /// not a single frame. A group that ends short of `minimum` at a longer frame gives its
    /// time to the frame before the group, so the longer frame still starts when it did (a
    /// group that starts the animation gives it to the longer frame, which then starts at 0);
    /// at the end of the animation, to the frame before it. Every frame kept starts when it
    /// did, except a frame taking over the start of the animation.
    static func mergingShortFrames(_ animation: Animation, minimum: FrameDelay) -> Animation {
        let input = animation.frames
        var frames: [AnimationFrame] = []
        // Whether the last frame written is a group still shorter than `minimum`.
        var groupOpen = false
        for (index, frame) in input.enumerated() {
            let short = frame.delay < minimum
            if groupOpen {
                if short {
                    frames[frames.count - 1].delay = frames[frames.count - 1].delay + frame.delay
                    groupOpen = frames[frames.count - 1].delay < minimum
                } else {
                    let group = frames.removeLast()
                    if frames.isEmpty {
                        frames.append(AnimationFrame(raster: frame.raster, delay: frame.delay + group.delay))
                    } else {
                        frames[frames.count - 1].delay = frames[frames.count - 1].delay + group.delay
                        frames.append(frame)
                    }
                    groupOpen = false
                }
                continue
            }
            if !short {
                frames.append(frame)
                continue
            }
            let nextIsShort = index + 1 < input.count && input[index + 1].delay < minimum
            if !nextIsShort && !frames.isEmpty {
                frames[frames.count - 1].delay = frames[frames.count - 1].delay + frame.delay
            } else {
                frames.append(frame)
                groupOpen = true
            }
        }
        if groupOpen && frames.count > 1 {
            let group = frames.removeLast()
            frames[frames.count - 1].delay = frames[frames.count - 1].delay + group.delay
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    /// Every frame repeated `factor` times, each copy taking an equal share of its delay.
    static func splittingFrames(_ animation: Animation, factor: Int) -> Animation {
        var frames: [AnimationFrame] = []
        for frame in animation.frames {
            let share = frame.delay.divided(by: factor)
            for _ in 0..<factor { frames.append(AnimationFrame(raster: frame.raster, delay: share)) }
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    /// Seconds to two decimals (`2.5`, `3.0`); never traps, however long.
    package static func formatSeconds(_ delay: FrameDelay) -> String {
        formatHundredths(delay.seconds)
    }

    package static func formatFactor(_ factor: Double) -> String {
        formatHundredths(factor)
    }

    private static func formatHundredths(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return String(value) }
        return String(hundredths / 100)
    }
}
