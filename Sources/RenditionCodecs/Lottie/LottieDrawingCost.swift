/// What drawing a composition costs at a size, from its `LottieDrawCount`, and the checks
/// against the limits: shapes per frame (`maxDrawsPerFrame`), the largest shape
/// (`LottieDrawCount.maxShapeExtent`), and the work of all frames (`maxDrawingWork`).
///
/// The work of a frame is counted as every shape filling the whole picture (shapes × pixels)
/// plus every shape's outline at its drawn size (three units a pixel across: measured on
/// rlottie's rasterizer, an outline costs about two and a half times a filled pixel).
struct LottieDrawingCost: Equatable {
    /// Shapes drawn per frame.
    let draws: Double
    /// The sum of every drawn shape's size across, in canvas pixels.
    let extents: Double
    /// The size across of the largest shape, in canvas pixels.
    let largestExtent: Double
    /// The canvas the sizes are measured on.
    let canvasWidth: Int
    let canvasHeight: Int

    /// The work units an outline pixel counts for.
    static let outlineWeight = 3.0

    /// Refuses drawing `frames` frames at `width` x `height` when a shape would be larger than
    /// `LottieDrawCount.maxShapeExtent` or the work over `limits.maxDrawingWork`.
    func check(frames: Int, width: Int, height: Int, format: ImageFormat, limits: DecodeLimits) throws(CodecError) {
        let ratio = max(Double(width) / Double(max(canvasWidth, 1)), Double(height) / Double(max(canvasHeight, 1)))
        let largest = largestExtent * ratio
        guard largest <= LottieDrawCount.maxShapeExtent else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    fixed:
                        "a shape drawn \(LottieNumber.text(largest)) px across at \(width)x\(height) px (its size times every scale around it)",
                    found: largest < 1e18 ? Int(largest.rounded(.up)) : nil,
                    maximum: Int(LottieDrawCount.maxShapeExtent)))
        }
        let perFrame = draws * Double(width) * Double(height) + Self.outlineWeight * extents * ratio
        let work = perFrame * Double(frames)
        guard work <= Double(limits.maxDrawingWork) else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .drawingWork, found: work < 1e18 ? Int(work.rounded(.up)) : nil, maximum: limits.maxDrawingWork,
                    measure:
                        "drawing \(frames) frames of up to \(LottieNumber.text(draws)) shapes at \(width)x\(height) px (\(LottieNumber.text(work)) units of work)"
                ))
        }
    }
}
