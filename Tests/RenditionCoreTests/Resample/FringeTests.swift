import RenditionCore
import Testing

/// An opaque white disc on a transparent background must stay white all the way to its
/// edge after downscaling: in premultiplied form every pixel has R = G = B = A. Composited
/// over black the edge must not be darker than its coverage, and over white it must stay
/// white. Metric: the largest |channel - alpha| over all pixels (premultiplied), bound 1.
@Suite("No fringes at transparent edges")
struct FringeTests {
    static func disc(side: Int) -> Raster {
        var raster = Raster(width: side, height: side)
        let r = Double(side) * 0.4
        let c = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                // 4x4 supersampled coverage for an anti-aliased edge.
                var covered = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - c
                        let dy = Double(y) + (Double(sy) + 0.5) / 4 - c
                        if dx * dx + dy * dy <= r * r { covered += 1 }
                    }
                }
                let a = UInt8((Double(covered) * 255 / 16).rounded())
                raster[x, y] = RGBA(a, a, a, a)
            }
        }
        return raster
    }

    static func worstFringe(_ raster: Raster) -> Int {
        var worst = 0
        for i in stride(from: 0, to: raster.bytes.count, by: 4) {
            let a = Int(raster.bytes[i + 3])
            for c in 0..<3 { worst = max(worst, abs(Int(raster.bytes[i + c]) - a)) }
        }
        return worst
    }

    /// Composites a premultiplied pixel over an opaque grey background level.
    static func over(_ p: RGBA, background: Int) -> Int {
        Int(p.r) + background * (255 - Int(p.a)) / 255
    }

    @Test(
        "white disc downscaled to @2x and @1x has no dark or light fringe",
        arguments: [(618, 412), (618, 206), (300, 100)])
    func whiteDisc(source side: Int, target: Int) {
        let out = LanczosResampler().resample(Self.disc(side: side), width: target, height: target)
        #expect(Self.worstFringe(out) <= 1)
        var sawEdge = false
        for y in 0..<target {
            for x in 0..<target {
                let p = out[x, y]
                if p.a > 0 && p.a < 255 { sawEdge = true }
                // Over black: grey level equals coverage (no dark fringe).
                #expect(abs(Self.over(p, background: 0) - Int(p.a)) <= 1)
                // Over white: stays white (no dark or light fringe).
                #expect(Self.over(p, background: 255) >= 253)
            }
        }
        #expect(sawEdge)
    }

    @Test("the metric catches the classic bug: resampling straight alpha over transparent black")
    func metricDetectsStraightAlphaResampling() {
        // Straight-alpha resampling treats transparent pixels as black and darkens the edge.
        let source = Self.disc(side: 300)
        var straight = Raster(width: 300, height: 300)
        let s = source.straightRGBA()
        for i in 0..<(300 * 300) {
            let a = s[i * 4 + 3]
            straight[i % 300, i / 300] = RGBA(a == 0 ? 0 : 255, a == 0 ? 0 : 255, a == 0 ? 0 : 255, 255)
        }
        let color = LanczosResampler().resample(straight, width: 100, height: 100)
        let alpha = LanczosResampler().resample(source, width: 100, height: 100)
        var naive = Raster(width: 100, height: 100)
        for y in 0..<100 {
            for x in 0..<100 {
                let a = alpha[x, y].a
                naive[x, y] = RGBA(
                    AlphaConversion.premultiply(color[x, y].r, alpha: a),
                    AlphaConversion.premultiply(color[x, y].g, alpha: a),
                    AlphaConversion.premultiply(color[x, y].b, alpha: a), a)
            }
        }
        #expect(Self.worstFringe(naive) > 20)
    }
}
