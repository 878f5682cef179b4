import RenditionCore

/// Adapts an animation to a platform's animation rules before encoding, reporting every
/// change; refuses what cannot be adapted without changing the animation's meaning.
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
        /// A sentence for people.
        public let description: String
    }

    /// Applies `platform`'s frame, duration and loop rules to `animation`.
    public static func apply(_ platform: PackPlatform, to animation: Animation) throws(Violation) -> Outcome {
        guard animation.isAnimated else { return Outcome(animation: animation, notes: []) }
        var result = animation
        var notes: [String] = []
        if let minimum = platform.minimumFrameMilliseconds {
            let before = result.frames.count
            result = mergingShortFrames(result, minimum: FrameDelay.milliseconds(minimum))
            if result.frames.count != before {
                notes.append("\(before - result.frames.count) frame(s) shorter than \(minimum) ms merged into their neighbours")
            }
        }
        if let maximum = platform.maximumDurationMilliseconds, result.duration > FrameDelay.milliseconds(maximum) {
            throw Violation(description: "the animation lasts \(formatSeconds(result.duration)) s, longer than \(platform.name)'s \(Double(maximum) / 1000) s")
        }
        if let maximum = platform.maximumFrames, result.frames.count > maximum {
            let before = result.frames.count
            var divisor = 2
            while (before + divisor - 1) / divisor > maximum { divisor += 1 }
            result = SizeFitter.reducingFrameRate(result, by: divisor)
            notes.append("frame count reduced from \(before) to \(result.frames.count) (at most \(maximum)), duration kept")
        }
        if let minimum = platform.minimumFrames, result.frames.count < minimum {
            let before = result.frames.count
            var factor = 2
            while before * factor < minimum { factor += 1 }
            result = splittingFrames(result, factor: factor)
            notes.append("each frame shown as \(factor) equal frames to reach at least \(minimum) frames (\(before) → \(result.frames.count)), timing kept")
        }
        if platform.requiresEndlessLoop && result.loopCount != 0 {
            notes.append("loop count \(result.loopCount) changed to endless")
            result.loopCount = 0
        }
        if let range = platform.loopCountRange, !range.contains(result.loopCount) {
            let clamped = result.loopCount == 0 ? range.upperBound : min(max(result.loopCount, range.lowerBound), range.upperBound)
            notes.append("loop count \(result.loopCount == 0 ? "endless" : String(result.loopCount)) changed to \(clamped) (\(platform.name) allows \(range.lowerBound)–\(range.upperBound))")
            result.loopCount = clamped
        }
        return Outcome(animation: result, notes: notes)
    }

    /// Frames shorter than `minimum` are merged into the previous frame (the first into the next).
    static func mergingShortFrames(_ animation: Animation, minimum: FrameDelay) -> Animation {
        var frames: [AnimationFrame] = []
        var carried = FrameDelay.zero
        for frame in animation.frames {
            if frame.delay < minimum {
                if frames.isEmpty { carried = carried + frame.delay } else { frames[frames.count - 1].delay = frames[frames.count - 1].delay + frame.delay }
            } else {
                frames.append(AnimationFrame(raster: frame.raster, delay: frame.delay + carried))
                carried = .zero
            }
        }
        if frames.isEmpty {
            frames = [AnimationFrame(raster: animation.frames[0].raster, delay: carried)]
        } else if carried != .zero {
            frames[frames.count - 1].delay = frames[frames.count - 1].delay + carried
        }
        return Animation(width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    /// Every frame repeated `factor` times, each copy taking an equal share of its delay.
    static func splittingFrames(_ animation: Animation, factor: Int) -> Animation {
        var frames: [AnimationFrame] = []
        for frame in animation.frames {
            let share = FrameDelay(numerator: frame.delay.numerator, denominator: frame.delay.denominator * factor)
            for _ in 0..<factor { frames.append(AnimationFrame(raster: frame.raster, delay: share)) }
        }
        return Animation(width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    static func formatSeconds(_ delay: FrameDelay) -> String {
        String(Double(Int((delay.seconds * 100).rounded())) / 100)
    }
}
