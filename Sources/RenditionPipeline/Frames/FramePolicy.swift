/// The frame, duration and loop rules an animated output must follow: a platform's timing
/// rules as a target carries them. `AnimationConstraints.apply(_:to:)` adapts an animation to
/// them and says what it changed.
public struct FramePolicy: Sendable, Equatable {
    /// Who set the rules (`WhatsApp`, `LINE`), named in the notes.
    public var name: String
    /// Shortest frame delay in milliseconds (shorter frames are merged into their neighbours).
    public var minimumFrameMilliseconds: Int?
    /// Longest loop in milliseconds (a longer animation is played faster).
    public var maximumDurationMilliseconds: Int?
    /// Longest total play time, loops times one loop, in milliseconds.
    public var maximumPlayMilliseconds: Int?
    /// Fewest frames (fewer are split into equal frames, timing kept).
    public var minimumFrames: Int?
    /// Most frames (more lower the frame rate, duration kept).
    public var maximumFrames: Int?
    /// Whether the animation must loop forever.
    public var requiresEndlessLoop: Bool
    /// Allowed finite loop counts (an endless master gets the most that fit the play time).
    public var loopCountRange: ClosedRange<Int>?

    /// Creates rules; by default none.
    public init(
        name: String, minimumFrameMilliseconds: Int? = nil, maximumDurationMilliseconds: Int? = nil,
        maximumPlayMilliseconds: Int? = nil, minimumFrames: Int? = nil, maximumFrames: Int? = nil,
        requiresEndlessLoop: Bool = false, loopCountRange: ClosedRange<Int>? = nil
    ) {
        self.name = name
        self.minimumFrameMilliseconds = minimumFrameMilliseconds
        self.maximumDurationMilliseconds = maximumDurationMilliseconds
        self.maximumPlayMilliseconds = maximumPlayMilliseconds
        self.minimumFrames = minimumFrames
        self.maximumFrames = maximumFrames
        self.requiresEndlessLoop = requiresEndlessLoop
        self.loopCountRange = loopCountRange
    }
}
