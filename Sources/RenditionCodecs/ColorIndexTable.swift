/// Distinct RGBA pixels (as little-endian `UInt32`, any value including `0`) in first-seen
/// order, each with its index in that order, in a small open-addressing hash table; stops
/// accepting new colours past `limit`.
///
/// The one colour table of the encoders: PNG and APNG count colours with it to choose a
/// palette (and map pixels to palette indices), GIF to check whether frames fit a palette
/// and to turn pixels into indices.
struct ColorIndexTable {
    private var keys: [UInt32]
    /// Per slot: the colour's index in `colors`, or -1 when the slot is empty.
    private var slots: [Int16]
    private let mask: Int
    /// The colours, in the order they were first added (or as `reorder(_:)` set them).
    private(set) var colors: [UInt32] = []
    /// The most colours accepted (at most 32,767).
    let limit: Int

    /// An empty table that accepts up to `limit` colours.
    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < limit * 4 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        slots = [Int16](repeating: -1, count: size)
        mask = size - 1
    }

    /// A table holding `colors` (distinct, at most 32,767), each at its position.
    init(colors: [UInt32]) {
        self.init(limit: colors.count)
        for c in colors { _ = insert(c) }
    }

    @inline(__always)
    private func start(_ key: UInt32) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 16) & mask
    }

    /// Adds `color`; returns `false` (and adds nothing) when it is new and `limit` colours are
    /// already there.
    @inline(__always)
    mutating func insert(_ color: UInt32) -> Bool {
        var s = start(color)
        while slots[s] >= 0 {
            if keys[s] == color { return true }
            s = (s + 1) & mask
        }
        guard colors.count < limit else { return false }
        keys[s] = color
        slots[s] = Int16(colors.count)
        colors.append(color)
        return true
    }

    /// The index of `color`, or `nil` when it is not in the table.
    @inline(__always)
    func index(of color: UInt32) -> Int? {
        var s = start(color)
        while slots[s] >= 0 {
            if keys[s] == color { return Int(slots[s]) }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Puts the colours in `order` (the same colours, rearranged); `index(of:)` follows.
    mutating func reorder(_ order: [UInt32]) {
        colors = order
        for s in 0..<slots.count where slots[s] >= 0 {
            slots[s] = Int16(order.firstIndex(of: keys[s])!)
        }
    }

    /// The index of each pixel of `pixels` (each must be in the table), `transparent` for `0`.
    func indices(of pixels: [UInt32], transparent: UInt8) -> [UInt8] {
        var out = [UInt8](repeating: transparent, count: pixels.count)
        keys.withUnsafeBufferPointer { keys in
            slots.withUnsafeBufferPointer { slots in
                pixels.withUnsafeBufferPointer { pixels in
                    out.withUnsafeMutableBufferPointer { out in
                        var last: UInt32 = 0, lastIndex: UInt8 = transparent
                        for i in 0..<pixels.count {
                            let p = pixels[i]
                            if p == 0 { continue }
                            if p != last {
                                var s = start(p)
                                while slots[s] >= 0 && keys[s] != p { s = (s + 1) & mask }
                                last = p
                                lastIndex = UInt8(truncatingIfNeeded: max(0, slots[s]))
                            }
                            out[i] = lastIndex
                        }
                    }
                }
            }
        }
        return out
    }
}
