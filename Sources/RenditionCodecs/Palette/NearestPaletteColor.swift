/// Finds the nearest palette colour (squared distance; ties to the lower index) for any colour,
/// exactly and fast, over RGB (GIF: alpha ignored) or over RGBA (palette PNG/APNG: the four
/// premultiplied channels). Colours fall into cells (5 bits per channel for RGB, 4 for RGBA),
/// and each cell keeps, computed on first use, the few palette entries that can be nearest to
/// some colour in it (those whose distance to the cell is at most the smallest worst-case
/// distance of any entry). A direct-mapped cache of 65,536 recent colours answers repeated
/// colours at once.
///
/// A reference type owning its tables; one instance serves one encoding on one thread.
final class NearestPaletteColor {
    /// The channels compared: 3 (red, green, blue) or 4 (with alpha).
    let channelCount: Int
    private let count: Int
    /// Bits of each channel that pick the cell.
    private let cellBits: Int32
    /// The channels of each palette entry, 4 per entry (alpha 0 when it is ignored).
    private let channels: UnsafeMutablePointer<Int32>
    /// Per cell: offset of its candidate list in `candidates`, or -1 before first use.
    private let cellStart: UnsafeMutablePointer<Int32>
    private let cellCount: UnsafeMutablePointer<UInt16>
    private let cells: Int
    private var candidates: [UInt8] = []
    private static let cacheSize = 1 << 16
    private let cacheKeys: UnsafeMutablePointer<UInt32>
    private let cacheValues: UnsafeMutablePointer<UInt8>

    /// `palette`: little-endian RGBA colours (1 to 256); `includingAlpha`: whether alpha takes
    /// part in the distance (otherwise only red, green and blue do).
    init(palette: [UInt32], includingAlpha: Bool = false) {
        precondition(!palette.isEmpty && palette.count <= 256, "a palette has 1 to 256 colours")
        count = palette.count
        channelCount = includingAlpha ? 4 : 3
        cellBits = includingAlpha ? 4 : 5
        cells = 1 << (Int(cellBits) * channelCount)
        channels = .allocate(capacity: 4 * count)
        for (i, c) in palette.enumerated() {
            channels[4 * i] = Int32(c & 0xFF)
            channels[4 * i + 1] = Int32((c >> 8) & 0xFF)
            channels[4 * i + 2] = Int32((c >> 16) & 0xFF)
            channels[4 * i + 3] = includingAlpha ? Int32(c >> 24) : 0
        }
        cellStart = .allocate(capacity: cells)
        cellStart.initialize(repeating: -1, count: cells)
        cellCount = .allocate(capacity: cells)
        cellCount.initialize(repeating: 0, count: cells)
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

    /// The index for a little-endian RGBA pixel other than `0`.
    @inline(__always)
    func index(of pixel: UInt32) -> Int {
        let slot = Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) >> 16)
        if cacheKeys[slot] == pixel { return Int(cacheValues[slot]) }
        let found = index(
            r: Int32(pixel & 0xFF), g: Int32((pixel >> 8) & 0xFF), b: Int32((pixel >> 16) & 0xFF),
            a: Int32(pixel >> 24))
        cacheKeys[slot] = pixel
        cacheValues[slot] = UInt8(truncatingIfNeeded: found)
        return found
    }

    /// The index of the palette colour nearest to (`r`, `g`, `b`, `a`), each 0–255; `a` counts
    /// only when alpha is included.
    @inline(__always)
    func index(r: Int32, g: Int32, b: Int32, a: Int32 = 0) -> Int {
        let shift = 8 - cellBits
        let alpha = channelCount == 4 ? a : 0
        let cell =
            Int(r >> shift) | Int(g >> shift) << Int(cellBits) | Int(b >> shift) << Int(2 * cellBits)
            | Int(alpha >> shift) << Int(3 * cellBits)
        if cellStart[cell] < 0 { fill(cell) }
        let start = Int(cellStart[cell]), n = Int(cellCount[cell])
        return candidates.withUnsafeBufferPointer { list in
            if n == 1 { return Int(list[start]) }
            var best = 0
            var bestDistance = Int32.max
            for k in start..<(start + n) {
                let i = Int(list[k])
                let dr = channels[4 * i] - r, dg = channels[4 * i + 1] - g, db = channels[4 * i + 2] - b
                let da = channels[4 * i + 3] - alpha
                let d = dr * dr + dg * dg + db * db + da * da
                if d < bestDistance || (d == bestDistance && i < best) {
                    bestDistance = d
                    best = i
                }
            }
            return best
        }
    }

    private func fill(_ cell: Int) {
        let mask = (1 << Int(cellBits)) - 1
        let width = Int32(1) << (8 - cellBits)
        @inline(__always) func axis(_ value: Int32, _ lo: Int32) -> (near: Int32, far: Int32) {
            let hi = lo + width - 1
            let inside: Int32 = value < lo ? lo - value : (value > hi ? value - hi : 0)
            let outside = max(abs(value - lo), abs(value - hi))
            return (inside * inside, outside * outside)
        }
        var low = [Int32](repeating: 0, count: 4)
        for k in 0..<channelCount { low[k] = Int32((cell >> (k * Int(cellBits))) & mask) << (8 - cellBits) }
        var near = [Int32](repeating: 0, count: count)
        var bound = Int32.max
        for i in 0..<count {
            var nearSum: Int32 = 0, farSum: Int32 = 0
            for k in 0..<channelCount {
                let d = axis(channels[4 * i + k], low[k])
                nearSum += d.near
                farSum += d.far
            }
            near[i] = nearSum
            bound = min(bound, farSum)
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
