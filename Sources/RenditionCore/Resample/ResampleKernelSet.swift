/// The resampler's three inner loops, as one family: the native (AVX2) kernels or the
/// portable Swift ones. Both compute the same bits; the row loop is written once, generic over
/// the family, and specialised for each.
protocol ResampleKernelSet {
    /// `destination[i] = Float(source[i])` for `i < count`.
    static func widen(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>, count: Int)

    /// The vertical pass of two output rows into one interleaved float row (8 floats a pixel).
    static func verticalPair(
        rowsA: UnsafePointer<UnsafePointer<Float>>, weightsA: UnsafePointer<Float>,
        rowsB: UnsafePointer<UnsafePointer<Float>>, weightsB: UnsafePointer<Float>,
        taps: Int, pixels: Int, output: UnsafeMutablePointer<Float>
    )

    /// The horizontal pass of an interleaved float row into the two 8-bit output rows.
    static func horizontalPair(
        row: UnsafePointer<Float>, starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
        taps: Int, targetCount: Int, outputA: UnsafeMutablePointer<UInt8>, outputB: UnsafeMutablePointer<UInt8>
    )
}

extension NativeResampleKernels: ResampleKernelSet {}
extension ResampleKernels: ResampleKernelSet {}
