import RenditionCore

/// An Xcode sticker sequence's timing: one frame rate or one cycle length for every frame, and
/// a repetition count. An animation whose frame delays vary, or that plays once, cannot be a
/// sequence.
package enum StickerSequence {
    /// How a sequence's timing is written: `duration-type` and `duration`.
    package enum Timing: Sendable, Equatable {
        /// `duration-type` `fps`, `duration` frames per second.
        case framesPerSecond(Int)
        /// `duration-type` `fixed`, `duration` seconds for one cycle.
        case fixedSeconds(Double)
    }

    /// The timing of an animation whose frames all last the same, or `nil` when delays vary
    /// (a sequence cannot express that).
    package static func timing(of animation: Animation) -> Timing? {
        guard let first = animation.frames.first?.delay, first.numerator > 0,
            animation.frames.allSatisfy({ $0.delay == first })
        else { return nil }
        if first.denominator % first.numerator == 0 { return .framesPerSecond(first.denominator / first.numerator) }
        return .fixedSeconds(animation.duration.seconds)
    }

    /// `repetitions` for a loop count (plays after the first; 0 = forever), or `nil` for a
    /// single play, which a sequence cannot express.
    package static func repetitions(forLoopCount loopCount: Int) -> Int? {
        loopCount == 0 ? 0 : (loopCount == 1 ? nil : loopCount - 1)
    }
}
