/// The resolution an animated container stores frame times at, which decides how
/// `AnimationConstraints` plays an animation faster to fit a platform's longest loop.
public enum FrameClock: Sendable, Equatable {
    /// A millisecond or finer (WebM, APNG, WebP): a faster loop keeps the master's own frame
    /// times, so a variable-rate master's frames start when they did.
    case milliseconds
    /// GIF's centiseconds: a faster loop's frame times are placed on a 10 ms grid, which GIF
    /// stores exactly.
    case centiseconds

    /// The clock of the container `format` (an unresolved `auto` counts as milliseconds).
    package init(_ format: OutputFormat) {
        self = format.encoder.frameClock
    }
}
