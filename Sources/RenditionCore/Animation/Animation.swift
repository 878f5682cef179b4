/// One frame of an animation as it is shown: the whole canvas, already composited.
public struct AnimationFrame: Sendable, Equatable {
    /// The canvas at this frame (premultiplied RGBA8, canvas-sized).
    public var raster: Raster
    /// How long the frame stays on screen.
    public var delay: FrameDelay

    /// Creates a frame.
    public init(raster: Raster, delay: FrameDelay) {
        self.raster = raster
        self.delay = delay
    }
}

/// A still or animated image: a canvas size, fully composited frames with exact delays,
/// and a loop count. A still image is an animation of one frame.
public struct Animation: Sendable, Equatable {
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// The frames in display order, each canvas-sized.
    public var frames: [AnimationFrame]
    /// How many times the animation plays; 0 means forever.
    public var loopCount: Int

    /// Creates an animation; every frame must be `width` x `height`.
    public init(width: Int, height: Int, frames: [AnimationFrame], loopCount: Int = 0) {
        precondition(!frames.isEmpty, "an animation has at least one frame")
        precondition(
            frames.allSatisfy { $0.raster.width == width && $0.raster.height == height },
            "every frame must be canvas-sized")
        self.width = width
        self.height = height
        self.frames = frames
        self.loopCount = loopCount
    }

    /// A still image as a one-frame animation.
    public init(still raster: Raster) {
        self.init(
            width: raster.width, height: raster.height,
            frames: [AnimationFrame(raster: raster, delay: .zero)], loopCount: 0)
    }

    /// Whether there is more than one frame.
    public var isAnimated: Bool { frames.count > 1 }

    /// The first frame's pixels (what a still rendition shows).
    public var firstFrame: Raster { frames[0].raster }

    /// The total of all delays.
    public var duration: FrameDelay { frames.reduce(FrameDelay.zero) { $0 + $1.delay } }
}
