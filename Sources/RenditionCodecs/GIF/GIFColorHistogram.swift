import RenditionCore

/// Counts opaque colours in cells of 5 bits per channel (32,768 cells), keeping each cell's
/// pixel count and colour sums, so a cell stands for the exact mean of the pixels in it.
///
/// A cell's four numbers (count, then the R, G and B sums) sit side by side in `cells`, so
/// adding a run to a cell touches one cache line of the megabyte table, not two.
struct GIFColorHistogram {
    static let cellCount = 1 << 15
    /// Per cell: pixel count, sum of R, sum of G, sum of B.
    private(set) var cells: [Int]
    /// Whether any pixel added was transparent (`0`, or any pixel with a zero alpha byte).
    private(set) var sawTransparent = false

    init() {
        cells = [Int](repeating: 0, count: Self.cellCount * 4)
    }

    /// The cell of an opaque pixel (little-endian RGBA).
    @inline(__always)
    static func cell(_ pixel: UInt32) -> Int {
        Int((pixel >> 3) & 0x1F) | Int((pixel >> 11) & 0x1F) << 5 | Int((pixel >> 19) & 0x1F) << 10
    }

    /// Adds the opaque pixels (alpha byte non-zero) of `pixels`, a run of one colour at a time.
    /// Frames being encoded are counted by `GIFAlphaResolver`'s C kernel as they are resolved;
    /// this is the reference it is tested against, and serves a frame that gets a palette of
    /// its own.
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        var transparent = false
        cells.withUnsafeMutableBufferPointer { cells in
            var start = 0
            while start < pixels.count {
                let pixel = pixels[start]
                var end = start + 1
                while end < pixels.count && pixels[end] == pixel { end += 1 }
                let run = end - start
                if pixel >> 24 == 0 {
                    transparent = true
                } else {
                    let c = 4 * Self.cell(pixel)
                    cells[c] += run
                    cells[c + 1] += run * Int(pixel & 0xFF)
                    cells[c + 2] += run * Int((pixel >> 8) & 0xFF)
                    cells[c + 3] += run * Int((pixel >> 16) & 0xFF)
                }
                start = end
            }
        }
        if transparent { sawTransparent = true }
    }

    /// Lends the cell table (four numbers per cell) to a kernel that adds pixels to it and says
    /// whether any pixel it saw was transparent.
    mutating func withCells(_ body: (UnsafeMutablePointer<Int>) -> Bool) {
        if cells.withUnsafeMutableBufferPointer({ body($0.baseAddress!) }) { sawTransparent = true }
    }

    /// The occupied cells as weighted colours for the quantiser: each cell's mean colour and
    /// pixel count. Alpha is 0 throughout: GIF colours are opaque, and a channel that never
    /// varies adds nothing to any distance or error.
    func points() -> [WeightedColor] {
        var points: [WeightedColor] = []
        for c in 0..<Self.cellCount where cells[4 * c] > 0 {
            let n = Double(cells[4 * c])
            let sums = SIMD4(Double(cells[4 * c + 1]), Double(cells[4 * c + 2]), Double(cells[4 * c + 3]), 0)
            points.append(WeightedColor(channels: sums / n, weight: n))
        }
        return points
    }
}
