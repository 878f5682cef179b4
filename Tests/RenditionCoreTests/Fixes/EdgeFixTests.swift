import RenditionCore
import Testing

/// The pixel fixes change what they target and nothing else.
@Suite("Edge fixes")
struct EdgeFixTests {
    @Test("unmatte recovers the foreground colour exactly enough and leaves alpha and solid pixels alone")
    func unmatte() {
        let art = RGBColor(30, 60, 200)
        let clean = EdgeTestImages.disc(side: 120, radius: 40, color: art)
        let matted = EdgeTestImages.disc(side: 120, radius: 40, color: art, matte: .white)
        let fixed = Unmatte.apply(matted, matte: .white)
        // 8-bit storage limits how exactly a faint pixel's colour is known: allow the rounding
        // of the straight value (0.5 level, scaled by 1 / alpha into premultiplied terms).
        var worst = 0.0
        for i in stride(from: 0, to: fixed.bytes.count, by: 4) {
            let a = matted.bytes[i + 3]
            #expect(fixed.bytes[i + 3] == a)
            if a == 0 || a == 255 {
                #expect(Array(fixed.bytes[i..<(i + 4)]) == Array(matted.bytes[i..<(i + 4)]))
            } else {
                // Premultiplied, compared with the same disc drawn without a matte.
                let slack = 1.5 + 0.5 * 255 / Double(a)
                for c in 0..<3 {
                    worst = max(worst, Double(abs(Int(fixed.bytes[i + c]) - Int(clean.bytes[i + c]))) / slack)
                }
            }
        }
        #expect(worst <= 1)
        #expect(!EdgeAnalyzer().analyze(fixed).halo.isDetected)
    }

    @Test("defringe takes edge colours from the opaque art and keeps alpha")
    func defringe() {
        let matted = EdgeTestImages.disc(side: 120, radius: 40, color: RGBColor(30, 200, 60), matte: .black)
        let fixed = Defringe.apply(matted)
        for i in stride(from: 0, to: fixed.bytes.count, by: 4) {
            let a = matted.bytes[i + 3]
            #expect(fixed.bytes[i + 3] == a)
            if a == 0 || a == 255 { #expect(Array(fixed.bytes[i..<(i + 4)]) == Array(matted.bytes[i..<(i + 4)])) }
            if a >= 26 && a < 255 {
                let g = Double(fixed.bytes[i + 1]) * 255 / Double(a)
                #expect(abs(g - 200) <= 2.5 * 255 / Double(a))
            }
        }
        #expect(!EdgeAnalyzer().analyze(fixed).halo.isDetected)
    }

    @Test("background removal clears the border region, un-blends the edge and keeps the art")
    func removeBackground() {
        let art = EdgeTestImages.disc(side: 100, radius: 30, color: RGBColor(200, 30, 30))
        let flattened = EdgeTestImages.over(art, EdgeTestImages.solid(width: 100, height: 100, color: .white))
        let result = BackgroundRemoval.apply(flattened, background: .white)
        let fixed = result.raster
        for y in 0..<100 {
            for x in 0..<100 {
                let original = art[x, y]
                let d =
                    ((Double(x) + 0.5 - 50) * (Double(x) + 0.5 - 50) + (Double(y) + 0.5 - 50) * (Double(y) + 0.5 - 50))
                    .squareRoot()
                if d > 32 { #expect(fixed[x, y].a == 0) }
                if d < 28 { #expect(fixed[x, y] == original) }  // the art's interior is untouched
                // Edge pixels get their coverage back; the faintest ones, whose blend is within the
                // tolerance (24 levels) of white, go with the background.
                if original.a > 0 && original.a < 255 {
                    if fixed[x, y].a == 0 {
                        #expect(Int(original.a) <= 255 * 24 / 225 + 1)
                    } else {
                        #expect(abs(Int(fixed[x, y].a) - Int(original.a)) <= 12)
                    }
                }
            }
        }
        #expect(result.removedPixels > 6000 && result.edgePixels > 100)
        #expect(!EdgeAnalyzer().analyze(fixed).hasOpaqueBackground)
    }

    @Test("crop and place move pixels without changing them")
    func cropAndPlace() {
        let art = EdgeTestImages.disc(side: 50, radius: 20, color: RGBColor(1, 2, 3))
        let cropped = art.cropped(to: PixelRect(x: 5, y: 6, width: 40, height: 38))
        #expect(cropped[0, 0] == art[5, 6] && cropped[39, 37] == art[44, 43])
        let placed = cropped.placed(onCanvasWidth: 60, height: 70, x: 10, y: -2)
        #expect(placed[10, 0] == cropped[0, 2] && placed[49, 35] == cropped[39, 37] && placed[9, 10].a == 0)
    }
}
