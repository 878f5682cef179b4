/// Counts opaque colours in cells of 5 bits per channel (32,768 cells), keeping each cell's
/// pixel count and colour sums, so a cell stands for the exact mean of the pixels in it.
struct GIFColourHistogram {
    static let cellCount = 1 << 15
    private(set) var counts: [Int]
    private(set) var sums: [Int]
    /// Whether any pixel added was transparent (`0`, or any pixel with a zero alpha byte).
    private(set) var sawTransparent = false

    init() {
        counts = [Int](repeating: 0, count: Self.cellCount)
        sums = [Int](repeating: 0, count: Self.cellCount * 3)
    }

    /// The cell of an opaque pixel (little-endian RGBA).
    @inline(__always)
    static func cell(_ pixel: UInt32) -> Int {
        Int((pixel >> 3) & 0x1F) | Int((pixel >> 11) & 0x1F) << 5 | Int((pixel >> 19) & 0x1F) << 10
    }

    /// Adds the opaque pixels (alpha byte non-zero) of `pixels`. Runs of one colour (flat art)
    /// are added at once: the tables are a megabyte, so each visit to a cell is a cache miss;
    /// eight pixels equal to the run's colour are recognised with four word comparisons.
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        guard let base = pixels.baseAddress else { return }
        let count = pixels.count
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                var transparent = false
                func addRun(_ pixel: UInt32, _ run: Int) {
                    guard run > 0 else { return }
                    guard pixel >> 24 != 0 else {
                        transparent = true
                        return
                    }
                    let c = Self.cell(pixel)
                    counts[c] += run
                    sums[3 * c] += run * Int(pixel & 0xFF)
                    sums[3 * c + 1] += run * Int((pixel >> 8) & 0xFF)
                    sums[3 * c + 2] += run * Int((pixel >> 16) & 0xFF)
                }
                var last: UInt32 = 0
                var run = 0
                var i = 0
                while i < count {
                    if i + 8 <= count {
                        // Eight pixels as four words, each compared with two copies of `last`.
                        let pair = UInt64(last) | UInt64(last) << 32
                        let p = UnsafeRawPointer(base + i)
                        let d = (p.loadUnaligned(as: UInt64.self) ^ pair) | (p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ pair)
                            | (p.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ pair)
                            | (p.loadUnaligned(fromByteOffset: 24, as: UInt64.self) ^ pair)
                        if d == 0 {
                            run += 8
                            i += 8
                            continue
                        }
                    }
                    // Pixel by pixel up to the next group of eight.
                    let end = min(count, i + 8)
                    while i < end {
                        let pixel = base[i]
                        if pixel == last {
                            run += 1
                        } else {
                            addRun(last, run)
                            last = pixel
                            run = 1
                        }
                        i += 1
                    }
                }
                addRun(last, run)
                if transparent { sawTransparent = true }
            }
        }
    }

    /// Lends the count and sum tables (`sums` three per cell) to a kernel that adds pixels to
    /// them and says whether any pixel it saw was transparent.
    mutating func withTables(_ body: (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>) -> Bool) {
        let transparent = counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in body(counts.baseAddress!, sums.baseAddress!) }
        }
        if transparent { sawTransparent = true }
    }

    /// The occupied cells as weighted points: each cell's mean colour and pixel count.
    func points() -> [GIFColourPoint] {
        var points: [GIFColourPoint] = []
        for c in 0..<Self.cellCount where counts[c] > 0 {
            let n = Double(counts[c])
            points.append(GIFColourPoint(
                r: Double(sums[3 * c]) / n, g: Double(sums[3 * c + 1]) / n, b: Double(sums[3 * c + 2]) / n, weight: n))
        }
        return points
    }
}

/// A colour with a weight (how many pixels it stands for).
struct GIFColourPoint {
    var r: Double
    var g: Double
    var b: Double
    var weight: Double

    @inline(__always)
    func component(_ axis: Int) -> Double { axis == 0 ? r : axis == 1 ? g : b }
}
