import Synchronization

/// Precomputed Lanczos-3 weights for resampling one axis from `sourceCount` to
/// `targetCount` samples.
///
/// Every target sample reads exactly `taps` consecutive source samples starting at
/// `starts[i]` (windows are shifted, and padded with zero weights, to stay inside the
/// source), so the inner loops never branch on edges. Weights are computed in `Double`,
/// normalised to sum to 1 per target sample, then stored as `Float`.
public final class ResampleWeights: Sendable {
    /// Number of source samples on this axis.
    public let sourceCount: Int
    /// Number of target samples on this axis.
    public let targetCount: Int
    /// Source samples read per target sample.
    public let taps: Int
    /// First source sample of each target sample's window.
    public let starts: [Int32]
    /// `targetCount * taps` weights; row `i` holds the weights of target sample `i`.
    public let weights: [Float]
    /// The largest distance between the window starts of two consecutive target samples.
    public let maxStep: Int

    /// Computes the table for one axis.
    /// - Precondition: both counts are positive.
    public init(sourceCount: Int, targetCount: Int) {
        precondition(sourceCount > 0 && targetCount > 0, "sample counts must be positive")
        self.sourceCount = sourceCount
        self.targetCount = targetCount
        let scale = Double(sourceCount) / Double(targetCount)
        let filterScale = max(scale, 1)
        let support = LanczosKernel.radius * filterScale

        var windows: [(first: Int, weights: [Double])] = []
        windows.reserveCapacity(targetCount)
        var widest = 1
        for i in 0..<targetCount {
            let center = (Double(i) + 0.5) * scale
            let first = max(0, Int((center - support + 0.5).rounded(.down)))
            let end = min(sourceCount, Int((center + support + 0.5).rounded(.down)))
            var values: [Double] = []
            var sum = 0.0
            if end > first {
                for j in first..<end {
                    let w = LanczosKernel.value(at: (Double(j) + 0.5 - center) / filterScale)
                    values.append(w)
                    sum += w
                }
            }
            if values.isEmpty || sum == 0 {
                // Degenerate window (cannot happen for Lanczos-3 with these bounds, kept for safety):
                // take the nearest source sample.
                let nearest = min(sourceCount - 1, max(0, Int(center)))
                windows.append((nearest, [1]))
                continue
            }
            windows.append((first, values.map { $0 / sum }))
            widest = max(widest, values.count)
        }

        let taps = min(widest, sourceCount)
        var starts = [Int32](repeating: 0, count: targetCount)
        var table = [Float](repeating: 0, count: targetCount * taps)
        for (i, window) in windows.enumerated() {
            let start = min(window.first, sourceCount - taps)
            starts[i] = Int32(start)
            for (k, w) in window.weights.enumerated() {
                table[i * taps + window.first - start + k] = Float(w)
            }
        }
        self.taps = taps
        self.maxStep = zip(starts.dropFirst(), starts).map { Int($0 - $1) }.max() ?? 0
        self.starts = starts
        self.weights = table
    }

    /// The table for a (source, target) pair, computed once per process and shared.
    public static func cached(sourceCount: Int, targetCount: Int) -> ResampleWeights {
        ResampleWeightCache.shared.weights(sourceCount: sourceCount, targetCount: targetCount)
    }
}

/// Process-wide cache of weight tables keyed by (source count, target count).
final class ResampleWeightCache: Sendable {
    static let shared = ResampleWeightCache()

    private struct Key: Hashable {
        let source: Int
        let target: Int
    }

    private let tables = Mutex<[Key: ResampleWeights]>([:])

    func weights(sourceCount: Int, targetCount: Int) -> ResampleWeights {
        let key = Key(source: sourceCount, target: targetCount)
        if let found = tables.withLock({ $0[key] }) { return found }
        let computed = ResampleWeights(sourceCount: sourceCount, targetCount: targetCount)
        return tables.withLock { tables in
            if let raced = tables[key] { return raced }
            if tables.count > 4096 { tables.removeAll(keepingCapacity: true) }
            tables[key] = computed
            return computed
        }
    }
}
