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
        let w = width, h = height, stride = raster.bytesPerRow
        var edges = EdgeTally()
        edges.pixels.reserveCapacity(8 * (width + height))
        raster.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in 0..<h {
                let row = base + y * stride
                let rows = RowNeighbourhood(
                    row: row, up: y > 0 ? row - stride : nil, down: y < h - 1 ? row + stride : nil, y: y, width: w)
                var tally = RowTally(minX: w)
                Self.scanRow(rows, &tally, edges: &edges)
                add(tally, row: y)
            }
            edgePixels = edges.pixels
            outlinePixels = edges.outline
            hardOutlinePixels = edges.hardOutline
            stepPixels = edges.steps
            transparentPixels = w * h - partialPixels - opaquePixels
            countBorderContact(base, stride: stride, touchAlpha: touchAlpha)
        }
    }

    /// A row of pixels with the rows above and below it (`nil` at the canvas's top and bottom).
    private struct RowNeighbourhood {
        let row: UnsafePointer<UInt8>
        let up: UnsafePointer<UInt8>?
        let down: UnsafePointer<UInt8>?
        let y: Int
        let width: Int
    }

    /// What one row adds up to, counted in locals while the row is scanned (the counts of
    /// every non-transparent pixel; the rarer edge counts go to `EdgeTally`).
    private struct RowTally {
        /// The first non-transparent pixel's x (the width while there is none).
        var minX: Int
        /// The last non-transparent pixel's x (-1 while there is none).
        var maxX = -1
        var partial = 0
        var opaque = 0
        var alphaSum = 0
    }

    /// The edge pixels and their counts, gathered over all rows (kept apart from `RowTally`,
    /// whose counters change on every pixel).
    private struct EdgeTally {
        var pixels: [Int32] = []
        var outline = 0
        var hardOutline = 0
        var steps = 0
    }

    /// How a block of eight pixels can be counted.
    private enum Block {
        /// All eight fully transparent: nothing to count.
        case transparent
        /// All eight opaque and none of their neighbours (above, below, left, right)
        /// transparent: eight opaque pixels, none on the outline.
        case interior
        /// Anything else: counted pixel by pixel.
        case mixed
    }

    /// Adds row `y`'s tally to the totals.
    private mutating func add(_ tally: RowTally, row y: Int) {
        partialPixels &+= tally.partial
        opaquePixels &+= tally.opaque
        alphaSum &+= tally.alphaSum
        if tally.maxX >= 0 {
            minX = min(minX, tally.minX)
            maxX = max(maxX, tally.maxX)
            minY = min(minY, y)
            maxY = y
        }
    }

    /// Scans a row, eight pixels at a time where whole blocks are transparent or interior,
    /// appending its edge pixels.
    @inline(__always)
    private static func scanRow(_ rows: RowNeighbourhood, _ tally: inout RowTally, edges: inout EdgeTally) {
        let w = rows.width
        var x = 0
        while x < w {
            if x &+ 8 <= w {
                switch block(at: x, rows) {
                case .transparent:
                    x &+= 8
                    continue
                case .interior:
                    if tally.minX == w { tally.minX = x }
                    tally.maxX = x &+ 7
                    tally.opaque &+= 8
                    tally.alphaSum &+= 8 &* 255
                    x &+= 8
                    continue
                case .mixed:
                    break
                }
            }
            let end = min(w, x &+ 8)
            while x < end {
                scanPixel(x, rows, &tally, edges: &edges)
                x &+= 1
            }
        }
    }

    /// The alphas of the eight pixels from `x` in `row`.
    @inline(__always)
    private static func alphas(_ row: UnsafePointer<UInt8>, at x: Int) -> SIMD8<UInt32> {
        UnsafeRawPointer(row).loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self) &>> 24
    }

    /// Classifies the eight pixels from `x` (`x + 8 <= width`).
    @inline(__always)
    private static func block(at x: Int, _ rows: RowNeighbourhood) -> Block {
        let w = rows.width
        let own = alphas(rows.row, at: x)
        let zero = SIMD8<UInt32>(repeating: 0)
        if all(own .== zero) { return .transparent }
        guard all(own .== SIMD8<UInt32>(repeating: 255)) else { return .mixed }
        if let up = rows.up, any(alphas(up, at: x) .== zero) { return .mixed }
        if let down = rows.down, any(alphas(down, at: x) .== zero) { return .mixed }
        if x > 0 && rows.row[x &* 4 &- 1] == 0 { return .mixed }
        if x &+ 8 < w && rows.row[x &* 4 &+ 35] == 0 { return .mixed }
        return .interior
    }

    /// Counts the pixel at `x`: its alpha, whether it is on the outline (a fully transparent
    /// 4-neighbour; the canvas's edge is not one), and whether it is an edge pixel.
    @inline(__always)
    private static func scanPixel(_ x: Int, _ rows: RowNeighbourhood, _ tally: inout RowTally, edges: inout EdgeTally) {
        let w = rows.width, row = rows.row
        let a = row[x &* 4 &+ 3]
        if a == 0 { return }
        tally.alphaSum &+= Int(a)
        if tally.minX == w { tally.minX = x }
        tally.maxX = x
        let left: UInt8 = x > 0 ? row[x &* 4 &- 1] : 255
        let right: UInt8 = x < w - 1 ? row[x &* 4 &+ 7] : 255
        let above: UInt8 = rows.up?[x &* 4 &+ 3] ?? 255
        let below: UInt8 = rows.down?[x &* 4 &+ 3] ?? 255
        let horizontalGap = left == 0 || right == 0
        let verticalGap = above == 0 || below == 0
        let outline = horizontalGap || verticalGap
        if a == 255 {
            tally.opaque &+= 1
            if outline {
                edges.outline &+= 1
                edges.hardOutline &+= 1
                if horizontalGap && verticalGap { edges.steps &+= 1 }
                edges.pixels.append(Int32(truncatingIfNeeded: rows.y * w + x))
            }
        } else {
            tally.partial &+= 1
            if outline { edges.outline &+= 1 }
            edges.pixels.append(Int32(truncatingIfNeeded: rows.y * w + x))
        }
    }

    /// Counts the pixels on each side of the canvas with at least `touchAlpha`.
    private mutating func countBorderContact(_ base: UnsafePointer<UInt8>, stride: Int, touchAlpha: UInt8) {
        let w = width, h = height
        countContact(base, Swift.stride(from: 0, to: w * 4, by: 4), side: .top, touchAlpha: touchAlpha)
        countContact(
            base, Swift.stride(from: (h - 1) * stride, to: (h - 1) * stride + w * 4, by: 4), side: .bottom,
            touchAlpha: touchAlpha)
        countContact(base, Swift.stride(from: 0, to: h * stride, by: stride), side: .left, touchAlpha: touchAlpha)
        countContact(
            base, Swift.stride(from: (w - 1) * 4, to: h * stride, by: stride), side: .right, touchAlpha: touchAlpha)
    }

    /// Counts the pixels at byte `offsets` with at least `touchAlpha`; any makes `side` touched.
    private mutating func countContact(
        _ base: UnsafePointer<UInt8>, _ offsets: StrideTo<Int>, side: CanvasSides, touchAlpha: UInt8
    ) {
        var n = 0
        for o in offsets where base[o + 3] >= touchAlpha { n += 1 }
        if n > 0 { touching.insert(side) }
        touchingPixels += n
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
