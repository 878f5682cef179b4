import RenditionCodecs
import RenditionCore

/// The size ladder for WebM (VP9) outputs, as `SizeFitter` walks it: constant quality from
/// best to smallest, then a lower frame rate at the smallest quality, then a shorter loop.
/// Each quality is tried first in libvpx's real-time mode (the encoder's default speed) and,
/// when that file is over the limit, in its good-quality mode (speed 3 for colour, the alpha
/// stream in real-time mode: files about a third smaller at the same quality, for about three
/// times the time), so no quality is given up that the slower mode could have kept.
/// Deterministic: the same animation always stops at the same step.
enum WebMSizeLadder {
    /// libvpx constant-quality levels tried in order (0 best ... 63 smallest).
    static let qualities = [24, 30, 36, 42, 48, 56, 63]
    /// Better levels tried first by an animation short enough to be encoded whole at every
    /// step: a few frames of flat art at quality 24 take a tenth of the limit and lose detail
    /// at their edges (SSIM 0.992 against 0.998 at 12). A long animation starts at 24, where
    /// 3 s of 512 px video is near the limit already, and each extra level would cost its
    /// sample encodes.
    static let shortAnimationQualities = [12, 18]
    /// Frame-rate divisors tried at quality 63.
    static let frameRateDivisors = [2, 3]
    /// Loop lengths (ms) tried at quality 63 and a third of the frame rate.
    static let durations = [2_000, 1_000]
    /// The libvpx speed of the good-quality steps' colour. Measured on the 90-frame 512 px
    /// VP8 master of the sticker-convert comparison at quality 30 (alpha in real-time mode):
    /// speed 3 coded the colour in 2.9 s where speed 2 took 3.8 s, for 1.7 % more bytes and
    /// SSIM 0.9857 against 0.9879; speed 4 saved no more time and cost 2.2 % in bytes.
    static let goodQualitySpeed = 3

    static func steps(animated: Bool, short: Bool) -> [SizeFitter.Step] {
        var steps: [SizeFitter.Step] = []
        let levels = short ? shortAnimationQualities + qualities : qualities
        for quality in levels {
            let givenUp = quality == levels[0] ? [] : ["VP9 quality \(quality)"]
            steps.append(
                SizeFitter.Step(name: "VP9 quality \(quality)", givenUp: givenUp) { a throws(CodecError) in
                    try WebMEncoder(options: .init(quality: quality)).encode(a)
                })
            steps.append(
                SizeFitter.Step(name: "VP9 quality \(quality), good-quality mode", givenUp: givenUp) {
                    a throws(CodecError) in
                    try WebMEncoder(options: .init(quality: quality, speed: goodQualitySpeed)).encode(a)
                })
        }
        guard animated else { return steps }
        // From here on every step gives something up, so each takes the smaller, slower mode.
        let last = qualities[qualities.count - 1]
        let smallest = WebMEncoder.Options(quality: last, speed: goodQualitySpeed)
        for divisor in frameRateDivisors {
            steps.append(
                SizeFitter.Step(
                    name: "VP9 quality \(last), frame rate / \(divisor)",
                    givenUp: ["VP9 quality \(last)", "frame rate divided by \(divisor)"]
                ) { a throws(CodecError) in
                    try WebMEncoder(options: smallest).encode(SizeFitter.reducingFrameRate(a, by: divisor))
                })
        }
        let divisor = frameRateDivisors[frameRateDivisors.count - 1]
        for milliseconds in durations {
            steps.append(
                SizeFitter.Step(
                    name: "VP9 quality \(last), frame rate / \(divisor), first \(milliseconds) ms",
                    givenUp: ["VP9 quality \(last)", "frame rate divided by \(divisor)", "cut to \(milliseconds) ms"]
                ) { a throws(CodecError) in
                    try WebMEncoder(options: smallest).encode(
                        trimmed(SizeFitter.reducingFrameRate(a, by: divisor), to: milliseconds))
                })
        }
        return steps
    }

    /// The frames that start within the first `milliseconds`, the last one shortened to end
    /// there (at least one frame is kept).
    static func trimmed(_ animation: Animation, to milliseconds: Int) -> Animation {
        let limit = FrameDelay.milliseconds(milliseconds)
        var frames: [AnimationFrame] = []
        var start = FrameDelay.zero
        for frame in animation.frames {
            guard frames.isEmpty || start < limit else { break }
            let end = start + frame.delay
            frames.append(
                AnimationFrame(raster: frame.raster, delay: end > limit ? limit - start : frame.delay))
            start = end
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }
}
