import RenditionCore

/// An opaque drawing surface for preview sheets: filled rectangles, outlines, text in the
/// bitmap font and premultiplied images composited with OVER.
package struct PreviewCanvas: Sendable {
    /// The pixels (premultiplied RGBA8, opaque once filled).
    package private(set) var raster: Raster

    /// Creates a canvas filled with `background`.
    package init(width: Int, height: Int, background: RGBColor) {
        raster = Raster(width: width, height: height)
        fill(PixelRect(x: 0, y: 0, width: width, height: height), background)
    }

    /// Fills `rect` (clipped to the canvas) with an opaque colour.
    package mutating func fill(_ rect: PixelRect, _ color: RGBColor) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(raster.width, rect.maxX), y1 = min(raster.height, rect.maxY)
        guard x1 > x0, y1 > y0 else { return }
        let stride = raster.bytesPerRow
        raster.bytes.withUnsafeMutableBufferPointer { p in
            for y in y0..<y1 {
                var o = y * stride + x0 * 4
                for _ in x0..<x1 {
                    p[o] = color.r
                    p[o + 1] = color.g
                    p[o + 2] = color.b
                    p[o + 3] = 255
                    o += 4
                }
            }
        }
    }

    /// Draws the outline of `rect`, `width` pixels thick, inside it.
    package mutating func stroke(_ rect: PixelRect, width: Int, _ color: RGBColor) {
        fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: width), color)
        fill(PixelRect(x: rect.x, y: rect.maxY - width, width: rect.width, height: width), color)
        fill(PixelRect(x: rect.x, y: rect.y, width: width, height: rect.height), color)
        fill(PixelRect(x: rect.maxX - width, y: rect.y, width: width, height: rect.height), color)
    }

    /// Composites a premultiplied `image` over the canvas with its top-left at (`x`, `y`).
    package mutating func draw(_ image: Raster, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(raster.width, x + image.width), y1 = min(raster.height, y + image.height)
        guard x1 > x0, y1 > y0 else { return }
        let stride = raster.bytesPerRow
        raster.bytes.withUnsafeMutableBufferPointer { dst in
            image.bytes.withUnsafeBufferPointer { src in
                for row in y0..<y1 {
                    var d = row * stride + x0 * 4
                    var s = (row - y) * image.bytesPerRow + (x0 - x) * 4
                    for _ in x0..<x1 {
                        let a = Int(src[s + 3])
                        if a == 255 {
                            dst[d] = src[s]
                            dst[d + 1] = src[s + 1]
                            dst[d + 2] = src[s + 2]
                            dst[d + 3] = 255
                        } else if a > 0 {
                            for c in 0..<4 {
                                dst[d + c] = UInt8(Int(src[s + c]) + (Int(dst[d + c]) * (255 - a) + 127) / 255)
                            }
                        }
                        d += 4
                        s += 4
                    }
                }
            }
        }
    }

    /// Draws `text` in the bitmap font with its top-left at (`x`, `y`), each font pixel a
    /// `scale` x `scale` square.
    package mutating func text(_ text: String, x: Int, y: Int, scale: Int, _ color: RGBColor) {
        var cursor = x
        for character in text {
            let rows = BitmapFont.glyph(character)
            for (r, bits) in rows.enumerated() where bits != 0 {
                for c in 0..<BitmapFont.glyphWidth where bits & (1 << (BitmapFont.glyphWidth - 1 - c)) != 0 {
                    fill(PixelRect(x: cursor + c * scale, y: y + r * scale, width: scale, height: scale), color)
                }
            }
            cursor += BitmapFont.advance * scale
        }
    }

    /// A checkerboard of two colours in `rect`, `cell` pixels per square (shows transparency).
    package mutating func checkerboard(_ rect: PixelRect, cell: Int, _ a: RGBColor, _ b: RGBColor) {
        fill(rect, a)
        var y = rect.y
        while y < rect.maxY {
            var x = rect.x + (((y - rect.y) / cell) % 2 == 0 ? cell : 0)
            while x < rect.maxX {
                fill(PixelRect(x: x, y: y, width: min(cell, rect.maxX - x), height: min(cell, rect.maxY - y)), b)
                x += 2 * cell
            }
            y += cell
        }
    }
}
