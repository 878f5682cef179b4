import RenditionCore
import Testing

/// `FrameDelay`'s operators on values near `Int.max`: exact comparisons, sums that never trap.
@Suite("Frame delay arithmetic on huge values")
struct FrameDelayArithmeticTests {
    static let big = Int.max
    /// 2^62 + 1 and 2^62 - 1 are coprime odd numbers near Int.max / 2.
    static let p = (1 << 62) + 1
    static let q = (1 << 62) - 1

    @Test("comparisons are exact where the cross products overflow Int")
    func exactComparisons() {
        // p/q = 1 + 2/(2^62 - 1) and (p - 1)/(q - 1) = 1 + 2/(2^62 - 2) differ by about 2^-123:
        // the same Double, told apart only by exact products.
        let a = FrameDelay(numerator: Self.p, denominator: Self.q)
        let b = FrameDelay(numerator: Self.p - 1, denominator: Self.q - 1)
        #expect(a.seconds == b.seconds)
        #expect(a < b && !(b < a) && a != b)
        #expect(FrameDelay(numerator: Self.big, denominator: Self.big) == FrameDelay(numerator: 1, denominator: 1))
        #expect(FrameDelay(numerator: Self.big - 1, denominator: Self.big) < FrameDelay(numerator: 1, denominator: 1))
        #expect(FrameDelay(numerator: Self.big, denominator: 1) > FrameDelay(numerator: Self.big - 1, denominator: 1))
        #expect(
            [FrameDelay(numerator: Self.big, denominator: 3), FrameDelay(numerator: Self.big, denominator: 7), .zero]
                .filter { $0 > .zero }.min() == FrameDelay(numerator: Self.big, denominator: 7))
        // Equal values hash alike, however they are written.
        #expect(
            Set([FrameDelay(numerator: Self.big, denominator: Self.big), FrameDelay(numerator: 7, denominator: 7)])
                .count == 1)
    }

    @Test("sums that fit stay exact and reduced")
    func exactSums() {
        let third = FrameDelay(numerator: 1, denominator: 3)
        let sum = third + FrameDelay(numerator: 1, denominator: 6)
        #expect(sum.numerator == 1 && sum.denominator == 2)
        // The cross products overflow Int, the reduced sum 2q/p does not: exact.
        let half = FrameDelay(numerator: Self.q, denominator: Self.p)
        let twice = half + half
        #expect(twice.numerator == 2 * Self.q && twice.denominator == Self.p)
        // Products of coprime denominators near 2^62 overflow in the fast path.
        let mixed = FrameDelay(numerator: 1, denominator: Self.p) + FrameDelay(numerator: 1, denominator: Self.q)
        #expect(mixed > .zero && mixed < FrameDelay(numerator: 1, denominator: 1 << 60))
    }

    @Test("a sum longer than Int.max seconds saturates at Int.max seconds instead of trapping")
    func saturatingSum() {
        let huge = FrameDelay(numerator: Self.big, denominator: 1)
        let sum = huge + huge
        #expect(sum == FrameDelay(numerator: Self.big, denominator: 1))
        let many = (0..<1000).reduce(FrameDelay.zero) { total, _ in
            total + FrameDelay(numerator: Self.big, denominator: 3)
        }
        #expect(many == FrameDelay(numerator: Self.big, denominator: 1))
    }

    @Test("a sum that does not fit exactly is rounded to within 2^-61 of its value")
    func roundedSum() {
        // p/q + 1/5 = (5p + q)/5q, already reduced: both parts overflow Int.
        let a = FrameDelay(numerator: Self.p, denominator: Self.q)
        let sum = a + FrameDelay(numerator: 1, denominator: 5)
        let exact = 1.0 + 2.0 / Double(Self.q) + 0.2
        #expect(abs(sum.seconds - exact) <= exact * 1e-15)
        #expect(sum > a && sum < a + FrameDelay(numerator: 1, denominator: 2))
    }

    @Test("differences are exact, zero below zero, and do not trap")
    func differences() {
        #expect(
            FrameDelay(numerator: 1, denominator: 2) - FrameDelay(numerator: 1, denominator: 3)
                == FrameDelay(numerator: 1, denominator: 6))
        #expect(FrameDelay(numerator: 1, denominator: 3) - FrameDelay(numerator: 1, denominator: 2) == .zero)
        let a = FrameDelay(numerator: Self.p, denominator: Self.q)
        let b = FrameDelay(numerator: Self.p - 1, denominator: Self.q - 1)
        // 1 / ((2^61 - 1)(2^62 - 1)), about 2^-123 s: rounded to within 2^-61 s.
        #expect(b - a <= FrameDelay(numerator: 1, denominator: 1 << 61))
        #expect(a - b == .zero)
        #expect(
            FrameDelay(numerator: Self.big, denominator: 1) - .zero == FrameDelay(numerator: Self.big, denominator: 1))
    }

    @Test("splitting and re-expressing huge delays does not trap")
    func divisionAndExpression() {
        let huge = FrameDelay(numerator: 5, denominator: Self.big)
        let third = huge.divided(by: 3)
        #expect(third > .zero && third < huge)
        #expect(FrameDelay(numerator: 1, denominator: 30).divided(by: 2) == FrameDelay(numerator: 1, denominator: 60))
        #expect(FrameDelay(numerator: Self.big, denominator: 1).expressed(over: 1000) == nil)
        #expect(FrameDelay(numerator: 1, denominator: 4).expressed(over: 100) == 25)
        #expect(FrameDelay(numerator: 1, denominator: 3).expressed(over: 100) == nil)
    }
}
