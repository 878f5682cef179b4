import CRenditionKernels

/// The resampler's native inner loops (AVX2, in the `CRenditionKernels` C target), used when
/// the CPU supports them. They compute the same bits as `ResampleKernels`.
enum NativeResampleKernels {
    /// Whether this CPU can run them (checked once).
    static let isAvailable: Bool = rdn_kernels_available() != 0

    @inline(__always)
    static func widen(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>, count: Int) {
        rdn_widen_u8_f32(source, destination, count)
    }

    @inline(__always)
    static func verticalPair(
        rowsA: UnsafePointer<UnsafePointer<Float>>, weightsA: UnsafePointer<Float>,
        rowsB: UnsafePointer<UnsafePointer<Float>>, weightsB: UnsafePointer<Float>,
        taps: Int, pixels: Int, output: UnsafeMutablePointer<Float>
    ) {
        rowsA.withMemoryRebound(to: UnsafePointer<Float>?.self, capacity: taps) { a in
            rowsB.withMemoryRebound(to: UnsafePointer<Float>?.self, capacity: taps) { b in
                rdn_vertical_pair(a, weightsA, b, weightsB, Int32(taps), pixels, output)
            }
        }
    }

    @inline(__always)
    static func horizontalPair(
        row: UnsafePointer<Float>, starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
        taps: Int, targetCount: Int, outputA: UnsafeMutablePointer<UInt8>, outputB: UnsafeMutablePointer<UInt8>
    ) {
        rdn_horizontal_pair(row, starts, weights, Int32(taps), targetCount, outputA, outputB)
    }
}
