import RenditionCore

/// A frame rate as an exact fraction of frames per second (a Lottie `fr`, or a WebM track's
/// `DefaultDuration` turned around).
///
/// Files store rates rounded: Lottie exporters write 29.97 as a single-precision float
/// (`29.9700012207031`), WebM 30 fps as 33,333,333 ns per frame. The rate is read as the
/// simplest fraction with a denominator of 1 to 100, 1000 or 1001 that is within 2 x 10^-7
/// of the value
/// (29.97 becomes 2997/100, 23.976... becomes 24000/1001), so a frame's delay is exact
/// (100/2997 s) rather than rounded to milliseconds.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    public let numerator: Int
    /// Seconds that `numerator` frames take.
    public let denominator: Int

    /// The rate nearest `framesPerSecond` (see the type's description); `nil` for values that
    /// are not positive and finite, or so large (10^9 frames per second or more) that no
    /// player could show them.
    public init?(_ framesPerSecond: Double) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond < 1e9 else { return nil }
        for denominator in Array(1...100) + [1000, 1001] {
            let scaled = framesPerSecond * Double(denominator)
            let rounded = scaled.rounded()
            if rounded >= 1, abs(scaled - rounded) <= 2e-7 * scaled {
                self.init(numerator: Int(rounded), denominator: denominator)
                return
            }
        }
        // No short fraction: microseconds per frame are exact enough for any player.
        let scaled = (framesPerSecond * 1_000_000).rounded()
        guard scaled >= 1, scaled < 1e15 else { return nil }
        self.init(numerator: Int(scaled), denominator: 1_000_000)
    }

    /// The rate `numerator / denominator` frames per second (both positive), reduced.
    public init(numerator: Int, denominator: Int) {
        precondition(numerator > 0 && denominator > 0, "a frame rate is positive")
        let g = Self.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// Frames per second.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// How long one frame is shown.
    public var frameDelay: FrameDelay { FrameDelay(numerator: denominator, denominator: numerator) }

    /// `N fps` or `N/D fps`.
    public var description: String { denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps" }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
