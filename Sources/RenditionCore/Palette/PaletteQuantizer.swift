/// Reduces premultiplied RGBA images to at most N colours (alpha included), for lossy
/// palette PNG/APNG output: weighted median cut on the colour histogram, refined by a few
/// k-means passes, then every pixel mapped to its nearest palette entry (squared distance
/// in premultiplied space, so translucent edges stay true to what is shown). Fully transparent
/// pixels stay exactly (0, 0, 0, 0). Deterministic.
public struct PaletteQuantizer: Sendable {
    /// Most colours in the result (2...256).
    public let maximumColours: Int

    /// Creates a quantizer.
    public init(maximumColours: Int) {
        self.maximumColours = min(256, max(2, maximumColours))
    }

    /// The images with their colours reduced (one shared palette for all of them).
    public func quantize(_ rasters: [Raster]) -> [Raster] {
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
        if histogram.count < maximumColours { return rasters }
        let points = histogram.sorted { $0.key < $1.key }.map { Point(key: $0.key, weight: Double($0.value)) }
        var centres = Self.medianCut(points, count: maximumColours - 1)  // one entry stays for transparency
        for _ in 0..<3 { Self.refine(points, centres: &centres) }
        let palette = centres.map(\.packed)
        var nearest: [UInt32: UInt32] = [:]
        for point in points { nearest[point.key] = Self.closest(point, in: palette) }
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

    struct Point {
        var c: SIMD4<Double>
        var weight: Double
        let key: UInt32

        init(key: UInt32, weight: Double) {
            self.key = key
            self.weight = weight
            c = SIMD4(Double(key & 0xFF), Double((key >> 8) & 0xFF), Double((key >> 16) & 0xFF), Double(key >> 24))
        }

        init(centre: SIMD4<Double>, weight: Double) {
            c = centre
            self.weight = weight
            key = 0
        }

        /// The centre as a valid premultiplied pixel (colours clamped to alpha).
        var packed: UInt32 {
            let a = min(255, max(1, c.w.rounded()))
            func channel(_ v: Double) -> UInt32 { UInt32(min(a, max(0, v.rounded()))) }
            return channel(c.x) | channel(c.y) << 8 | channel(c.z) << 16 | UInt32(a) << 24
        }
    }

    static func medianCut(_ points: [Point], count: Int) -> [Point] {
        var boxes: [ArraySlice<Point>] = [points[...]]
        while boxes.count < count {
            // Split the box with the largest weighted spread along its widest channel.
            var best = -1
            var bestScore = 0.0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let (lo, hi) = box.reduce((SIMD4<Double>(repeating: 255), SIMD4<Double>(repeating: 0))) {
                    (pointwiseMin($0.0, $1.c), pointwiseMax($0.1, $1.c))
                }
                let spread = (hi - lo).max() * box.reduce(0) { $0 + $1.weight }.squareRoot()
                if spread > bestScore {
                    bestScore = spread
                    best = i
                }
            }
            if best < 0 { break }
            let box = boxes.remove(at: best)
            let (lo, hi) = box.reduce((SIMD4<Double>(repeating: 255), SIMD4<Double>(repeating: 0))) {
                (pointwiseMin($0.0, $1.c), pointwiseMax($0.1, $1.c))
            }
            let range = hi - lo
            var axis = 0
            for k in 1..<4 where range[k] > range[axis] { axis = k }
            let sorted = box.sorted { ($0.c[axis], $0.key) < ($1.c[axis], $1.key) }
            let total = sorted.reduce(0) { $0 + $1.weight }
            var running = 0.0
            var cut = 1
            for (i, p) in sorted.enumerated() {
                running += p.weight
                if running >= total / 2 {
                    cut = max(1, min(sorted.count - 1, i + 1))
                    break
                }
            }
            boxes.append(sorted[0..<cut])
            boxes.append(sorted[cut...])
        }
        return boxes.map { box in
            let weight = box.reduce(0) { $0 + $1.weight }
            let sum = box.reduce(SIMD4<Double>()) { $0 + $1.c * $1.weight }
            return Point(centre: sum / max(weight, 1e-9), weight: weight)
        }
    }

    static func refine(_ points: [Point], centres: inout [Point]) {
        var sums = [SIMD4<Double>](repeating: SIMD4(), count: centres.count)
        var weights = [Double](repeating: 0, count: centres.count)
        for p in points {
            var best = 0
            var bestDistance = Double.infinity
            for (i, centre) in centres.enumerated() {
                let d = p.c - centre.c
                let distance = (d * d).sum()
                if distance < bestDistance {
                    bestDistance = distance
                    best = i
                }
            }
            sums[best] += p.c * p.weight
            weights[best] += p.weight
        }
        for i in centres.indices where weights[i] > 0 {
            centres[i] = Point(centre: sums[i] / weights[i], weight: weights[i])
        }
    }

    static func closest(_ point: Point, in palette: [UInt32]) -> UInt32 {
        var best = palette[0]
        var bestDistance = Double.infinity
        for entry in palette {
            let e = Point(key: entry, weight: 0)
            let d = point.c - e.c
            let distance = (d * d).sum()
            if distance < bestDistance {
                bestDistance = distance
                best = entry
            }
        }
        return best
    }
}
