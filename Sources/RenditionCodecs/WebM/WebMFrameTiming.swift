import RenditionCore

/// Frame delays from a WebM video track's timestamps.
///
/// WebM stores each frame's start in whole timecode ticks (usually milliseconds), so 30 fps
/// reads 0, 33, 67, 100 ms, ... from muxers that round (ffmpeg) and 0, 33, 66, 100 ms, ...
/// from muxers that cut the nanoseconds off (libwebm: vpxenc, browsers' MediaRecorder). When
/// the timestamps are those of a constant frame rate — the track's `DefaultDuration` turned
/// into a `FrameRate`, or failing that the average rate rounded to a short fraction — and
/// every timestamp is that rate's exact time rounded or truncated to a tick (see `follows`),
/// every frame gets the exact delay (1/30 s, so 90 frames last exactly 3 s).
/// Otherwise each delay is the exact difference of two timestamps, and the last frame lasts
/// its `BlockDuration`, the track's `DefaultDuration`, the rest of the Segment's `Duration`,
/// or as long as the frame before it, whichever is known first.
///
/// Ticks times the scale are worked out in 128 bits, so no file can make them overflow, and a
/// frame lasting longer than `longestFrame` (a day) is refused as `unsupported`: real stickers
/// last seconds, and with every frame under a day any sum of delays stays exact.
enum WebMFrameTiming {
    /// The longest a frame may last, in nanoseconds: one day.
    static let longestFrame: Int128 = 86_400 * 1_000_000_000

    /// The delay of each frame starting at `timestamps` (ticks of `scale` ns).
    static func delays(
        timestamps: [Int], scale: Int, defaultDuration: Int?, lastBlockDuration: Int?, segmentDuration: Double?
    ) throws(CodecError) -> [FrameDelay] {
        guard !timestamps.isEmpty else { return [] }
        if let rate = constantRate(timestamps: timestamps, scale: scale, defaultDuration: defaultDuration) {
            let delay = rate.frameDelay
            // numerator / denominator s over a day: compared exactly.
            if Int128(delay.numerator) * 1_000_000_000 > longestFrame * Int128(delay.denominator) {
                throw tooLong(frame: 1, nanoseconds: nil, seconds: delay.seconds)
            }
            return Array(repeating: delay, count: timestamps.count)
        }
        var delays: [FrameDelay] = []
        delays.reserveCapacity(timestamps.count)
        for (i, (start, end)) in zip(timestamps, timestamps.dropFirst()).enumerated() {
            delays.append(try nanoseconds((Int128(end) - Int128(start)) * Int128(scale), frame: i + 1))
        }
        let frame = timestamps.count
        let last = timestamps[frame - 1]
        if let lastBlockDuration, lastBlockDuration > 0 {
            delays.append(try nanoseconds(Int128(lastBlockDuration) * Int128(scale), frame: frame))
        } else if let defaultDuration {
            delays.append(try nanoseconds(Int128(defaultDuration), frame: frame))
        } else if let segmentDuration, segmentDuration.isFinite, segmentDuration > Double(last) {
            let rest = (segmentDuration - Double(last)) * Double(scale)
            guard rest <= Double(longestFrame) else {
                throw tooLong(frame: frame, nanoseconds: nil, seconds: rest / 1e9)
            }
            delays.append(try nanoseconds(Int128(rest.rounded()), frame: frame))
        } else {
            delays.append(delays.last ?? .zero)
        }
        return delays
    }

    /// The constant rate the timestamps follow, if any.
    static func constantRate(timestamps: [Int], scale: Int, defaultDuration: Int?) -> FrameRate? {
        var candidates: [FrameRate] = []
        if let defaultDuration, let rate = FrameRate(1e9 / Double(defaultDuration)) { candidates.append(rate) }
        if timestamps.count > 1, timestamps.last! > timestamps[0] {
            let average =
                Double(timestamps.count - 1) * 1e9 / (Double(timestamps.last! - timestamps[0]) * Double(scale))
            // Whole rates and NTSC rates (N * 1000/1001) near the average (below a million
            // million frames per second, so the rounding stays an Int).
            if average < 1e12 {
                candidates.append(FrameRate(numerator: max(1, Int(average.rounded())), denominator: 1))
                let ntsc = Int((average * 1.001).rounded())
                if ntsc > 0 { candidates.append(FrameRate(numerator: ntsc * 1000, denominator: 1001)) }
            }
        }
        for rate in candidates where follows(timestamps, rate: rate, scale: scale) { return rate }
        return nil
    }

    /// Whether the timestamps are those of `rate`, rounded or truncated to ticks.
    ///
    /// Rounded timestamps (ffmpeg) are each within half a tick of timestamp 0 + i / rate.
    /// Truncated ones (libwebm writes `nanoseconds / scale`: 30 fps reads 0, 33, 66, 100 ms)
    /// are each `start + i / rate` cut down to a tick for some start, which holds exactly when
    /// the timestamps less i / rate all lie within less than a tick of each other; that test
    /// is only made when a frame lasts at least ten ticks, so that a tick is a small part of a
    /// frame and coarse ticks (a second) cannot make any timing look constant.
    private static func follows(_ timestamps: [Int], rate: FrameRate, scale: Int) -> Bool {
        let tick = Double(scale)
        let start = Double(timestamps[0]) * tick
        let frameNanoseconds = 1e9 * Double(rate.denominator) / Double(rate.numerator)
        // What is left of each timestamp once i frames are taken off, relative to the first.
        var (lowest, highest) = (0.0, 0.0)
        var rounded = true
        for (i, t) in timestamps.enumerated() {
            let residual = Double(t) * tick - (start + Double(i) * frameNanoseconds)
            if abs(residual) > tick / 2 + 1 { rounded = false }
            (lowest, highest) = (min(lowest, residual), max(highest, residual))
        }
        return rounded || (frameNanoseconds >= 10 * tick && highest - lowest < tick - 1)
    }

    /// `value` nanoseconds (none when negative: timestamps out of order) as a reduced
    /// fraction of a second; over a day is `unsupported`.
    private static func nanoseconds(_ value: Int128, frame: Int) throws(CodecError) -> FrameDelay {
        guard value <= longestFrame else { throw tooLong(frame: frame, nanoseconds: value, seconds: nil) }
        let value = Int(max(0, value))
        var (a, b) = (value, 1_000_000_000)
        while b != 0 { (a, b) = (b, a % b) }
        let g = max(a, 1)
        return FrameDelay(numerator: value / g, denominator: 1_000_000_000 / g)
    }

    /// Frame `frame` (counted from 1) lasting too long, given in nanoseconds or seconds.
    private static func tooLong(frame: Int, nanoseconds: Int128?, seconds: Double?) -> CodecError {
        var length = "\((seconds ?? 0).rounded(.down)) s"
        if let nanoseconds {
            length = "\(nanoseconds / 1_000_000_000) s"
        } else if let seconds, seconds.isFinite, seconds < 1e18 {
            length = "\(Int(seconds)) s"
        }
        return .unsupported(
            format: .webm,
            reason: "frame \(frame) lasts \(length); frames longer than a day (86400 s) are not decoded")
    }
}
