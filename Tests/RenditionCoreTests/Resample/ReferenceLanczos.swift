import Foundation
import RenditionCore

/// An independent float64 Lanczos-3 resampler, written for the tests from the filter's
/// definition: for each output sample at centre c = (i + 0.5) * scale, every source sample j
/// whose centre j + 0.5 lies within the support contributes L((j + 0.5 - c) / max(scale, 1)),
/// weights normalised to sum to 1. Separable, no rounding between the passes.
enum ReferenceLanczos {
    static func kernel(_ x: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= 3 { return 0 }
        let a = Double.pi * x
        let b = a / 3
        return (sin(a) / a) * (sin(b) / b)
    }

    /// (first source index, weights) for every output sample along one axis.
    static func weights(source: Int, target: Int) -> [(Int, [Double])] {
        let scale = Double(source) / Double(target)
        let stretch = max(scale, 1)
        let reach = 3 * stretch
        return (0..<target).map { i in
            let c = (Double(i) + 0.5) * scale
            let lo = max(0, Int((c - reach - 1).rounded(.down)))
            let hi = min(source - 1, Int((c + reach + 1).rounded(.up)))
            var w = (lo...hi).map { kernel((Double($0) + 0.5 - c) / stretch) }
            let sum = w.reduce(0, +)
            w = w.map { $0 / sum }
            return (lo, w)
        }
    }

    /// Unrounded premultiplied output, `width * height * 4` values.
    static func resample(_ source: Raster, width: Int, height: Int) -> [Double] {
        let wx = weights(source: source.width, target: width)
        let wy = weights(source: source.height, target: height)
        // Horizontal pass on every source row.
        var mid = [Double](repeating: 0, count: source.height * width * 4)
        for y in 0..<source.height {
            for (x, (lo, w)) in wx.enumerated() {
                for c in 0..<4 {
                    var s = 0.0
                    for (k, weight) in w.enumerated() {
                        s += weight * Double(source.bytes[y * source.bytesPerRow + (lo + k) * 4 + c])
                    }
                    mid[(y * width + x) * 4 + c] = s
                }
            }
        }
        var out = [Double](repeating: 0, count: width * height * 4)
        for (y, (lo, w)) in wy.enumerated() {
            for x in 0..<width {
                for c in 0..<4 {
                    var s = 0.0
                    for (k, weight) in w.enumerated() { s += weight * mid[((lo + k) * width + x) * 4 + c] }
                    out[(y * width + x) * 4 + c] = s
                }
            }
        }
        return out
    }

    /// The reference rounded and clamped the way the quality bar asks: alpha to [0, 255],
    /// colours to [0, alpha], nearest integer.
    static func quantized(_ values: [Double]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: values.count)
        for p in stride(from: 0, to: values.count, by: 4) {
            let a = min(max(values[p + 3], 0), 255)
            for c in 0..<3 { out[p + c] = UInt8(min(max(values[p + c], 0), a).rounded()) }
            out[p + 3] = UInt8(a.rounded())
        }
        return out
    }
}
