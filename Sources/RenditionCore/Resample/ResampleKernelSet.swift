import CRenditionKernels

/// The resampler's three inner loops, as one family: the native (AVX2) kernels or the
/// portable Swift ones. Both compute the same bits; the row loop is written once, generic over
/// the family, and specialised for each.
protocol ResampleKernelSet {
    /// `destination[i] = Float(source[i])` for `i < count` (a multiple of 4).
    static func widen(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>, count: Int)

    /// The vertical pass of four output rows A-D (`windows[0..<4]`, each with at least one
    /// tap and no zero weights) into two interleaved float rows of 8 floats a pixel: A and B
    /// into `outputAB`, C and D into `outputCD`.
    static func verticalQuad(
        windows: UnsafePointer<rdn_window>, pixels: Int,
        outputAB: UnsafeMutablePointer<Float>, outputCD: UnsafeMutablePointer<Float>
    )

    /// The horizontal pass of the two interleaved float rows `verticalQuad` wrote into the
    /// four 8-bit output rows `outputs[0..<4]` (which may repeat a row).
    static func horizontalQuad(
        rowAB: UnsafePointer<Float>, rowCD: UnsafePointer<Float>, starts: UnsafePointer<Int32>,
        weights: UnsafePointer<Float>, taps: Int, targetCount: Int,
        outputs: UnsafePointer<UnsafeMutablePointer<UInt8>>
    )
}

extension NativeResampleKernels: ResampleKernelSet {}
extension ResampleKernels: ResampleKernelSet {}
