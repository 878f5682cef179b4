/// A colour standing for `weight` pixels, as the median-cut quantiser takes it: four channels
/// (red, green, blue, alpha, in 8-bit levels) as real numbers, so that a cluster's centre can
/// be the exact mean of its pixels.
package struct WeightedColor: Sendable, Equatable {
    /// Red, green, blue and alpha, each 0...255 (a mean need not be a whole number).
    package var channels: SIMD4<Double>
    /// How many pixels the colour stands for.
    package var weight: Double

    /// A colour from its channels and weight.
    package init(channels: SIMD4<Double>, weight: Double) {
        self.channels = channels
        self.weight = weight
    }

    /// A little-endian RGBA pixel (`r | g << 8 | b << 16 | a << 24`) standing for `weight` pixels.
    package init(pixel: UInt32, weight: Double) {
        channels = SIMD4(
            Double(pixel & 0xFF), Double((pixel >> 8) & 0xFF), Double((pixel >> 16) & 0xFF), Double(pixel >> 24))
        self.weight = weight
    }

    /// Squared Euclidean distance over the four channels, summed red to alpha.
    @inline(__always)
    package static func squaredDistance(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
        let d = a - b
        return dot(d, d)
    }

    /// `a · b`, the products summed red to alpha (one fixed order, so results never vary).
    @inline(__always)
    package static func dot(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
        let p = a * b
        return ((p.x + p.y) + p.z) + p.w
    }
}
