/// How long a frame is shown, as an exact fraction of a second.
///
/// APNG stores `delay_num / delay_den` seconds and GIF whole centiseconds; both are kept
/// exactly, never rounded to milliseconds. A zero denominator means 1/100 s units, as the
/// APNG specification says.
public struct FrameDelay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Numerator, in units of `1 / denominator` seconds.
    public let numerator: Int
    /// Denominator (positive).
    public let denominator: Int

    /// Creates a delay of `numerator / denominator` seconds; a zero denominator is read as 100.
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

    /// The exact sum of two delays (reduced).
    public static func + (lhs: FrameDelay, rhs: FrameDelay) -> FrameDelay {
        let n = lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator
        let d = lhs.denominator * rhs.denominator
        let g = gcd(n, d)
        return FrameDelay(numerator: n / g, denominator: d / g)
    }

    /// Exact comparison by value.
    public static func < (lhs: FrameDelay, rhs: FrameDelay) -> Bool {
        lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
    }

    /// Equality by value: 1/2 == 50/100.
    public static func == (lhs: FrameDelay, rhs: FrameDelay) -> Bool {
        lhs.numerator * rhs.denominator == rhs.numerator * lhs.denominator
    }

    /// Hashes the reduced fraction, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        let g = Self.gcd(numerator, denominator)
        hasher.combine(numerator / g)
        hasher.combine(denominator / g)
    }

    /// The delay as the same value over `denominator` when exact, else `nil`.
    public func expressed(over newDenominator: Int) -> Int? {
        let scaled = numerator * newDenominator
        return scaled % denominator == 0 ? scaled / denominator : nil
    }

    /// `N/D s`.
    public var description: String { "\(numerator)/\(denominator) s" }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
