/// How long a frame is shown, as an exact fraction of a second.
///
/// APNG stores `delay_num / delay_den` seconds and GIF whole centiseconds; both are kept
/// exactly, never rounded to milliseconds. A zero denominator means 1/100 s units, as the
/// APNG specification says.
///
/// No operation traps, whatever the values: comparisons are exact (through 128-bit
/// products), and a sum whose exact value does not fit in `Int` numerator and denominator is
/// rounded (see `+`). Decoders refuse frames of absurd length, so sums of decoded delays stay
/// exact.
public struct FrameDelay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Numerator, in units of `1 / denominator` seconds.
    public let numerator: Int
    /// Denominator (positive).
    public let denominator: Int

    /// Creates a delay of `numerator / denominator` seconds; a zero denominator is read as 100.
    /// Both must not be negative.
    public init(numerator: Int, denominator: Int) {
        precondition(numerator >= 0 && denominator >= 0, "delays are not negative")
        self.numerator = numerator
        self.denominator = denominator == 0 ? 100 : denominator
    }

    /// A delay in GIF centiseconds.
    public static func centiseconds(_ value: Int) -> FrameDelay { FrameDelay(numerator: value, denominator: 100) }

    /// A delay in milliseconds.
    public static func milliseconds(_ value: Int) -> FrameDelay { FrameDelay(numerator: value, denominator: 1000) }

    /// No delay.
    public static let zero = FrameDelay(numerator: 0, denominator: 1)

    /// The delay in seconds (for display and scheduling; comparisons stay exact).
    public var seconds: Double { Double(numerator) / Double(denominator) }

    /// The sum of two delays, reduced. Exact whenever the reduced sum's numerator and
    /// denominator fit in `Int` (always, for the delays decoders return); otherwise the
    /// nearest multiple of 1/2^k seconds with `k` as large as fits (off by less than 2^-61 of
    /// the sum, or of a second for sums under one), and `Int.max` seconds for a sum that long
    /// or longer. Never traps.
    public static func + (lhs: FrameDelay, rhs: FrameDelay) -> FrameDelay {
        // Fast path: the sum in Int, as long as nothing overflows.
        let (a, o1) = lhs.numerator.multipliedReportingOverflow(by: rhs.denominator)
        let (b, o2) = rhs.numerator.multipliedReportingOverflow(by: lhs.denominator)
        let (n, o3) = a.addingReportingOverflow(b)
        let (d, o4) = lhs.denominator.multipliedReportingOverflow(by: rhs.denominator)
        if !(o1 || o2 || o3 || o4) {
            let g = gcd(n, d)
            return FrameDelay(numerator: n / g, denominator: d / g)
        }
        // Both products are below 2^126, so their sum fits in Int128.
        return reduced(
            Int128(lhs.numerator) * Int128(rhs.denominator) + Int128(rhs.numerator) * Int128(lhs.denominator),
            over: Int128(lhs.denominator) * Int128(rhs.denominator))
    }

    /// The difference, reduced; zero when `rhs` is at least `lhs` (delays are not negative).
    /// Exact whenever the reduced difference fits in `Int`, else rounded as `+` rounds.
    public static func - (lhs: FrameDelay, rhs: FrameDelay) -> FrameDelay {
        guard rhs < lhs else { return .zero }
        return reduced(
            Int128(lhs.numerator) * Int128(rhs.denominator) - Int128(rhs.numerator) * Int128(lhs.denominator),
            over: Int128(lhs.denominator) * Int128(rhs.denominator))
    }

    /// The delay split into `parts` equal shares (`parts` at least 1), exact when the
    /// denominator times `parts` fits in `Int`, else rounded as `+` rounds.
    public func divided(by parts: Int) -> FrameDelay {
        let parts = max(parts, 1)
        let (d, overflow) = denominator.multipliedReportingOverflow(by: parts)
        if !overflow { return FrameDelay(numerator: numerator, denominator: d) }
        return Self.reduced(Int128(numerator), over: Int128(denominator) * Int128(parts))
    }

    /// Exact comparison by value.
    public static func < (lhs: FrameDelay, rhs: FrameDelay) -> Bool {
        Int128(lhs.numerator) * Int128(rhs.denominator) < Int128(rhs.numerator) * Int128(lhs.denominator)
    }

    /// Equality by value: 1/2 == 50/100.
    public static func == (lhs: FrameDelay, rhs: FrameDelay) -> Bool {
        Int128(lhs.numerator) * Int128(rhs.denominator) == Int128(rhs.numerator) * Int128(lhs.denominator)
    }

    /// Hashes the reduced fraction, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        let g = Self.gcd(numerator, denominator)
        hasher.combine(numerator / g)
        hasher.combine(denominator / g)
    }

    /// The delay as the same value over `newDenominator` when that is exact and fits in
    /// `Int`, else `nil`.
    public func expressed(over newDenominator: Int) -> Int? {
        let scaled = Int128(numerator) * Int128(newDenominator)
        let d = Int128(denominator)
        return scaled % d == 0 ? Int(exactly: scaled / d) : nil
    }

    /// `N/D s`.
    public var description: String { "\(numerator)/\(denominator) s" }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a.magnitude, b.magnitude)
        while b != 0 { (a, b) = (b, a % b) }
        return Int(clamping: max(a, 1))
    }

    /// `n / d` (`n` at least 0, `d` above 0) as a delay: exact when the reduced fraction
    /// fits in `Int`, else as `+` describes.
    static func reduced(_ n: Int128, over d: Int128) -> FrameDelay {
        var (a, b) = (n, d)
        while b != 0 { (a, b) = (b, a % b) }
        var (n, d) = (n / max(a, 1), d / max(a, 1))
        if let numerator = Int(exactly: n), let denominator = Int(exactly: d) {
            return FrameDelay(numerator: numerator, denominator: denominator)
        }
        guard n / d < Int128(Int.max) else { return FrameDelay(numerator: Int.max, denominator: 1) }
        // A denominator of at most 64 bits keeps r * scale below 2^126.
        let excess = (Int128.bitWidth - d.leadingZeroBitCount) - 64
        if excess > 0 {
            n >>= excess
            d = max(d >> excess, 1)
        }
        let (q, r) = n.quotientAndRemainder(dividingBy: d)
        // The largest power of two `scale` with (q + 1) * scale <= Int.max.
        let room = Int.max / (Int(q) + 1)
        let scale = 1 << (Int.bitWidth - 1 - room.leadingZeroBitCount)
        let numerator = Int(q) * scale + Int((r * Int128(scale) + d / 2) / d)
        let g = gcd(numerator, scale)
        return FrameDelay(numerator: numerator / g, denominator: scale / g)
    }
}
