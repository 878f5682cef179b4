/// Reduces premultiplied RGBA images to at most N colours (alpha included), for lossy
/// palette PNG/APNG output: median cut on the colour histogram (`MedianCutQuantizer` with
/// its `widestRange` rule), refined by three k-means rounds, then every pixel mapped to its
/// nearest palette entry (squared distance in premultiplied space, so translucent edges stay
/// true to what is shown). Fully transparent pixels stay exactly (0, 0, 0, 0). Deterministic.
///
/// `palette(for:)` gives the palette alone, for a caller that maps pixels itself (the
/// dithered palette PNG/APNG output of RenditionCodecs).
public struct PaletteQuantizer: Sendable {
    /// Most colours in the result (2...256).
    public let maximumColors: Int

    /// Rounds of k-means after the cut.
    static let refinementRounds = 3

    /// Creates a quantizer.
    public init(maximumColors: Int) {
        self.maximumColors = min(256, max(2, maximumColors))
    }

    /// The images with their colours reduced (one shared palette for all of them).
    public func quantize(_ rasters: [Raster]) -> [Raster] {
        let histogram = Self.histogram(rasters)
        guard let (keys, points, palette) = palette(histogram) else { return rasters }
        let paletteColors = palette.map { WeightedColor(pixel: $0, weight: 0).channels }
        var nearest: [UInt32: UInt32] = [:]
        for (key, point) in zip(keys, points) {
            nearest[key] = Self.closest(point.channels, in: palette, colors: paletteColors)
        }
        return rasters.map { raster in
            var out = raster
            out.bytes.withUnsafeMutableBytes { raw in
                for y in 0..<raster.height {
                    for x in 0..<raster.width {
                        let offset = y * raster.bytesPerRow + x * 4
                        let key = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        raw.storeBytes(of: key >> 24 == 0 ? 0 : nearest[key]!, toByteOffset: offset, as: UInt32.self)
                    }
                }
            }
            return out
        }
    }

    /// The palette `quantize(_:)` maps the images' visible pixels to: at most `maximumColors - 1`
    /// premultiplied little-endian RGBA entries (`r | g << 8 | b << 16 | a << 24`), none
    /// transparent, distinct or not; nil when the images have fewer than `maximumColors`
    /// visible colours (`quantize(_:)` then returns them unchanged).
    public func palette(for rasters: [Raster]) -> [UInt32]? {
        palette(Self.histogram(rasters))?.palette
    }

    /// The visible colours' keys (sorted), their weighted points and the palette; nil when
    /// there are fewer than `maximumColors` of them.
    private func palette(_ histogram: [UInt32: Int]) -> (keys: [UInt32], points: [WeightedColor], palette: [UInt32])? {
        if histogram.count < maximumColors { return nil }
        // By pixel value, so that ties in the cut go the same way on every run.
        let keys = histogram.keys.sorted()
        let points = keys.map { WeightedColor(pixel: $0, weight: Double(histogram[$0]!)) }
        // One entry stays for transparency.
        var centres = MedianCutQuantizer.cut(points, count: maximumColors - 1, rule: .widestRange)
        for _ in 0..<Self.refinementRounds { MedianCutQuantizer.refine(points, centres: &centres) }
        return (keys, points, centres.map(Self.premultipliedPixel))
    }

    /// Pixel counts of the visible (alpha above 0) premultiplied colours of `rasters`.
    private static func histogram(_ rasters: [Raster]) -> [UInt32: Int] {
        var histogram: [UInt32: Int] = [:]
        for raster in rasters {
            raster.bytes.withUnsafeBytes { raw in
                for y in 0..<raster.height {
                    for x in 0..<raster.width {
                        let key = raw.loadUnaligned(fromByteOffset: y * raster.bytesPerRow + x * 4, as: UInt32.self)
                        if key >> 24 != 0 { histogram[key, default: 0] += 1 }
                    }
                }
            }
        }
        return histogram
    }

    /// A centre as a valid premultiplied pixel: alpha rounded into 1...255, each colour
    /// channel rounded and clamped to the alpha.
    static func premultipliedPixel(_ centre: WeightedColor) -> UInt32 {
        let c = centre.channels
        let a = min(255, max(1, c.w.rounded()))
        func channel(_ v: Double) -> UInt32 { UInt32(min(a, max(0, v.rounded()))) }
        return channel(c.x) | channel(c.y) << 8 | channel(c.z) << 16 | UInt32(a) << 24
    }

    /// The palette entry nearest to `color` (the first of equals); `colors` holds the
    /// entries' channels.
    static func closest(_ color: SIMD4<Double>, in palette: [UInt32], colors: [SIMD4<Double>]) -> UInt32 {
        var best = palette[0]
        var bestDistance = Double.infinity
        for (entry, channels) in zip(palette, colors) {
            let distance = WeightedColor.squaredDistance(color, channels)
            if distance < bestDistance {
                bestDistance = distance
                best = entry
            }
        }
        return best
    }
}
