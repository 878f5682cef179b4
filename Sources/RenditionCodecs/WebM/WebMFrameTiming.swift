import RenditionCore

/// Frame delays from a WebM video track's timestamps.
///
/// WebM stores each frame's start in whole timecode ticks (usually milliseconds), so 30 fps
/// reads 0, 33, 67, 100 ms, ... When the timestamps are those of a constant frame rate — the
/// track's `DefaultDuration` turned into a `FrameRate`, or failing that the average rate
/// rounded to a short fraction — and every timestamp is within half a tick of that rate's
/// exact time, every frame gets the exact delay (1/30 s, so 90 frames last exactly 3 s).
/// Otherwise each delay is the exact difference of two timestamps, and the last frame lasts
/// its `BlockDuration`, the track's `DefaultDuration`, the rest of the Segment's `Duration`,
/// or as long as the frame before it, whichever is known first.
enum WebMFrameTiming {
    /// The delay of each frame starting at `timestamps` (ticks of `scale` ns).
    static func delays(
        timestamps: [Int], scale: Int, defaultDuration: Int?, lastBlockDuration: Int?, segmentDuration: Double?
    ) -> [FrameDelay] {
        guard !timestamps.isEmpty else { return [] }
        if let rate = constantRate(timestamps: timestamps, scale: scale, defaultDuration: defaultDuration) {
            return Array(repeating: rate.frameDelay, count: timestamps.count)
        }
        var delays = zip(timestamps, timestamps.dropFirst()).map { nanoseconds(($1 - $0) * scale) }
        let last = timestamps[timestamps.count - 1]
        if let lastBlockDuration, lastBlockDuration > 0 {
            delays.append(nanoseconds(lastBlockDuration * scale))
        } else if let defaultDuration {
            delays.append(nanoseconds(defaultDuration))
        } else if let segmentDuration, segmentDuration.isFinite, segmentDuration > Double(last), segmentDuration < 1e12
        {
            delays.append(nanoseconds(Int(((segmentDuration - Double(last)) * Double(scale)).rounded())))
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
            // Whole rates and NTSC rates (N * 1000/1001) near the average.
            candidates.append(FrameRate(numerator: max(1, Int(average.rounded())), denominator: 1))
            let ntsc = Int((average * 1.001).rounded())
            if ntsc > 0 { candidates.append(FrameRate(numerator: ntsc * 1000, denominator: 1001)) }
        }
        for rate in candidates where follows(timestamps, rate: rate, scale: scale) { return rate }
        return nil
    }

    /// Whether timestamp i is within half a tick of timestamp 0 + i / rate, for every i.
    private static func follows(_ timestamps: [Int], rate: FrameRate, scale: Int) -> Bool {
        let start = Double(timestamps[0]) * Double(scale)
        let frameNanoseconds = 1e9 * Double(rate.denominator) / Double(rate.numerator)
        let tolerance = Double(scale) / 2 + 1
        for (i, t) in timestamps.enumerated()
        where abs(Double(t) * Double(scale) - (start + Double(i) * frameNanoseconds)) > tolerance {
            return false
        }
        return true
    }

    /// `value` nanoseconds as a reduced fraction of a second.
    private static func nanoseconds(_ value: Int) -> FrameDelay {
        var (a, b) = (max(0, value), 1_000_000_000)
        while b != 0 { (a, b) = (b, a % b) }
        let g = max(a, 1)
        return FrameDelay(numerator: max(0, value) / g, denominator: 1_000_000_000 / g)
    }
}
