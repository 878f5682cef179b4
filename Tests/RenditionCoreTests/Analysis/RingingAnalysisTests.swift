import RenditionCore
import Testing

/// The clamp-free pass against the float64 reference filter: the overshoot it reports is
/// exactly how far the reference's unclamped values leave [0, 255] and [0, alpha].
@Suite("Ringing measurement")
struct RingingAnalysisTests {
    static func referenceOvershoot(_ values: [Double]) -> (max: Double, clamped: Int) {
        var worst = 0.0
        var clamped = 0
        for p in stride(from: 0, to: values.count, by: 4) {
            let a = min(max(values[p + 3], 0), 255)
            var over = max(values[p + 3] - 255, -values[p + 3], 0)
            for c in 0..<3 { over = max(over, values[p + c] - a, -values[p + c]) }
            worst = max(worst, over)
            if over >= 0.5 { clamped += 1 }
        }
        return (worst, clamped)
    }

    @Test(
        "hard-edged art: the measured overshoot matches the reference", arguments: [(618, 206), (408, 136), (300, 200)])
    func matchesReference(sizes: (Int, Int)) {
        let (source, target) = sizes
        // A hard white square with a black bar inside it, on transparency.
        var raster = Raster(width: source, height: source)
        for y in (source / 5)..<(source * 4 / 5) {
            for x in (source / 5)..<(source * 4 / 5) {
                let bar = x > source / 2 && x < source / 2 + 12
                raster[x, y] = bar ? RGBA(0, 0, 0, 255) : RGBA(255, 255, 255, 255)
            }
        }
        let measured = RingingAnalysis.measure(raster, width: target, height: target)
        let reference = Self.referenceOvershoot(ReferenceLanczos.resample(raster, width: target, height: target))
        #expect(measured.measuredPixels == target * target)
        #expect(abs(measured.maxOvershoot - reference.max) < 0.05)
        #expect(abs(measured.clampedPixels - reference.clamped) <= target / 50)
        #expect(measured.maxOvershoot > 10)
    }

    @Test("a flat image does not ring; sampling rows measures fewer pixels")
    func flat() {
        var raster = Raster(width: 90, height: 90)
        for i in 0..<(90 * 90) {
            raster.bytes[i * 4 + 1] = 77
            raster.bytes[i * 4 + 3] = 255
        }
        let flat = RingingAnalysis.measure(raster, width: 30, height: 30)
        #expect(flat.clampedPixels == 0 && flat.maxOvershoot == 0)
        let sampled = RingingAnalysis.measure(raster, width: 30, height: 30, rowStep: 4)
        #expect(sampled.measuredPixels == 8 * 30)
    }
}
