import RenditionCore

/// Writes a `FrameDelay` as APNG's 16-bit `delay_num / delay_den`.
enum APNGDelayEncoding {
    /// The fraction to store: the delay's own numerator and denominator when both fit in 16
    /// bits; else the reduced fraction when it fits; else the closest fraction with both
    /// terms at most 65,535 (a delay over 65,535 s becomes 65535/1). The denominator is
    /// never 0 (which readers take as 100).
    static func fraction(for delay: FrameDelay) -> (numerator: UInt16, denominator: UInt16) {
        let limit = Int(UInt16.max)
        if delay.numerator <= limit && delay.denominator <= limit {
            return (UInt16(delay.numerator), UInt16(delay.denominator))
        }
        let g = gcd(delay.numerator, delay.denominator)
        let (n, d) = (delay.numerator / g, delay.denominator / g)
        if n <= limit && d <= limit { return (UInt16(n), UInt16(d)) }
        // d * limit overflowing means it is above any n.
        let (most, overflow) = d.multipliedReportingOverflow(by: limit)
        if !overflow && n >= most { return (UInt16(limit), 1) }
        let (p, q) = closestFraction(n, d, limit: limit)
        return (UInt16(p), UInt16(q))
    }

    /// The fraction p/q closest to n/d with p, q <= `limit`, from the continued-fraction
    /// convergents of n/d and the best semiconvergent after the last one that fits.
    static func closestFraction(_ n: Int, _ d: Int, limit: Int) -> (Int, Int) {
        // Convergents h/k: h(-1) = 1, h(-2) = 0; k(-1) = 0, k(-2) = 1.
        var (h0, h1) = (0, 1)
        var (k0, k1) = (1, 0)
        var (a, b) = (n, d)
        while b != 0 {
            let term = a / b
            // After the first term h1, k1 >= 1, so a term over the limit overflows both.
            let tooLarge = term > limit
            let h2 = tooLarge ? limit + 1 : term * h1 + h0, k2 = tooLarge ? limit + 1 : term * k1 + k0
            if h2 > limit || k2 > limit {
                // Largest semiconvergent (h0 + t*h1)/(k0 + t*k1) that still fits.
                let t = min(h1 == 0 ? term : (limit - h0) / h1, k1 == 0 ? term : (limit - k0) / k1)
                let semi = (h0 + t * h1, k0 + t * k1)
                return closer(semi, (h1, k1), to: (n, d))
            }
            (h0, h1) = (h1, h2)
            (k0, k1) = (k1, k2)
            (a, b) = (b, a - term * b)
        }
        return (h1, k1)
    }

    /// Whichever of two fractions is nearer n/d (the second on a tie), compared exactly.
    private static func closer(_ x: (Int, Int), _ y: (Int, Int), to target: (Int, Int)) -> (Int, Int) {
        guard x.1 > 0 else { return y }
        // |x.0/x.1 - n/d| vs |y.0/y.1 - n/d|, cross-multiplied exactly in 128 bits.
        let (n, d) = (Int128(target.0), Int128(target.1))
        let dx = (Int128(x.0) * d - n * Int128(x.1)).magnitude, dy = (Int128(y.0) * d - n * Int128(y.1)).magnitude
        return dx * UInt128(y.1) < dy * UInt128(x.1) ? x : y
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
