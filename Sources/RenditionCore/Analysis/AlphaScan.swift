/// The single pass of the edge analysis over every pixel's alpha.
///
/// Counts transparent, partial and opaque pixels, sums alpha, finds the bounding box and
/// the border contact, and lists the edge pixels (outline pixels — alpha > 0 with a fully
/// transparent 4-neighbour — and partially transparent pixels) for the later measurements.
struct AlphaScan {
    let width: Int
    let height: Int
    var transparentPixels = 0
    var partialPixels = 0
    var opaquePixels = 0
    var alphaSum = 0
    var minX: Int
    var minY: Int
    var maxX = -1
    var maxY = -1
    var touching = CanvasSides()
    var touchingPixels = 0
    var outlinePixels = 0
    var hardOutlinePixels = 0
    var stepPixels = 0
    /// Pixel indices (`y * width + x`) of edge pixels, in raster order.
    var edgePixels: [Int32] = []

    init(_ raster: Raster, touchAlpha: UInt8) {
        width = raster.width
        height = raster.height
        minX = raster.width
        minY = raster.height
        edgePixels.reserveCapacity(8 * (width + height))
        let w = width, h = height, stride = raster.bytesPerRow
        raster.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in 0..<h {
                let row = base + y * stride
                let up = y > 0 ? row - stride : nil
                let down = y < h - 1 ? row + stride : nil
                var rowMin = w, rowMax = -1
                var partial = 0, opaque = 0, sum = 0
                var x = 0
                let raw = UnsafeRawPointer(row)
                while x < w {
                    // Eight pixels at a time: skip fully transparent blocks, and count opaque
                    // blocks whose neighbours (above, below, left, right) are all non-transparent.
                    if x &+ 8 <= w {
                        let alphas = raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self) &>> 24
                        let zero = SIMD8<UInt32>(repeating: 0)
                        if all(alphas .== zero) {
                            x &+= 8
                            continue
                        }
                        if all(alphas .== SIMD8<UInt32>(repeating: 255)) {
                            var interior = true
                            if let up {
                                let a = UnsafeRawPointer(up).loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self) &>> 24
                                interior = !any(a .== zero)
                            }
                            if interior, let down {
                                let a = UnsafeRawPointer(down).loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self) &>> 24
                                interior = !any(a .== zero)
                            }
                            if interior && x > 0 && row[x &* 4 &- 1] == 0 { interior = false }
                            if interior && x &+ 8 < w && row[x &* 4 &+ 35] == 0 { interior = false }
                            if interior {
                                if rowMin == w { rowMin = x }
                                rowMax = x &+ 7
                                opaque &+= 8
                                sum &+= 8 &* 255
                                x &+= 8
                                continue
                            }
                        }
                    }
                    let end = min(w, x &+ 8)
                    while x < end {
                        defer { x &+= 1 }
                        let a = row[x &* 4 &+ 3]
                        if a == 0 { continue }
                        sum &+= Int(a)
                        if rowMin == w { rowMin = x }
                        rowMax = x
                        let left: UInt8 = x > 0 ? row[x &* 4 &- 1] : 255
                        let right: UInt8 = x < w - 1 ? row[x &* 4 &+ 7] : 255
                        let above: UInt8 = up?[x &* 4 &+ 3] ?? 255
                        let below: UInt8 = down?[x &* 4 &+ 3] ?? 255
                        let horizontalGap = left == 0 || right == 0
                        let verticalGap = above == 0 || below == 0
                        let outline = horizontalGap || verticalGap
                        if a == 255 {
                            opaque &+= 1
                            if outline {
                                outlinePixels &+= 1
                                hardOutlinePixels &+= 1
                                if horizontalGap && verticalGap { stepPixels &+= 1 }
                                edgePixels.append(Int32(truncatingIfNeeded: y * w + x))
                            }
                        } else {
                            partial &+= 1
                            if outline { outlinePixels &+= 1 }
                            edgePixels.append(Int32(truncatingIfNeeded: y * w + x))
                        }
                    }
                }
                partialPixels &+= partial
                opaquePixels &+= opaque
                alphaSum &+= sum
                if rowMax >= 0 {
                    minX = min(minX, rowMin)
                    maxX = max(maxX, rowMax)
                    minY = min(minY, y)
                    maxY = y
                }
            }
            transparentPixels = w * h - partialPixels - opaquePixels

            // Border contact.
            func count(_ offsets: StrideTo<Int>, side: CanvasSides) {
                var n = 0
                for o in offsets where base[o + 3] >= touchAlpha { n += 1 }
                if n > 0 { touching.insert(side) }
                touchingPixels += n
            }
            count(Swift.stride(from: 0, to: w * 4, by: 4), side: .top)
            count(Swift.stride(from: (h - 1) * stride, to: (h - 1) * stride + w * 4, by: 4), side: .bottom)
            count(Swift.stride(from: 0, to: h * stride, by: stride), side: .left)
            count(Swift.stride(from: (w - 1) * 4, to: h * stride, by: stride), side: .right)
        }
    }

    func coverage() -> AlphaCoverage {
        let canvas = Double(width * height)
        var bounds: PixelRect? = nil
        var margins: CanvasMargins? = nil
        if maxX >= 0 {
            let rect = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            bounds = rect
            margins = CanvasMargins(left: rect.x, top: rect.y, right: width - rect.maxX, bottom: height - rect.maxY)
        }
        return AlphaCoverage(
            transparentPixels: transparentPixels, partialPixels: partialPixels, opaquePixels: opaquePixels,
            bounds: bounds, margins: margins, touching: touching, touchingPixels: touchingPixels,
            boundsFraction: Double(bounds?.area ?? 0) / canvas, coverage: Double(alphaSum) / 255 / canvas)
    }
}
