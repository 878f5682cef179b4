import Synchronization

extension EdgeAnalyzer {
    /// Compares the art's outer edge, and a grid of its pixels, with every test background.
    func visibility(_ raster: Raster, scan: AlphaScan) -> [BackgroundVisibility] {
        let w = raster.width, h = raster.height, stride = raster.bytesPerRow
        var outline: [(x: Int, y: Int, lab: LabColor)] = []
        var area: [(x: Int, y: Int, lab: LabColor)] = []
        raster.bytes.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress!
            func straightLab(_ o: Int) -> LabColor {
                let a = Float(p[o + 3]) / 255
                return LabColor(red: Float(p[o]) / a, green: Float(p[o + 1]) / a, blue: Float(p[o + 2]) / a)
            }
            // The outer edge: edge pixels at least half opaque, thinned to a bounded sample.
            var candidates = 0
            for index in scan.edgePixels {
                let i = Int(index)
                if p[(i / w) * stride + (i % w) * 4 + 3] >= 128 { candidates += 1 }
            }
            let step = max(1, candidates / max(1, options.outlineSampleLimit))
            var seen = 0
            for index in scan.edgePixels {
                let i = Int(index)
                let x = i % w, y = i / w
                let o = y * stride + x * 4
                guard p[o + 3] >= 128 else { continue }
                if seen % step == 0 { outline.append((x, y, straightLab(o))) }
                seen += 1
            }
            if scan.maxX >= 0 {
                let boundsArea = Double((scan.maxX - scan.minX + 1) * (scan.maxY - scan.minY + 1))
                let step = max(
                    1, Int((boundsArea / Double(max(1, options.areaSampleTarget))).squareRoot().rounded(.up)))
                var y = scan.minY + step / 2
                while y <= scan.maxY {
                    var x = scan.minX + step / 2
                    while x <= scan.maxX {
                        let o = y * stride + x * 4
                        if p[o + 3] >= 128 { area.append((x, y, straightLab(o))) }
                        x += step
                    }
                    y += step
                }
            }
        }
        let limit = options.blendDeltaE
        return backgrounds.map { background in
            let lookup = BackgroundLabGrid(background, width: w, height: h)
            var outlineBlend = 0
            var deltaSum: Float = 0
            for sample in outline {
                let d = sample.lab.distance(to: lookup.lab(x: sample.x, y: sample.y))
                deltaSum += d
                if d < limit { outlineBlend += 1 }
            }
            var areaBlend = 0
            for sample in area where sample.lab.distance(to: lookup.lab(x: sample.x, y: sample.y)) < limit {
                areaBlend += 1
            }
            let outlineFraction = outline.isEmpty ? 0 : Double(outlineBlend) / Double(outline.count)
            let areaFraction = area.isEmpty ? 0 : Double(areaBlend) / Double(area.count)
            let outlineBlends = !outline.isEmpty && outlineFraction >= options.blendFraction
            return BackgroundVisibility(
                background: background.name, outlineSamples: outline.count, outlineBlendFraction: outlineFraction,
                meanOutlineDeltaE: outline.isEmpty ? 0 : Double(deltaSum) / Double(outline.count),
                areaSamples: area.count, areaBlendFraction: areaFraction,
                disappears: outlineBlends && areaFraction >= options.blendFraction, outlineBlends: outlineBlends)
        }
    }
}

/// A background's Lab colour over a canvas: one value for a solid colour, otherwise a
/// 16 x 16 grid of cell-centre samples (gradients and photos vary slowly at that scale),
/// cached per background name and canvas size.
struct BackgroundLabGrid {
    static let cells = 16
    private static let cache = Mutex<[String: [LabColor]]>([:])
    let solid: LabColor?
    let grid: [LabColor]
    let width: Int
    let height: Int

    init(_ background: TestBackground, width: Int, height: Int) {
        self.width = width
        self.height = height
        if let color = background.solidColor {
            solid = LabColor(color)
            grid = []
            return
        }
        solid = nil
        let key = "\(background.name) \(width)x\(height)"
        if let cached = Self.cache.withLock({ $0[key] }) {
            grid = cached
            return
        }
        let n = Self.cells
        var values: [LabColor] = []
        values.reserveCapacity(n * n)
        for cy in 0..<n {
            for cx in 0..<n {
                let x = min(width - 1, (2 * cx + 1) * width / (2 * n))
                let y = min(height - 1, (2 * cy + 1) * height / (2 * n))
                values.append(LabColor(background.color(x: x, y: y, width: width, height: height)))
            }
        }
        grid = values
        Self.cache.withLock { cache in
            if cache.count > 256 { cache.removeAll() }
            cache[key] = values
        }
    }

    @inline(__always)
    func lab(x: Int, y: Int) -> LabColor {
        if let solid { return solid }
        let n = Self.cells
        return grid[min(n - 1, y * n / height) * n + min(n - 1, x * n / width)]
    }
}
