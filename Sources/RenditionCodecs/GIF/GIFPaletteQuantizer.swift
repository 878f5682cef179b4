/// Chooses at most `count` colours for weighted colour points: variance-driven median cut
/// (the box with the largest squared error is split, along its widest axis, where the two
/// halves' squared error is smallest), then a few rounds of k-means (Lloyd) refinement.
/// With a `tolerance`, the cut stops as soon as the points' RMS error per channel is at
/// most that many levels, so content that needs few colours gets a small palette (which
/// compresses better). Deterministic: ties keep the points' order.
enum GIFPaletteQuantizer {
    /// Rounds of k-means after the cut.
    static let refinementRounds = 4

    /// The palette as opaque little-endian RGBA pixels.
    static func palette(for points: [GIFColourPoint], count: Int, tolerance: Double = 0) -> [UInt32] {
        guard !points.isEmpty, count > 0 else { return [] }
        var centres = medianCut(points, count: count, tolerance: tolerance)
        for _ in 0..<refinementRounds {
            guard refine(points, centres: &centres) else { break }
        }
        var seen = Set<UInt32>()
        return centres.map(pack).filter { seen.insert($0).inserted }
    }

    private struct Box {
        var start: Int
        var end: Int
        var error: Double
    }

    private static func medianCut(_ points: [GIFColourPoint], count: Int, tolerance: Double) -> [GIFColourPoint] {
        var order = Array(points.indices)
        var boxes = [Box(start: 0, end: points.count, error: squaredError(points, order[...]))]
        let totalWeight = points.reduce(0.0) { $0 + $1.weight }
        // Squared error summed over the three channels, for the whole weight.
        let allowed = 3 * tolerance * tolerance * totalWeight
        var error = boxes[0].error
        while boxes.count < count && !(tolerance > 0 && error <= allowed) {
            guard let worst = boxes.indices.filter({ boxes[$0].end - boxes[$0].start > 1 && boxes[$0].error > 0 })
                .max(by: { boxes[$0].error < boxes[$1].error }) else { break }
            let box = boxes[worst]
            let axis = widestAxis(points, order[box.start..<box.end])
            order[box.start..<box.end].sort { a, b in
                let ca = points[a].component(axis), cb = points[b].component(axis)
                return ca < cb || (ca == cb && a < b)
            }
            let split = bestSplit(points, order[box.start..<box.end])
            boxes[worst] = Box(start: box.start, end: split, error: squaredError(points, order[box.start..<split]))
            boxes.append(Box(start: split, end: box.end, error: squaredError(points, order[split..<box.end])))
            error += boxes[worst].error + boxes[boxes.count - 1].error - box.error
        }
        return boxes.map { mean(points, order[$0.start..<$0.end]) }
    }

    /// The index in `slice` (absolute) where splitting into `[start, i)` and `[i, end)`
    /// gives the smallest total squared error, the points being sorted along one axis.
    private static func bestSplit(_ points: [GIFColourPoint], _ slice: ArraySlice<Int>) -> Int {
        var total = (w: 0.0, r: 0.0, g: 0.0, b: 0.0, sq: 0.0)
        for i in slice {
            let p = points[i]
            total.w += p.weight
            total.r += p.weight * p.r
            total.g += p.weight * p.g
            total.b += p.weight * p.b
            total.sq += p.weight * (p.r * p.r + p.g * p.g + p.b * p.b)
        }
        var left = (w: 0.0, r: 0.0, g: 0.0, b: 0.0, sq: 0.0)
        var best = slice.startIndex + 1
        var bestError = Double.infinity
        for position in slice.startIndex..<(slice.endIndex - 1) {
            let p = points[slice[position]]
            left.w += p.weight
            left.r += p.weight * p.r
            left.g += p.weight * p.g
            left.b += p.weight * p.b
            left.sq += p.weight * (p.r * p.r + p.g * p.g + p.b * p.b)
            let rightW = total.w - left.w
            guard rightW > 0 else { break }
            let leftError = left.sq - (left.r * left.r + left.g * left.g + left.b * left.b) / left.w
            let rr = total.r - left.r, rg = total.g - left.g, rb = total.b - left.b
            let rightError = (total.sq - left.sq) - (rr * rr + rg * rg + rb * rb) / rightW
            if leftError + rightError < bestError {
                bestError = leftError + rightError
                best = position + 1
            }
        }
        return best
    }

    private static func widestAxis(_ points: [GIFColourPoint], _ slice: ArraySlice<Int>) -> Int {
        let m = mean(points, slice)
        var variance = [0.0, 0.0, 0.0]
        for i in slice {
            let p = points[i]
            variance[0] += p.weight * (p.r - m.r) * (p.r - m.r)
            variance[1] += p.weight * (p.g - m.g) * (p.g - m.g)
            variance[2] += p.weight * (p.b - m.b) * (p.b - m.b)
        }
        return variance[1] >= variance[0] && variance[1] >= variance[2] ? 1 : (variance[0] >= variance[2] ? 0 : 2)
    }

    private static func mean(_ points: [GIFColourPoint], _ slice: ArraySlice<Int>) -> GIFColourPoint {
        var sum = GIFColourPoint(r: 0, g: 0, b: 0, weight: 0)
        for i in slice {
            let p = points[i]
            sum.r += p.weight * p.r
            sum.g += p.weight * p.g
            sum.b += p.weight * p.b
            sum.weight += p.weight
        }
        guard sum.weight > 0 else { return sum }
        return GIFColourPoint(r: sum.r / sum.weight, g: sum.g / sum.weight, b: sum.b / sum.weight, weight: sum.weight)
    }

    private static func squaredError(_ points: [GIFColourPoint], _ slice: ArraySlice<Int>) -> Double {
        let m = mean(points, slice)
        var error = 0.0
        for i in slice {
            let p = points[i]
            error += p.weight * ((p.r - m.r) * (p.r - m.r) + (p.g - m.g) * (p.g - m.g) + (p.b - m.b) * (p.b - m.b))
        }
        return error
    }

    /// One Lloyd round: every point to its nearest centre, every centre to its points' mean.
    /// Returns whether any centre moved.
    private static func refine(_ points: [GIFColourPoint], centres: inout [GIFColourPoint]) -> Bool {
        var sums = [GIFColourPoint](repeating: GIFColourPoint(r: 0, g: 0, b: 0, weight: 0), count: centres.count)
        for p in points {
            var best = 0
            var bestDistance = Double.infinity
            for (j, c) in centres.enumerated() {
                let d = (p.r - c.r) * (p.r - c.r) + (p.g - c.g) * (p.g - c.g) + (p.b - c.b) * (p.b - c.b)
                if d < bestDistance {
                    bestDistance = d
                    best = j
                }
            }
            sums[best].r += p.weight * p.r
            sums[best].g += p.weight * p.g
            sums[best].b += p.weight * p.b
            sums[best].weight += p.weight
        }
        var moved = false
        for j in centres.indices where sums[j].weight > 0 {
            let w = sums[j].weight
            let next = GIFColourPoint(r: sums[j].r / w, g: sums[j].g / w, b: sums[j].b / w, weight: w)
            if pack(next) != pack(centres[j]) { moved = true }
            centres[j] = next
        }
        return moved
    }

    private static func pack(_ p: GIFColourPoint) -> UInt32 {
        func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
        return channel(p.r) | channel(p.g) << 8 | channel(p.b) << 16 | 0xFF00_0000
    }
}
