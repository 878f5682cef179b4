/// Finds the nearest palette colour (squared RGB distance; ties to the lower index) for any
/// colour, exactly and fast: colours fall into cells of 5 bits per channel, and each cell keeps,
/// computed on first use, the few palette entries that can be nearest to some colour in it
/// (those whose distance to the cell is at most the smallest worst-case distance of any
/// entry). A direct-mapped cache of 65,536 recent colours answers repeated colours at once.
///
/// A reference type owning its tables; one instance serves one encoding on one thread.
final class GIFNearestColor {
    private let count: Int
    /// R, G, B of each palette entry.
    private let channels: UnsafeMutablePointer<Int32>
    /// Per cell: offset of its candidate list in `candidates`, or -1 before first use.
    private let cellStart: UnsafeMutablePointer<Int32>
    private let cellCount: UnsafeMutablePointer<UInt16>
    private var candidates: [UInt8] = []
    private static let cacheSize = 1 << 16
    private let cacheKeys: UnsafeMutablePointer<UInt32>
    private let cacheValues: UnsafeMutablePointer<UInt8>

    /// `palette`: opaque little-endian RGBA colours (1 to 256).
    init(palette: [UInt32]) {
        precondition(!palette.isEmpty && palette.count <= 256, "a palette has 1 to 256 colours")
        count = palette.count
        channels = .allocate(capacity: 3 * count)
        for (i, c) in palette.enumerated() {
            channels[3 * i] = Int32(c & 0xFF)
            channels[3 * i + 1] = Int32((c >> 8) & 0xFF)
            channels[3 * i + 2] = Int32((c >> 16) & 0xFF)
        }
        cellStart = .allocate(capacity: GIFColorHistogram.cellCount)
        cellStart.initialize(repeating: -1, count: GIFColorHistogram.cellCount)
        cellCount = .allocate(capacity: GIFColorHistogram.cellCount)
        cellCount.initialize(repeating: 0, count: GIFColorHistogram.cellCount)
        // Key 0 (transparent) is never looked up, so it marks an empty cache slot.
        cacheKeys = .allocate(capacity: Self.cacheSize)
        cacheKeys.initialize(repeating: 0, count: Self.cacheSize)
        cacheValues = .allocate(capacity: Self.cacheSize)
        cacheValues.initialize(repeating: 0, count: Self.cacheSize)
    }

    deinit {
        channels.deallocate()
        cellStart.deallocate()
        cellCount.deallocate()
        cacheKeys.deallocate()
        cacheValues.deallocate()
    }

    /// The index for an opaque little-endian RGBA pixel.
    @inline(__always)
    func index(of pixel: UInt32) -> Int {
        let slot = Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) >> 16)
        if cacheKeys[slot] == pixel { return Int(cacheValues[slot]) }
        let found = index(r: Int32(pixel & 0xFF), g: Int32((pixel >> 8) & 0xFF), b: Int32((pixel >> 16) & 0xFF))
        cacheKeys[slot] = pixel
        cacheValues[slot] = UInt8(truncatingIfNeeded: found)
        return found
    }

    /// The index of the palette colour nearest to (`r`, `g`, `b`), each 0–255.
    @inline(__always)
    func index(r: Int32, g: Int32, b: Int32) -> Int {
        let cell = Int(r >> 3) | Int(g >> 3) << 5 | Int(b >> 3) << 10
        if cellStart[cell] < 0 { fill(cell) }
        let start = Int(cellStart[cell]), n = Int(cellCount[cell])
        return candidates.withUnsafeBufferPointer { list in
            if n == 1 { return Int(list[start]) }
            var best = 0
            var bestDistance = Int32.max
            for k in start..<(start + n) {
                let i = Int(list[k])
                let dr = channels[3 * i] - r, dg = channels[3 * i + 1] - g, db = channels[3 * i + 2] - b
                let d = dr * dr + dg * dg + db * db
                if d < bestDistance || (d == bestDistance && i < best) {
                    bestDistance = d
                    best = i
                }
            }
            return best
        }
    }

    private func fill(_ cell: Int) {
        let lo0 = Int32(cell & 0x1F) << 3, lo1 = Int32((cell >> 5) & 0x1F) << 3, lo2 = Int32((cell >> 10) & 0x1F) << 3
        @inline(__always) func axis(_ value: Int32, _ lo: Int32) -> (near: Int32, far: Int32) {
            let hi = lo + 7
            let inside: Int32 = value < lo ? lo - value : (value > hi ? value - hi : 0)
            let outside = max(abs(value - lo), abs(value - hi))
            return (inside * inside, outside * outside)
        }
        var near = [Int32](repeating: 0, count: count)
        var bound = Int32.max
        for i in 0..<count {
            let a = axis(channels[3 * i], lo0), b = axis(channels[3 * i + 1], lo1), c = axis(channels[3 * i + 2], lo2)
            near[i] = a.near + b.near + c.near
            bound = min(bound, a.far + b.far + c.far)
        }
        cellStart[cell] = Int32(candidates.count)
        var n = 0
        for i in 0..<count where near[i] <= bound {
            candidates.append(UInt8(i))
            n += 1
        }
        cellCount[cell] = UInt16(n)
    }
}
