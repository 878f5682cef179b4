import RenditionCore

/// The `fcTL` chunk: one frame's region on the canvas, its delay, and how it is blended and
/// disposed of.
struct APNGFrameControl: Equatable {
    /// The chunk's sequence number (shared with `fdAT` chunks).
    let sequenceNumber: Int
    /// Frame width in pixels (positive).
    let width: Int
    /// Frame height in pixels (positive).
    let height: Int
    /// Left edge on the canvas.
    let x: Int
    /// Top edge on the canvas.
    let y: Int
    /// Delay numerator (`delay_num`).
    let delayNumerator: Int
    /// Delay denominator (`delay_den`; 0 means 100).
    let delayDenominator: Int
    /// `dispose_op` as a disposal.
    let disposal: FrameDisposal
    /// `blend_op` as a blend.
    let blend: FrameBlend

    /// Parses the chunk's 26 bytes and checks the frame against a `canvasWidth` x
    /// `canvasHeight` canvas. `frameIndex` only serves messages.
    /// - Throws: `CodecError.corrupt` for a wrong length, an empty frame, a region outside the
    ///   canvas, or an unknown dispose or blend operation.
    init(_ data: UnsafeRawBufferPointer, canvasWidth: Int, canvasHeight: Int, frameIndex: Int) throws(CodecError) {
        guard data.count == 26 else {
            throw .corrupt(
                format: .png, reason: "fcTL chunk of frame \(frameIndex) has \(data.count) bytes instead of 26")
        }
        sequenceNumber = Int(data.loadBigEndianUInt32(at: 0))
        width = Int(data.loadBigEndianUInt32(at: 4))
        height = Int(data.loadBigEndianUInt32(at: 8))
        x = Int(data.loadBigEndianUInt32(at: 12))
        y = Int(data.loadBigEndianUInt32(at: 16))
        delayNumerator = Int(data[20]) << 8 | Int(data[21])
        delayDenominator = Int(data[22]) << 8 | Int(data[23])
        guard width > 0, height > 0 else {
            throw .corrupt(format: .png, reason: "frame \(frameIndex) is empty (\(width)x\(height) in its fcTL)")
        }
        // Each field is below 2^32, so the sums cannot overflow Int.
        guard x + width <= canvasWidth, y + height <= canvasHeight else {
            throw .corrupt(
                format: .png,
                reason:
                    "frame \(frameIndex) (\(width)x\(height) at \(x),\(y)) lies outside the \(canvasWidth)x\(canvasHeight) canvas"
            )
        }
        switch data[24] {
        case 0: disposal = .none
        case 1: disposal = .background
        case 2: disposal = .previous
        default:
            throw .corrupt(
                format: .png, reason: "frame \(frameIndex) has an invalid dispose_op \(data[24]) (0...2 allowed)")
        }
        switch data[25] {
        case 0: blend = .source
        case 1: blend = .over
        default:
            throw .corrupt(
                format: .png, reason: "frame \(frameIndex) has an invalid blend_op \(data[25]) (0 or 1 allowed)")
        }
    }

    /// The delay exactly as stored (a zero denominator reads as 100).
    var delay: FrameDelay { FrameDelay(numerator: delayNumerator, denominator: delayDenominator) }
}
