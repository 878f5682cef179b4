/// What a decoder that hands frames over one at a time says of the whole animation once the
/// last frame is out: the canvas, how many frames there were and the loop count.
public struct AnimationOutline: Sendable, Hashable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Frames handed over (a still image has one).
    public var frameCount: Int
    /// Number of plays, 0 = forever (as `Animation.loopCount`).
    public var loopCount: Int

    /// Creates an outline.
    public init(width: Int, height: Int, frameCount: Int, loopCount: Int) {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.loopCount = loopCount
    }

    /// Whether there was more than one frame.
    public var isAnimated: Bool { frameCount > 1 }
}

extension Animation {
    /// The animation a frame-by-frame decoder hands over: `decode` passes each frame, in
    /// order, to the function it is given, and returns the outline.
    public static func collecting<Failure: Error>(
        _ decode: (_ body: (AnimationFrame) -> Void) throws(Failure) -> AnimationOutline
    ) throws(Failure) -> Animation {
        var frames: [AnimationFrame] = []
        let outline = try decode { frames.append($0) }
        return Animation(width: outline.width, height: outline.height, frames: frames, loopCount: outline.loopCount)
    }
}
