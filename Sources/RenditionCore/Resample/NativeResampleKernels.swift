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
    static func verticalQuad(
        windows: UnsafePointer<rdn_window>, pixels: Int,
        outputAB: UnsafeMutablePointer<Float>, outputCD: UnsafeMutablePointer<Float>
    ) {
        rdn_vertical_quad(windows, pixels, outputAB, outputCD)
    }

    @inline(__always)
    static func horizontalQuad(
        rowAB: UnsafePointer<Float>, rowCD: UnsafePointer<Float>, starts: UnsafePointer<Int32>,
        weights: UnsafePointer<Float>, taps: Int, targetCount: Int,
        outputs: UnsafePointer<UnsafeMutablePointer<UInt8>>
    ) {
        outputs.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 4) { rows in
            rdn_horizontal_quad(rowAB, rowCD, starts, weights, Int32(taps), targetCount, rows)
        }
    }
}
