import RenditionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one pixel format an APNG file uses for all its frames, chosen from the union of
/// every frame's colours: a palette when at most 256 colours (with fully transparent
/// black added when it fits, so frames can leave pixels unchanged with blend OVER), else
/// grey, grey + alpha, RGB or RGBA as `PNGPixelLayout` picks.
struct APNGPixelFormat {
    /// The layout every frame is packed with.
    let layout: PNGPixelLayout
    /// Whether fully transparent pixels can be stored (an OVER patch needs them).
    let storesTransparency: Bool

    /// Surveys the frames' colours and chooses the format.
    ///
    /// The survey reads premultiplied pixels: premultiplied to straight is one-to-one and
    /// maps grey to grey and keeps alpha, so counts and flags are those of the straight
    /// colours; only the sampled colours are converted.
    init(frames: [AnimationFrame], allowPalette: Bool, truecolour: Bool = false) {
        let transparent: UInt32 = 0
        var counter = ColorIndexTable(limit: 256)
        var overflow: UInt32? = nil  // the first colour past 256
        var translucent: UInt32? = nil
        var nonGrey: UInt32? = nil
        // Once past 256 colours with a translucent and a non-grey one, nothing can change.
        // A pixel equal to one surveyed before adds nothing: a row equal to the same row of
        // the previous frame (surveyed in full) is passed over, and so is a pixel equal to
        // the one just before it (vector art and flat backgrounds are long runs of one colour).
        var previous: Raster? = nil
        for frame in frames where overflow == nil || translucent == nil || nonGrey == nil {
            let raster = frame.raster
            let earlier = previous.flatMap {
                $0.width == raster.width && $0.height == raster.height && $0.bytesPerRow == raster.bytesPerRow
                    ? $0 : nil
            }
            previous = raster
            raster.bytes.withUnsafeBytes { raw in
                guard !raw.isEmpty else { return }
                // `last` starts as a colour already surveyed (the previous frame's first pixel)
                // or, on the first frame, one that differs from the first pixel.
                var last =
                    earlier?.bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self).littleEndian }
                    ?? ~raw.loadUnaligned(as: UInt32.self).littleEndian
                for y in 0..<raster.height {
                    let row = y * raster.bytesPerRow
                    if let earlier,
                        earlier.bytes.withUnsafeBytes({
                            memcmp($0.baseAddress! + row, raw.baseAddress! + row, raster.width * 4) == 0
                        })
                    {
                        continue
                    }
                    for x in 0..<raster.width {
                        let key = raw.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self).littleEndian
                        if key == last { continue }
                        last = key
                        if translucent == nil && key >> 24 != 0xFF { translucent = key }
                        if nonGrey == nil {
                            let r = key & 0xFF, g = (key >> 8) & 0xFF, b = (key >> 16) & 0xFF
                            if r != g || g != b { nonGrey = key }
                        }
                        if overflow == nil && !counter.insert(key) { overflow = key }
                    }
                }
            }
        }
        // A sample of colours with the same layout as the union: the first 256 distinct
        // ones, the 257th if any, and a translucent and a non-grey one when they exist.
        var sample = counter.colors
        var storesTransparency: Bool
        if allowPalette && !truecolour && overflow == nil {
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
            let alpha = UInt8(key >> 24)
            for shift: UInt32 in [0, 8, 16] {
                bytes.append(AlphaConversion.unpremultiply(UInt8((key >> shift) & 0xFF), alpha: alpha))
            }
            bytes.append(alpha)
        }
        layout = PNGPixelLayout(
            straightRGBA: bytes, pixelCount: sample.count, allowPalette: allowPalette && !truecolour,
            allowGrey: !truecolour)
        // Grey or RGB without alpha cannot store transparency whatever the sample held.
        if layout.colorType == 0 || layout.colorType == 2 { storesTransparency = false }
        self.storesTransparency = storesTransparency
    }
}
