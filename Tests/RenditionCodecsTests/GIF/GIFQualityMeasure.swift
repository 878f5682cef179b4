import RenditionCore

/// How far a decoded frame is from a reference: colour error on pixels opaque in both, and
/// pixels whose transparency differs.
struct GIFQualityMeasure: CustomStringConvertible {
    /// Mean absolute difference per channel (R, G, B) over pixels opaque in both.
    var meanError: Double
    /// Largest absolute channel difference over those pixels.
    var maxError: Int
    /// Pixels opaque in one and transparent in the other.
    var alphaMismatches: Int
    /// Pixels compared for colour.
    var opaquePixels: Int

    var description: String {
        "mean error \(meanError), max error \(maxError), alpha mismatches \(alphaMismatches) of \(opaquePixels) opaque pixels"
    }

    /// Compares `actual` (opaque or transparent pixels) with `expected` resolved the same way.
    static func compare(_ actual: Raster, _ expected: Raster) -> GIFQualityMeasure {
        var sum = 0, maxError = 0, mismatches = 0, count = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let a = actual[x, y], e = expected[x, y]
                if (a.a == 0) != (e.a == 0) {
                    mismatches += 1
                    continue
                }
                guard a.a != 0 else { continue }
                for (p, q) in [(a.r, e.r), (a.g, e.g), (a.b, e.b)] {
                    let d = abs(Int(p) - Int(q))
                    sum += d
                    maxError = max(maxError, d)
                }
                count += 1
            }
        }
        return GIFQualityMeasure(
            meanError: count > 0 ? Double(sum) / Double(3 * count) : 0, maxError: maxError,
            alphaMismatches: mismatches, opaquePixels: count)
    }
}
