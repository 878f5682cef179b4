import RenditionCore

/// Turns one GIF image (palette indices in stored row order) into a `FramePatch` clipped to
/// the canvas, so an image larger than the canvas or placed partly outside it never costs
/// more memory than the canvas.
enum GIFFramePatchBuilder {
    /// Builds the patch.
    /// - Parameters:
    ///   - indices: `descriptor.width * descriptor.height` indices in stored order
    ///     (interlaced passes when `descriptor.interlaced`).
    ///   - decodedCount: how many of them the data provided; the others stay transparent.
    ///   - colours: 256 premultiplied pixels (little-endian `UInt32`) by index.
    static func patch(
        descriptor d: GIFImageDescriptor, indices: UnsafeBufferPointer<UInt8>, decodedCount: Int,
        colors: [UInt32], canvasWidth: Int, canvasHeight: Int, control: GIFGraphicControl
    ) -> FramePatch {
        let x0 = d.left, y0 = d.top
        let x1 = min(canvasWidth, d.left + d.width), y1 = min(canvasHeight, d.top + d.height)
        let delay = FrameDelay.centiseconds(control.delayCentiseconds)
        guard x0 < x1, y0 < y1 else {
            // Nothing of the image is on the canvas: an empty patch, placed outside.
            return FramePatch(
                x: canvasWidth, y: canvasHeight, raster: Raster(width: 1, height: 1),
                delay: delay, disposal: control.disposal, blend: .over)
        }
        // When the data held every stored pixel, each pixel of the clipped patch is written
        // below: no zero-fill first. Pixels the data did not reach stay transparent.
        var raster =
            decodedCount >= d.width * d.height
            ? Raster.uninitialized(width: x1 - x0, height: y1 - y0) : Raster(width: x1 - x0, height: y1 - y0)
        let rowOrder = d.interlaced ? GIFImageDescriptor.interlacedRowOrder(height: d.height) : nil
        let storedRows = min(d.height, (decodedCount + d.width - 1) / d.width)
        let stride = raster.bytesPerRow
        colors.withUnsafeBufferPointer { colors in
            raster.bytes.withUnsafeMutableBytes { destination in
                for stored in 0..<storedRows {
                    let imageRow = rowOrder?[stored] ?? stored
                    let canvasRow = d.top + imageRow
                    guard canvasRow < y1 else { continue }
                    let rowStart = stored * d.width
                    let available = min(x1 - x0, decodedCount - rowStart)
                    let source = indices.baseAddress! + rowStart
                    let target = destination.baseAddress! + (canvasRow - y0) * stride
                    for x in 0..<available {
                        target.storeBytes(of: colors[Int(source[x])].littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
        return FramePatch(x: x0, y: y0, raster: raster, delay: delay, disposal: control.disposal, blend: .over)
    }
}
