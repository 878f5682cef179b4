import RenditionCore
import Testing

/// The alpha-edge analysis on synthetic images whose answers are known by construction.
@Suite("Alpha-edge analysis")
struct EdgeAnalysisTests {
    let analyzer = EdgeAnalyzer()

    @Test("an anti-aliased disc: bounds, margins, coverage, a one-pixel soft band, no halo")
    func antialiasedDisc() {
        let disc = EdgeTestImages.disc(side: 200, radius: 60, color: RGBColor(200, 40, 40))
        let result = analyzer.analyze(disc)
        #expect(result.alpha.bounds == PixelRect(x: 40, y: 40, width: 120, height: 120))
        #expect(result.alpha.margins == CanvasMargins(left: 40, top: 40, right: 40, bottom: 40))
        #expect(result.alpha.touching.isEmpty && result.alpha.touchingPixels == 0)
        // Area of the disc over the canvas: pi * 60^2 / 200^2.
        #expect(abs(result.alpha.coverage - Double.pi * 3600 / 40_000) < 0.002)
        #expect(abs(result.alpha.boundsFraction - 14_400.0 / 40_000) < 1e-9)
        #expect(result.alpha.hasTransparency && !result.border.isOpaque && !result.hasOpaqueBackground)
        #expect(result.band.softness == .antialiased)
        #expect(result.band.width > 0.7 && result.band.width < 1.6)
        #expect(result.band.hardFraction < 0.2)
        #expect(!result.halo.isDetected && result.halo.meanDeviation < 2)
    }

    @Test("a 1-bit disc is a hard edge made of staircase steps")
    func hardDisc() {
        let result = analyzer.analyze(
            EdgeTestImages.disc(side: 200, radius: 60, color: RGBColor(20, 120, 220), hard: true))
        #expect(result.alpha.partialPixels == 0)
        #expect(result.band.softness == .hard && result.band.hardFraction == 1 && result.band.width == 0)
        #expect(result.band.stepFraction > 0.2)
        // An axis-aligned hard square has hard edges but only four steps.
        var square = Raster(width: 100, height: 100)
        for y in 20..<80 { for x in 20..<80 { square[x, y] = RGBA(255, 255, 255, 255) } }
        let squareResult = analyzer.analyze(square)
        #expect(squareResult.band.softness == .hard && squareResult.band.stepPixels == 4)
    }

    @Test("art touching two sides is reported with the sides and the pixel count")
    func touching() {
        let disc = EdgeTestImages.disc(side: 100, radius: 30, center: (85, 90), color: RGBColor(0, 0, 0))
        let result = analyzer.analyze(disc)
        #expect(result.alpha.touching == [.right, .bottom])
        #expect(result.alpha.touching.names == ["right", "bottom"])
        #expect(result.alpha.touchingPixels > 20)
        #expect(result.alpha.margins?.right == 0 && result.alpha.margins?.bottom == 0)
    }

    @Test("an opaque image and an opaque border box are backgrounds, with their colour")
    func backgrounds() {
        let white = EdgeTestImages.solid(width: 64, height: 64, color: RGBColor(250, 250, 250))
        let opaque = analyzer.analyze(
            EdgeTestImages.over(EdgeTestImages.disc(side: 64, radius: 20, color: RGBColor(0, 0, 255)), white))
        #expect(!opaque.alpha.hasTransparency && opaque.hasOpaqueBackground)
        #expect(opaque.border.color == RGBColor(250, 250, 250) && opaque.border.opaqueFraction == 1)
        // A near-opaque (alpha 240) box with transparent corners.
        var box = Raster(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 where !((x < 6 || x > 57) && (y < 6 || y > 57)) {
                box[x, y] = RGBA(
                    AlphaConversion.premultiply(200, alpha: 240), AlphaConversion.premultiply(220, alpha: 240),
                    AlphaConversion.premultiply(20, alpha: 240), 240)
            }
        }
        let result = analyzer.analyze(box)
        #expect(result.alpha.hasTransparency && result.border.isOpaque && result.hasOpaqueBackground)
        #expect(abs(result.border.meanAlpha - 240) < 0.01)
        let c = result.border.color
        #expect(c != nil && abs(Int(c!.r) - 200) <= 1 && abs(Int(c!.g) - 220) <= 1 && abs(Int(c!.b) - 20) <= 1)
    }

    @Test(
        "a halo from a known matte is found and the matte estimated within 3 levels",
        arguments: [
            RGBColor(255, 255, 255), RGBColor(0, 0, 0), RGBColor(255, 128, 0),
        ])
    func halo(matte: RGBColor) {
        let art = matte.luma > 128 ? RGBColor(30, 60, 200) : RGBColor(240, 220, 90)
        let result = analyzer.analyze(EdgeTestImages.disc(side: 160, radius: 50, color: art, matte: matte))
        #expect(result.halo.isDetected)
        let m = result.halo.matte
        #expect(m != nil)
        if let m {
            #expect(
                abs(Int(m.r) - Int(matte.r)) <= 3 && abs(Int(m.g) - Int(matte.g)) <= 3
                    && abs(Int(m.b) - Int(matte.b)) <= 3)
        }
        #expect(result.halo.kind == (matte.luma >= 170 ? "light" : matte.luma <= 85 ? "dark" : "colored"))
    }

    @Test("dark art disappears on black; a dark outline around light art only blends")
    func visibility() {
        let dark = EdgeTestImages.disc(side: 120, radius: 40, color: RGBColor(20, 20, 26))
        let result = analyzer.analyze(dark)
        let names = result.visibility.map(\.background)
        #expect(names == ["white", "black", "red", "yellow", "multicolor"])
        let black = result.visibility[1]
        #expect(black.disappears && black.outlineBlends && black.areaBlendFraction > 0.95)
        #expect(!result.visibility[0].disappears && !result.visibility[0].outlineBlends)

        // A black ring (6 px) around a white disc: the outline blends into black, the art does not.
        let ring = EdgeTestImages.disc(side: 120, radius: 40, color: RGBColor(0, 0, 0))
        let inner = EdgeTestImages.disc(side: 120, radius: 34, color: RGBColor(255, 255, 255))
        let outlined = analyzer.analyze(EdgeTestImages.over(inner, ring))
        #expect(outlined.visibility[1].outlineBlends && !outlined.visibility[1].disappears)
        #expect(outlined.visibility[1].areaBlendFraction < 0.4)
    }

    @Test("an empty image has no bounds and no outline")
    func empty() {
        let result = analyzer.analyze(Raster(width: 50, height: 30))
        #expect(result.alpha.isEmpty && result.alpha.bounds == nil && result.alpha.margins == nil)
        #expect(result.band.softness == .none && result.band.outlinePixels == 0)
        #expect(result.alpha.transparentPixels == 1500 && !result.hasOpaqueBackground)
    }

    @Test("the vector fast paths count exactly what a per-pixel scan counts (odd widths, holes)")
    func countsMatchPerPixel() {
        for side in [7, 8, 9, 33, 101] {
            var raster = EdgeTestImages.disc(side: side, radius: Double(side) * 0.45, color: RGBColor(9, 99, 199))
            // Punch a transparent hole and an opaque run into the middle.
            raster[side / 2, side / 2] = RGBA(0, 0, 0, 0)
            let result = analyzer.analyze(raster)
            var transparent = 0, partial = 0, opaque = 0, outline = 0
            for y in 0..<side {
                for x in 0..<side {
                    let a = raster[x, y].a
                    if a == 0 {
                        transparent += 1
                        continue
                    }
                    if a == 255 { opaque += 1 } else { partial += 1 }
                    let neighbours = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    if neighbours.contains(where: {
                        $0.0 >= 0 && $0.0 < side && $0.1 >= 0 && $0.1 < side && raster[$0.0, $0.1].a == 0
                    }) {
                        outline += 1
                    }
                }
            }
            #expect(result.alpha.transparentPixels == transparent, "side \(side)")
            #expect(result.alpha.partialPixels == partial && result.alpha.opaquePixels == opaque, "side \(side)")
            #expect(result.band.outlinePixels == outline, "side \(side)")
        }
    }

    @Test("every frame of an animation is analysed; repeated frames reuse the analysis")
    func frames() {
        let a = EdgeTestImages.disc(side: 64, radius: 20, color: RGBColor(255, 0, 0))
        let b = EdgeTestImages.disc(side: 64, radius: 20, center: (60, 32), color: RGBColor(255, 0, 0))
        let animation = Animation(
            width: 64, height: 64,
            frames: [
                AnimationFrame(raster: a, delay: .milliseconds(100)),
                AnimationFrame(raster: a, delay: .milliseconds(100)),
                AnimationFrame(raster: b, delay: .milliseconds(100)),
            ])
        let results = analyzer.analyze(animation)
        #expect(results.count == 3)
        #expect(results[0] == results[1])
        #expect(results[0].alpha.touching.isEmpty && results[2].alpha.touching == [.right])
    }
}
