/// Finds the nearest palette colour (squared RGB distance; ties to the lower index) for any
/// colour, exactly and fast: colours fall into cells of 5 bits per channel, and each cell keeps,
/// computed on first use, the few palette entries that can be nearest to some colour in it
/// (those whose distance to the cell is at most the smallest worst-case distance of any entry).
struct GIFNearestColour {
    private let red: [Int32]
    private let green: [Int32]
    private let blue: [Int32]
    private var cellStart: [Int32]
    private var cellCount: [UInt16]
    private var candidates: [UInt8] = []

    /// `palette`: opaque little-endian RGBA colours (at most 256).
    init(palette: [UInt32]) {
        precondition(!palette.isEmpty && palette.count <= 256, "a palette has 1 to 256 colours")
        red = palette.map { Int32($0 & 0xFF) }
        green = palette.map { Int32(($0 >> 8) & 0xFF) }
        blue = palette.map { Int32(($0 >> 16) & 0xFF) }
        cellStart = [Int32](repeating: -1, count: GIFColourHistogram.cellCount)
        cellCount = [UInt16](repeating: 0, count: GIFColourHistogram.cellCount)
    }

    /// The index of the palette colour nearest to (`r`, `g`, `b`), each 0–255.
    @inline(__always)
    mutating func index(r: Int32, g: Int32, b: Int32) -> Int {
        let cell = Int(r >> 3) | Int(g >> 3) << 5 | Int(b >> 3) << 10
        if cellStart[cell] < 0 { fill(cell) }
        let start = Int(cellStart[cell]), count = Int(cellCount[cell])
        if count == 1 { return Int(candidates[start]) }
        var best = 0
        var bestDistance = Int32.max
        for k in start..<(start + count) {
            let i = Int(candidates[k])
            let dr = red[i] - r, dg = green[i] - g, db = blue[i] - b
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance || (d == bestDistance && i < best) {
                bestDistance = d
                best = i
            }
        }
        return best
    }

    /// The index for an opaque little-endian RGBA pixel.
    @inline(__always)
    mutating func index(of pixel: UInt32) -> Int {
        index(r: Int32(pixel & 0xFF), g: Int32((pixel >> 8) & 0xFF), b: Int32((pixel >> 16) & 0xFF))
    }

    private mutating func fill(_ cell: Int) {
        let low = [Int32(cell & 0x1F) << 3, Int32((cell >> 5) & 0x1F) << 3, Int32((cell >> 10) & 0x1F) << 3]
        func distances(_ i: Int) -> (near: Int32, far: Int32) {
            var near: Int32 = 0, far: Int32 = 0
            for (value, lo) in zip([red[i], green[i], blue[i]], low) {
                let hi = lo + 7
                let inside: Int32 = value < lo ? lo - value : (value > hi ? value - hi : 0)
                let outside = max(abs(value - lo), abs(value - hi))
                near += inside * inside
                far += outside * outside
            }
            return (near, far)
        }
        let all = red.indices.map(distances)
        let bound = all.map(\.far).min() ?? 0
        cellStart[cell] = Int32(candidates.count)
        var count = 0
        for (i, d) in all.enumerated() where d.near <= bound {
            candidates.append(UInt8(i))
            count += 1
        }
        cellCount[cell] = UInt16(count)
    }
}
