import RenditionCore

/// Frame start times in whole milliseconds for `WebPAnimEncoder`, from exact delays.
///
/// WebP stores each frame's duration in whole milliseconds. Rounding every delay on its own
/// would let errors add up (30 frames of 1/30 s would play 990 ms), so the exact start time
/// of every frame, `t_k = d_0 + … + d_(k-1)`, is rounded to the nearest millisecond (halves
/// up) and each duration is the difference of two rounded start times: every duration is
/// within 1 ms of its exact value and the total is within 0.5 ms of the exact total
/// (1/30 s frames get 33, 34, 33, 33, 34, 33, … ms). Whole-millisecond delays are kept exactly.
struct WebPFrameTimestamps {
    /// Start time of every frame, then the end of the last frame (`frames + 1` values).
    let milliseconds: [Int]

    /// The longest duration an `ANMF` chunk can hold: 24 bits of milliseconds.
    static let maxFrameDuration = (1 << 24) - 1

    /// Computes the rounded start times of frames with `delays`.
    /// - Throws: `CodecError.encodingFailed` when a rounded duration does not fit WebP's
    ///   24-bit field, or the total does not fit libwebp's 32-bit timestamps.
    init(delays: [FrameDelay]) throws(CodecError) {
        var times = [0]
        times.reserveCapacity(delays.count + 1)
        var sum = Fraction.zero
        for (index, delay) in delays.enumerated() {
            guard let next = sum.adding(numerator: delay.numerator, denominator: delay.denominator),
                let end = next.roundedMilliseconds
            else {
                throw .encodingFailed(
                    format: .webp,
                    reason: "frame delays cannot be added exactly (denominators too large, or the total is too long)")
            }
            sum = next
            let duration = end - times[times.count - 1]
            if duration > Self.maxFrameDuration {
                throw .encodingFailed(
                    format: .webp,
                    reason: "frame \(index + 1) lasts \(duration) ms, over WebP's limit of \(Self.maxFrameDuration) ms")
            }
            times.append(end)
        }
        if let total = times.last, total > Int(Int32.max) {
            throw .encodingFailed(
                format: .webp, reason: "the animation lasts \(total) ms, over libwebp's limit of \(Int32.max) ms")
        }
        milliseconds = times
    }

    /// A non-negative fraction of seconds, kept reduced; arithmetic reports overflow as `nil`.
    struct Fraction {
        let numerator: Int
        let denominator: Int

        static let zero = Fraction(numerator: 0, denominator: 1)

        /// `self + n/d`, reduced, or `nil` on overflow.
        func adding(numerator n: Int, denominator d: Int) -> Fraction? {
            let g = Self.gcd(denominator, d)
            let (common, o1) = denominator.multipliedReportingOverflow(by: d / g)  // lcm
            let (left, o2) = numerator.multipliedReportingOverflow(by: d / g)
            let (right, o3) = n.multipliedReportingOverflow(by: denominator / g)
            let (sum, o4) = left.addingReportingOverflow(right)
            if o1 || o2 || o3 || o4 { return nil }
            let r = Self.gcd(sum, common)
            return Fraction(numerator: sum / r, denominator: common / r)
        }

        /// The value in milliseconds rounded to nearest, halves up, or `nil` on overflow.
        var roundedMilliseconds: Int? {
            // floor((2000 n + d) / (2 d))
            let (twiceMs, o1) = numerator.multipliedReportingOverflow(by: 2000)
            let (shifted, o2) = twiceMs.addingReportingOverflow(denominator)
            let (twiceDenominator, o3) = denominator.multipliedReportingOverflow(by: 2)
            if o1 || o2 || o3 { return nil }
            return shifted / twiceDenominator
        }

        static func gcd(_ a: Int, _ b: Int) -> Int {
            var (a, b) = (a, b)
            while b != 0 { (a, b) = (b, a % b) }
            return max(a, 1)
        }
    }
}
