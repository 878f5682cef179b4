/// Counts distinct RGBA values up to a limit with a small open-addressing table, and maps
/// each counted colour to its index.
struct ColorCounter {
    private var keys: [UInt32]
    private var indices: [Int16]
    private let mask: Int
    private(set) var colors: [UInt32] = []
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < limit * 4 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        indices = [Int16](repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(_ key: UInt32) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 16) & mask
    }

    /// Adds `key`; returns false once more than `limit` distinct values have been seen.
    @inline(__always)
    mutating func insert(_ key: UInt32) -> Bool {
        var s = slot(key)
        while indices[s] >= 0 {
            if keys[s] == key { return true }
            s = (s + 1) & mask
        }
        if colors.count >= limit { return false }
        keys[s] = key
        indices[s] = Int16(colors.count)
        colors.append(key)
        return true
    }

    /// Reorders the palette so that colours come in `order`; `index(of:)` follows.
    mutating func reorder(_ order: [UInt32]) {
        colors = order
        for s in 0..<indices.count where indices[s] >= 0 {
            indices[s] = Int16(order.firstIndex(of: keys[s])!)
        }
    }

    /// The index of a counted colour.
    @inline(__always)
    func index(of key: UInt32) -> Int {
        var s = slot(key)
        while keys[s] != key || indices[s] < 0 { s = (s + 1) & mask }
        return Int(indices[s])
    }
}
