extension ColorIndexTable {
    /// Adds every opaque pixel of a GIF frame's `pixels` (`0` is transparent and skipped);
    /// returns `false` as soon as one does not fit.
    mutating func insert(contentsOf pixels: [UInt32]) -> Bool {
        var last: UInt32 = 0
        for p in pixels where p != 0 && p != last {
            guard insert(p) else { return false }
            last = p
        }
        return true
    }

    /// Adds every opaque pixel of a frame held as runs; returns `false` as soon as one does not fit.
    mutating func insert(runsOf frame: GIFResolvedFrame) -> Bool {
        for run in frame.runs {
            let pixel = GIFResolvedFrame.pixel(run)
            if pixel != 0 && !insert(pixel) { return false }
        }
        return true
    }
}
