/// Chooses at most `count` colours for weighted colour points: median cut (boxes of points
/// split one at a time until there are `count` of them), each box's weighted mean as a
/// centre, then rounds of k-means (Lloyd) refinement. Deterministic: points are taken in the
/// order given, and ties go to the earlier point, box or centre.
///
/// Two rules for which box to split, and where:
/// - `widestRange`: the box whose widest channel range times the square root of its weight
///   is largest, along that channel, at the weighted median. The lossy palette PNG/APNG path
///   (`PaletteQuantizer`) uses it, on RGBA.
/// - `leastSquaredError`: the box with the largest squared error, along the channel of
///   largest variance, where the two halves' total squared error is least. GIF uses it, on
///   RGB (alpha 0 throughout), optionally stopping early once the error is within a tolerance.
package enum MedianCutQuantizer {
    /// Which box is split next, and where.
    package enum SplitRule: Sendable {
        /// Widest channel range × √weight; split at the weighted median.
        case widestRange
        /// Largest squared error; split where the halves' squared error is least.
        case leastSquaredError
    }

    /// A box: the points `order[start..<end]`, and its priority for splitting.
    private struct Box {
        var start: Int
        var end: Int
        /// Positive when the box can be split; the largest is split first.
        var score: Double
    }

    /// The centres of at most `count` boxes of `points`, in box order.
    ///
    /// With `tolerance` above 0 (`leastSquaredError` only), the cut stops as soon as the
    /// points' RMS error per colour channel is at most that many levels, so content that
    /// needs few colours gets few.
    package static func cut(
        _ points: [WeightedColor], count: Int, rule: SplitRule, tolerance: Double = 0
    ) -> [WeightedColor] {
        guard !points.isEmpty, count > 0 else { return [] }
        var order = Array(points.indices)
        var boxes = [box(points, order, 0, points.count, rule: rule)]
        // The squared error summed over the colour channels, for the whole weight.
        let stopsEarly = tolerance > 0 && rule == .leastSquaredError
        let allowed = stopsEarly ? 3 * tolerance * tolerance * points.reduce(0.0) { $0 + $1.weight } : 0
        var error = boxes[0].score
        while boxes.count < count && !(stopsEarly && error <= allowed) {
            // The first box with the largest positive score.
            var chosen = -1
            var best = 0.0
            for (i, box) in boxes.enumerated() where box.end - box.start > 1 && box.score > best {
                best = box.score
                chosen = i
            }
            if chosen < 0 { break }
            let parent = boxes[chosen]
            let axis = splitAxis(points, order[parent.start..<parent.end], rule: rule)
            order[parent.start..<parent.end].sort { a, b in
                let ca = points[a].channels[axis], cb = points[b].channels[axis]
                return ca < cb || (ca == cb && a < b)
            }
            let split = splitPosition(points, order[parent.start..<parent.end], rule: rule)
            let low = box(points, order, parent.start, split, rule: rule)
            let high = box(points, order, split, parent.end, rule: rule)
            switch rule {
            case .widestRange:
                boxes.remove(at: chosen)
                boxes.append(low)
            case .leastSquaredError:
                boxes[chosen] = low
                error += low.score + high.score - parent.score
            }
            boxes.append(high)
        }
        return boxes.map { mean(points, order[$0.start..<$0.end]) }
    }

    /// One k-means (Lloyd) round: every point to its nearest centre (the first of equals),
    /// every centre that received points to their weighted mean. Returns whether any centre
    /// moved by at least half a level on some channel (its rounded channels changed).
    @discardableResult
    package static func refine(_ points: [WeightedColor], centres: inout [WeightedColor]) -> Bool {
        guard !centres.isEmpty else { return false }
        var sums = [SIMD4<Double>](repeating: SIMD4(), count: centres.count)
        var weights = [Double](repeating: 0, count: centres.count)
        for p in points {
            var best = 0
            var bestDistance = Double.infinity
            for (j, centre) in centres.enumerated() {
                let distance = WeightedColor.squaredDistance(p.channels, centre.channels)
                if distance < bestDistance {
                    bestDistance = distance
                    best = j
                }
            }
            sums[best] += p.channels * p.weight
            weights[best] += p.weight
        }
        var moved = false
        for j in centres.indices where weights[j] > 0 {
            let next = WeightedColor(channels: sums[j] / weights[j], weight: weights[j])
            if rounded(next.channels) != rounded(centres[j].channels) { moved = true }
            centres[j] = next
        }
        return moved
    }

    /// Channels rounded to whole levels within 0...255.
    package static func rounded(_ channels: SIMD4<Double>) -> SIMD4<Double> {
        pointwiseMin(SIMD4(repeating: 255), pointwiseMax(SIMD4(), channels.rounded(.toNearestOrAwayFromZero)))
    }

    private static func box(_ points: [WeightedColor], _ order: [Int], _ start: Int, _ end: Int, rule: SplitRule) -> Box
    {
        let slice = order[start..<end]
        switch rule {
        case .widestRange:
            var lo = SIMD4<Double>(repeating: 255), hi = SIMD4<Double>()
            var weight = 0.0
            for i in slice {
                lo = pointwiseMin(lo, points[i].channels)
                hi = pointwiseMax(hi, points[i].channels)
                weight += points[i].weight
            }
            return Box(start: start, end: end, score: (hi - lo).max() * weight.squareRoot())
        case .leastSquaredError:
            return Box(start: start, end: end, score: squaredError(points, slice))
        }
    }

    /// The channel to sort a box along before splitting it: for `widestRange` the first of
    /// the widest; for `leastSquaredError` the one of largest variance, green first on ties,
    /// then red, blue and alpha.
    private static func splitAxis(_ points: [WeightedColor], _ slice: ArraySlice<Int>, rule: SplitRule) -> Int {
        switch rule {
        case .widestRange:
            var lo = SIMD4<Double>(repeating: 255), hi = SIMD4<Double>()
            for i in slice {
                lo = pointwiseMin(lo, points[i].channels)
                hi = pointwiseMax(hi, points[i].channels)
            }
            let range = hi - lo
            var axis = 0
            for k in 1..<4 where range[k] > range[axis] { axis = k }
            return axis
        case .leastSquaredError:
            let m = mean(points, slice).channels
            var variance = SIMD4<Double>()
            for i in slice {
                let d = points[i].channels - m
                variance += points[i].weight * d * d
            }
            var axis = 1
            for k in [0, 2, 3] where variance[k] > variance[axis] { axis = k }
            return axis
        }
    }

    /// Where to split a box sorted along one channel: an index of `slice` (absolute) strictly
    /// inside it, the high half starting there.
    private static func splitPosition(_ points: [WeightedColor], _ slice: ArraySlice<Int>, rule: SplitRule) -> Int {
        switch rule {
        case .widestRange:
            let total = slice.reduce(0.0) { $0 + points[$1].weight }
            var running = 0.0
            for position in slice.indices {
                running += points[slice[position]].weight
                if running >= total / 2 {
                    return max(slice.startIndex + 1, min(slice.endIndex - 1, position + 1))
                }
            }
            return slice.startIndex + 1
        case .leastSquaredError:
            return leastErrorSplit(points, slice)
        }
    }

    /// The split of a sorted box into `[start, i)` and `[i, end)` with the smallest total
    /// squared error, from running sums.
    private static func leastErrorSplit(_ points: [WeightedColor], _ slice: ArraySlice<Int>) -> Int {
        var totalWeight = 0.0, totalSquares = 0.0, totalSum = SIMD4<Double>()
        for i in slice {
            let p = points[i]
            totalWeight += p.weight
            totalSum += p.weight * p.channels
            totalSquares += p.weight * WeightedColor.dot(p.channels, p.channels)
        }
        var leftWeight = 0.0, leftSquares = 0.0, leftSum = SIMD4<Double>()
        var best = slice.startIndex + 1
        var bestError = Double.infinity
        for position in slice.startIndex..<(slice.endIndex - 1) {
            let p = points[slice[position]]
            leftWeight += p.weight
            leftSum += p.weight * p.channels
            leftSquares += p.weight * WeightedColor.dot(p.channels, p.channels)
            let rightWeight = totalWeight - leftWeight
            guard rightWeight > 0 else { break }
            let leftError = leftSquares - WeightedColor.dot(leftSum, leftSum) / leftWeight
            let rightSum = totalSum - leftSum
            let rightError = (totalSquares - leftSquares) - WeightedColor.dot(rightSum, rightSum) / rightWeight
            if leftError + rightError < bestError {
                bestError = leftError + rightError
                best = position + 1
            }
        }
        return best
    }

    /// The weighted mean of the points in `slice` (all zero for no weight).
    private static func mean(_ points: [WeightedColor], _ slice: ArraySlice<Int>) -> WeightedColor {
        var sum = SIMD4<Double>(), weight = 0.0
        for i in slice {
            sum += points[i].weight * points[i].channels
            weight += points[i].weight
        }
        return WeightedColor(channels: weight > 0 ? sum / weight : sum, weight: weight)
    }

    /// The weighted squared distance of the points in `slice` from their mean.
    private static func squaredError(_ points: [WeightedColor], _ slice: ArraySlice<Int>) -> Double {
        let m = mean(points, slice).channels
        var error = 0.0
        for i in slice {
            error += points[i].weight * WeightedColor.squaredDistance(points[i].channels, m)
        }
        return error
    }
}
