import RenditionCodecs
import RenditionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// The master placed on smaller squares, for a target whose canvas rule accepts any square up
/// to its size (`CanvasRule.Mode.squareWithin`, Signal's animated canvas): the truecolour
/// ladder's smaller-canvas steps.
package struct SmallerCanvas: Sendable {
    /// The smallest side tried (even).
    let minimumSide: Int
    /// Whether the canvas rule accepts a square of this side.
    let accepts: @Sendable (Int) -> Bool
    /// The rendition on a `side` x `side` canvas, resampled straight from the master (never
    /// from another rendition), placed and adapted to the frame rules as the full-size one.
    let make: @Sendable (Int) -> Animation
}

/// One step of the truecolour ladder: the frame rate divided by `divisor` (1: every frame
/// kept) on a `side` px canvas, written losslessly in truecolour.
struct MeasuredStep: Sendable, Equatable {
    /// Frames kept: every `divisor`-th.
    let divisor: Int
    /// Canvas side in pixels.
    let side: Int
    /// The file's bytes, measured (`measured`) or predicted from a sample of frames.
    var bytes: Int
    /// Whether `bytes` is the size of the whole file.
    var measured: Bool
    /// `FittedQuality.heldScore` of the step's pixels against the full rendition.
    var quality: Double
}

extension SizeFitter {
    /// The most whole-file encodes the truecolour ladder makes after the lossless one.
    static let measuredEncodeBudget = 6
    /// Frame-rate divisors the truecolour ladder tries.
    static let measuredDivisors = [2, 3, 4]

    /// Fits an animation as a truecolour APNG (no palette, lossless or not: `animatedPalette`
    /// is false), so its bytes come from elsewhere than colours: the lossless file first
    /// (inter-frame optimisation and merged identical frames as always); when it does not fit,
    /// steps that keep every colour but give up time or space — the frame rate divided by 2,
    /// 3 or 4, and, with `smallerCanvas`, a smaller square canvas resampled from the master —
    /// alone or together.
    ///
    /// The steps are ordered by what they cost in measured quality, per animation: for each
    /// frame-rate divisor (1 included when the canvas can shrink) the largest even canvas
    /// predicted to fit is found by interpolating bytes against side on a log-log scale (at
    /// most three predictions; a larger divisor is not tried once one fits at full size, as it
    /// could only be worse); each such step's pixels are scored by `FittedQuality.heldScore`
    /// (the smaller canvas scaled back up to the full one, every dropped frame compared where
    /// it has drifted furthest); the best is encoded whole, and when it does not fit after
    /// all, its canvas shrinks by the measured overshoot (or, without a canvas step, the next
    /// divisor takes its place) and the scores are compared again. Predictions are exact
    /// encodes for animations of at most `sampledAbove` frames, otherwise a sample of frames
    /// scaled and calibrated as `fitPredicted` does. When the file of a smaller canvas leaves
    /// more than 8 % of the limit unused, one larger canvas predicted from it is tried too.
    /// At most `measuredEncodeBudget` whole encodes (short animations' exact predictions
    /// aside). Lossless truecolour encodes give back the step's pixels exactly, so the score
    /// is the file's score.
    func fitTruecolour(_ animation: Animation, smallerCanvas: SmallerCanvas?) throws -> FittedFile {
        let encoder = APNGEncoder(
            options: .init(
                compressionLevel: compressionLevel, allowPalette: false, mergeIdenticalFrames: !preserveFrames,
                threads: threads, truecolour: true))
        let full = try encoder.encode(animation)
        if full.count <= limit {
            return FittedFile(
                bytes: full, step: "lossless (deflate level \(compressionLevel))", stepIndex: 1, givenUp: [],
                quality: 1)
        }
        let side = animation.width
        let canvas = smallerCanvas.flatMap { animation.width == animation.height ? $0 : nil }
        let goal = Double(limit) * 0.97
        var calibration = 1.0
        var smallest = full.count
        var encodes = 0

        // The sample's size scaled by frames (uncalibrated).
        func sampled(_ a: Animation) throws(CodecError) -> Double {
            let sample = Self.sample(a)
            return Double(try encoder.encode(sample).count) * Double(a.frames.count) / Double(sample.frames.count)
        }
        if animation.frames.count > Self.sampledAbove {
            calibration = Double(full.count) / max(1, try sampled(animation))
        }
        /// Predicted bytes, or the file itself for a short animation.
        func estimate(_ a: Animation) throws(CodecError) -> (bytes: Double, file: [UInt8]?) {
            if a.frames.count <= Self.sampledAbove {
                let file = try encoder.encode(a)
                smallest = min(smallest, file.count)
                return (Double(file.count), file)
            }
            return (try sampled(a) * calibration, nil)
        }
        func fits(_ e: (bytes: Double, file: [UInt8]?)) -> Bool {
            e.file.map { $0.count <= limit } ?? (e.bytes <= goal)
        }

        // Pixels of a step; the last few canvases kept.
        var canvases: [(side: Int, animation: Animation)] = []
        func pixels(_ divisor: Int, _ s: Int) -> Animation {
            var base = animation
            if s != side, let canvas {
                if let kept = canvases.first(where: { $0.side == s }) {
                    base = kept.animation
                } else {
                    base = canvas.make(s)
                    canvases.append((s, base))
                    if canvases.count > 2 { canvases.removeFirst() }
                }
            }
            return Self.reducingFrameRate(base, by: divisor)
        }
        var files: [String: [UInt8]] = [:]
        func key(_ divisor: Int, _ s: Int) -> String { "\(divisor)@\(s)" }
        func step(_ divisor: Int, _ s: Int, _ e: (bytes: Double, file: [UInt8]?)) -> MeasuredStep {
            if let file = e.file { files[key(divisor, s)] = file }
            return MeasuredStep(
                divisor: divisor, side: s, bytes: Int(e.bytes.rounded()), measured: e.file != nil,
                quality: FittedQuality.heldScore(of: pixels(divisor, s), against: animation))
        }
        /// The largest even side below `above` (whose size is `aboveBytes`) predicted to fit.
        func largestSide(_ divisor: Int, above: Int, aboveBytes: Double) throws(CodecError) -> (
            side: Int, estimate: (bytes: Double, file: [UInt8]?)
        )? {
            guard let canvas else { return nil }
            var high = (side: above, bytes: aboveBytes)
            var low: (side: Int, bytes: Double, estimate: (bytes: Double, file: [UInt8]?))?
            var exponent = 2.0
            for _ in 0..<3 {
                var guess: Double
                if let low {
                    // Interpolate log(bytes) against log(side) between the two.
                    let t = log(goal / low.bytes) / log(high.bytes / low.bytes)
                    guess = exp(log(Double(low.side)) + t * log(Double(high.side) / Double(low.side)))
                } else {
                    guess = Double(high.side) * pow(goal / high.bytes, 1 / exponent)
                }
                // Sizes that do not grow with the side (or a flat sample) give no direction.
                guard guess.isFinite else { break }
                var next = Int(min(max(guess, 0), Double(high.side))) & ~1
                next = min(next, high.side - 2)
                next = max(next, low.map { $0.side + 2 } ?? canvas.minimumSide)
                while next < high.side && !canvas.accepts(next) { next += 2 }
                guard next < high.side, next >= canvas.minimumSide else { break }
                if let low, next <= low.side { break }
                let e = try estimate(pixels(divisor, next))
                if fits(e) {
                    low = (next, e.bytes, e)
                } else {
                    if high.side != next && e.bytes < high.bytes {
                        exponent = min(3, max(1, log(high.bytes / e.bytes) / log(Double(high.side) / Double(next))))
                    }
                    high = (next, e.bytes)
                    if next == canvas.minimumSide { break }
                }
                if let low, high.side - low.side <= 2 { break }
            }
            return low.map { ($0.side, $0.estimate) }
        }

        let frameCount = animation.frames.count
        var tried = Set<Int>()
        var steps: [MeasuredStep] = []
        /// The step of a frame-rate divisor: at full size when predicted to fit, else on the
        /// largest canvas predicted to fit. Whether it fits at full size.
        func addFamily(_ divisor: Int) throws(CodecError) -> Bool {
            tried.insert(divisor)
            let atFull = divisor == 1 ? (Double(full.count), full) : try estimate(pixels(divisor, side))
            if divisor > 1 && fits(atFull) {
                steps.append(step(divisor, side, atFull))
                return true
            }
            if let found = try largestSide(divisor, above: side, aboveBytes: atFull.bytes) {
                steps.append(step(divisor, found.side, found.estimate))
            }
            return false
        }
        /// Divisors not tried yet, smallest first; a larger one is tried only while no smaller
        /// one fits at full size (it could only score lower).
        func addFamilies() throws(CodecError) {
            var divisors = [Int]()
            if canvas != nil { divisors.append(1) }
            if !preserveFrames { divisors += Self.measuredDivisors.filter { (frameCount + $0 - 1) / $0 >= 2 } }
            for divisor in divisors where !tried.contains(divisor) {
                if try addFamily(divisor) { break }
            }
        }
        try addFamilies()

        // The best-scoring step encoded whole; when it does not fit, its canvas shrinks by the
        // overshoot, and a step at full size gives way to the next divisor.
        var failed: [MeasuredStep] = []
        var lastResort = false
        while encodes < Self.measuredEncodeBudget {
            if steps.isEmpty && !lastResort {
                // Nothing predicted to fit: the step that gives up the most, encoded whole.
                lastResort = true
                let divisor = preserveFrames ? 1 : Self.measuredDivisors.last { (frameCount + $0 - 1) / $0 >= 2 } ?? 1
                let minimumSide = canvas?.minimumSide ?? side
                if divisor > 1 || minimumSide < side {
                    steps.append(step(divisor, minimumSide, try estimate(pixels(divisor, minimumSide))))
                }
            }
            guard
                let index = steps.indices.max(by: { a, b in
                    let x = steps[a], y = steps[b]
                    if x.quality != y.quality { return x.quality < y.quality }
                    // Ties: the larger canvas, then the higher frame rate.
                    return (x.side, -x.divisor) < (y.side, -y.divisor)
                })
            else { break }
            let chosen = steps[index]
            let file: [UInt8]
            if let kept = files[key(chosen.divisor, chosen.side)] {
                file = kept
            } else {
                let made = pixels(chosen.divisor, chosen.side)
                let predicted = made.frames.count > Self.sampledAbove ? try sampled(made) : nil
                file = try encoder.encode(made)
                encodes += 1
                smallest = min(smallest, file.count)
                if let predicted { calibration = Double(file.count) / max(1, predicted) }
            }
            steps[index].bytes = file.count
            steps[index].measured = true
            if file.count <= limit {
                var best = (file: file, step: steps[index])
                var others = steps + failed
                // Room left under the limit: one larger canvas, predicted from this file.
                if let canvas, chosen.side < side, Double(file.count) < Double(limit) * 0.92,
                    encodes < Self.measuredEncodeBudget
                {
                    var larger = min(side, Int(Double(chosen.side) * (goal / Double(file.count)).squareRoot()) & ~1)
                    while larger > chosen.side && !canvas.accepts(larger) { larger -= 2 }
                    if larger > chosen.side && !(larger == side && chosen.divisor == 1) {
                        let made = pixels(chosen.divisor, larger)
                        let bigger = try encoder.encode(made)
                        encodes += 1
                        let quality = FittedQuality.heldScore(of: made, against: animation)
                        let grown = MeasuredStep(
                            divisor: chosen.divisor, side: larger, bytes: bigger.count, measured: true,
                            quality: quality)
                        if bigger.count <= limit && quality >= best.step.quality {
                            others.append(best.step)
                            best = (bigger, grown)
                        } else {
                            others.append(grown)
                        }
                    }
                }
                others.removeAll { $0 == best.step }
                return measuredFile(best.file, chosen: best.step, of: animation, alternatives: others)
            }
            failed.append(steps.remove(at: index))
            if let found = try largestSide(chosen.divisor, above: chosen.side, aboveBytes: Double(file.count)) {
                steps.append(step(chosen.divisor, found.side, found.estimate))
            }
            if chosen.side == side || steps.isEmpty { try addFamilies() }
        }
        let last = failed.last.map { measuredName($0, full: side) } ?? "lossless (deflate level \(compressionLevel))"
        throw SizeFitError(limit: limit, smallest: smallest, lastStep: last)
    }

    /// The fitted file of the chosen step, with what it gave up.
    func measuredFile(_ file: [UInt8], chosen: MeasuredStep, of animation: Animation, alternatives: [MeasuredStep])
        -> FittedFile
    {
        var givenUp: [String] = []
        if chosen.side != animation.width { givenUp.append("canvas \(animation.width) → \(chosen.side) px") }
        if chosen.divisor > 1 {
            let seconds = max(animation.duration.seconds, 0.001)
            let before = Double(animation.frames.count) / seconds
            let after = Double((animation.frames.count + chosen.divisor - 1) / chosen.divisor) / seconds
            givenUp.append("frame rate \(Self.fps(before)) → \(Self.fps(after)) fps")
        }
        return FittedFile(
            bytes: file, step: measuredName(chosen, full: animation.width), stepIndex: 2, givenUp: givenUp,
            canvasSide: chosen.side == animation.width ? nil : chosen.side, quality: chosen.quality,
            alternatives: alternatives)
    }

    /// A step's name in reports, e.g. `truecolour, canvas 384 px, frame rate / 2`.
    func measuredName(_ step: MeasuredStep, full: Int) -> String {
        var name = "truecolour"
        if step.side != full { name += ", canvas \(step.side) px" }
        if step.divisor > 1 { name += ", frame rate / \(step.divisor)" }
        return name + " (deflate level \(compressionLevel))"
    }

    /// Frames per second for people: whole when close, else one decimal.
    static func fps(_ value: Double) -> String {
        let whole = value.rounded()
        if abs(value - whole) < 0.05 { return String(Int(whole)) }
        return String((value * 10).rounded() / 10)
    }
}
