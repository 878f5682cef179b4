import RenditionCore

/// The one pixel format an APNG file uses for all its frames, chosen from the union of
/// every frame's colours: a palette when at most 256 colours (with fully transparent
/// black added when it fits, so frames can leave pixels unchanged with blend OVER), else
/// grey, grey + alpha, RGB or RGBA as `PNGPixelLayout` picks.
struct APNGPixelFormat {
    /// The layout every frame is packed with.
    let layout: PNGPixelLayout
    /// Whether fully transparent pixels can be stored (an OVER patch needs them).
    let storesTransparency: Bool

    /// Surveys the frames' straight colours and chooses the format.
    init(frames: [AnimationFrame], allowPalette: Bool) {
        let transparent: UInt32 = 0
        var counter = ColorCounter(limit: 256)
        var overflow: UInt32? = nil  // the first colour past 256
        var translucent: UInt32? = nil
        var nonGrey: UInt32? = nil
        for frame in frames {
            let straight = frame.raster.straightRGBA()
            straight.withUnsafeBytes { raw in
                for i in 0..<(raw.count / 4) {
                    let key = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                    if translucent == nil && key >> 24 != 0xFF { translucent = key }
                    if nonGrey == nil {
                        let r = key & 0xFF, g = (key >> 8) & 0xFF, b = (key >> 16) & 0xFF
                        if r != g || g != b { nonGrey = key }
                    }
                    if overflow == nil && !counter.insert(key) { overflow = key }
                }
            }
        }
        // A sample of colours with the same layout as the union: the first 256 distinct
        // ones, the 257th if any, and a translucent and a non-grey one when they exist.
        var sample = counter.colors
        var storesTransparency: Bool
        if allowPalette && overflow == nil {
            if !sample.contains(transparent) && sample.count < 256 { sample.append(transparent) }
            storesTransparency = sample.contains(transparent)
        } else {
            for extra in [overflow, translucent, nonGrey] {
                if let extra, !sample.contains(extra) { sample.append(extra) }
            }
            storesTransparency = translucent != nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sample.count * 4)
        for key in sample {
            bytes += [UInt8(key & 0xFF), UInt8((key >> 8) & 0xFF), UInt8((key >> 16) & 0xFF), UInt8(key >> 24)]
        }
        layout = PNGPixelLayout(straightRGBA: bytes, pixelCount: sample.count, allowPalette: allowPalette)
        // Grey or RGB without alpha cannot store transparency whatever the sample held.
        if layout.colorType == 0 || layout.colorType == 2 { storesTransparency = false }
        self.storesTransparency = storesTransparency
    }
}
