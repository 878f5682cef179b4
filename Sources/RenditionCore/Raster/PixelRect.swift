/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// `width * height`.
    public var area: Int { width * height }

    /// `WxH+X+Y`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

extension Raster {
    /// The pixels inside `rect` (which must lie inside the raster) as a new raster.
    public func cropped(to rect: PixelRect) -> Raster {
        precondition(
            rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height && rect.width > 0
                && rect.height > 0,
            "crop rectangle outside the raster")
        var result = Raster(width: rect.width, height: rect.height)
        let rowBytes = rect.width * 4
        result.bytes.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { source in
                for row in 0..<rect.height {
                    let from = (rect.y + row) * bytesPerRow + rect.x * 4
                    (out.baseAddress! + row * rowBytes).update(from: source.baseAddress! + from, count: rowBytes)
                }
            }
        }
        return result
    }

    /// A `width` x `height` transparent raster with `self` copied at (`x`, `y`); parts that
    /// fall outside are cut off.
    public func placed(onCanvasWidth canvasWidth: Int, height canvasHeight: Int, x: Int, y: Int) -> Raster {
        var result = Raster(width: canvasWidth, height: canvasHeight)
        let x0 = max(0, x), x1 = min(canvasWidth, x + width)
        let y0 = max(0, y), y1 = min(canvasHeight, y + height)
        guard x1 > x0, y1 > y0 else { return result }
        let count = (x1 - x0) * 4
        result.bytes.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    let from = (row - y) * bytesPerRow + (x0 - x) * 4
                    (out.baseAddress! + row * canvasWidth * 4 + x0 * 4).update(
                        from: source.baseAddress! + from, count: count)
                }
            }
        }
        return result
    }
}
