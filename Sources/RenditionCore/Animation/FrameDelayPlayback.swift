extension FrameDelay {
    /// How long a browser actually shows a frame stored with this delay.
    ///
    /// Chrome, Firefox and Safari show any frame whose delay is 10 ms or less — a GIF delay
    /// of 0 or 1 centisecond — for 100 ms (10 cs); longer delays are shown as stored.
    /// Decoders keep the file's value in `AnimationFrame.delay`; use this when scheduling
    /// playback or when an output must look the same as the input did in a browser.
    public var browserPlaybackDelay: FrameDelay {
        self <= FrameDelay.milliseconds(10) ? FrameDelay.centiseconds(10) : self
    }
}
