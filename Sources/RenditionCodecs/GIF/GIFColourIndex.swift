/// Distinct opaque colours (little-endian RGBA, never `0`) in first-seen order, with their
/// indices, in a small open-addressing table; stops accepting new colours past `limit`.
struct GIFColourIndex {
    private var keys: [UInt32]
    private var slots: [Int16]
    private let mask: Int
    /// The colours, in the order they were first added.
    private(set) var colours: [UInt32] = []
    /// The most colours accepted.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < limit * 4 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        slots = [Int16](repeating: -1, count: size)
        mask = size - 1
    }

    /// A table holding `colours` (distinct, at most 32,767).
    init(colours: [UInt32]) {
        self.init(limit: colours.count)
        for c in colours { _ = insert(c) }
    }

    @inline(__always)
    private func start(_ key: UInt32) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 16) & mask
    }

    /// Adds `colour`; returns `false` (and adds nothing) when it is new and `limit` colours are
    /// already there.
    @inline(__always)
    mutating func insert(_ colour: UInt32) -> Bool {
        var s = start(colour)
        while slots[s] >= 0 {
            if keys[s] == colour { return true }
            s = (s + 1) & mask
        }
        guard colours.count < limit else { return false }
        keys[s] = colour
        slots[s] = Int16(colours.count)
        colours.append(colour)
        return true
    }

    /// Adds every opaque pixel of `pixels`; returns `false` as soon as one does not fit.
    mutating func insert(contentsOf pixels: [UInt32]) -> Bool {
        var last: UInt32 = 0
        for p in pixels where p != 0 && p != last {
            guard insert(p) else { return false }
            last = p
        }
        return true
    }

    /// Adds every opaque pixel of a frame held as runs; returns `false` as soon as one does not fit.
    mutating func insert(runsOf frame: GIFResolvedFrame) -> Bool {
        for run in frame.runs {
            let pixel = GIFResolvedFrame.pixel(run)
            if pixel != 0 && !insert(pixel) { return false }
        }
        return true
    }

    /// Palette indices for `pixels`: each opaque pixel's index (it must be in the table),
    /// `transparent` for `0`.
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

    /// The index of `colour`, or `nil` when it is not in the table.
    @inline(__always)
    func index(of colour: UInt32) -> Int? {
        var s = start(colour)
        while slots[s] >= 0 {
            if keys[s] == colour { return Int(slots[s]) }
            s = (s + 1) & mask
        }
        return nil
    }
}
