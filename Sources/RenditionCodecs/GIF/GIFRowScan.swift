/// Finds, in one row of two canvases, the first and last pixel that passes the frame planner's
/// tests, eight bytes at a time where the pixels allow it.
///
/// Sticker canvases are mostly equal between frames, and the rows that differ are scanned
/// from both ends; a pixel at a time, that scan was most of the planner's time. The words are
/// compared as integers (bit tricks on `UInt64`), which compiles to a few instructions on any
/// CPU, where Swift's generic `SIMD` comparisons fell back to lane-by-lane code.
enum GIFRowScan {
    /// The first pixel in `0..<count` where `a` and `b` differ, or `count`.
    @inline(__always)
    static func firstDifference<Pixel: FixedWidthInteger>(
        _ a: UnsafePointer<Pixel>, _ b: UnsafePointer<Pixel>, count: Int
    ) -> Int {
        let stride = MemoryLayout<Pixel>.stride, bytes = count * stride
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var i = 0
        while i + 8 <= bytes {
            let d =
                ra.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                ^ rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if d != 0 { return (i + UInt64(littleEndian: d).trailingZeroBitCount / 8) / stride }
            i += 8
        }
        var p = i / stride
        while p < count && a[p] == b[p] { p += 1 }
        return p
    }

    /// The last pixel in `from..<count` where `a` and `b` differ, or `from - 1` if none.
    @inline(__always)
    static func lastDifference<Pixel: FixedWidthInteger>(
        _ a: UnsafePointer<Pixel>, _ b: UnsafePointer<Pixel>, from: Int, count: Int
    ) -> Int {
        let stride = MemoryLayout<Pixel>.stride
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var end = count * stride
        while end - 8 >= from * stride {
            let d =
                ra.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
                ^ rb.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
            if d != 0 { return (end - 1 - UInt64(littleEndian: d).leadingZeroBitCount / 8) / stride }
            end -= 8
        }
        var p = (end + stride - 1) / stride - 1
        while p >= from && a[p] == b[p] { p -= 1 }
        return p
    }

    /// The first pixel in `0..<count` that is `transparent` in `next` but not in `canvas`, or `count`.
    @inline(__always)
    static func firstCleared<Pixel: FixedWidthInteger>(
        _ next: UnsafePointer<Pixel>, _ canvas: UnsafePointer<Pixel>, count: Int, transparent: Pixel
    ) -> Int {
        var p = 0
        if Pixel.self == UInt8.self {
            let t = broadcast(UInt8(truncatingIfNeeded: transparent))
            let rn = UnsafeRawPointer(next), rc = UnsafeRawPointer(canvas)
            while p + 8 <= count {
                let hits = cleared(
                    rn.loadUnaligned(fromByteOffset: p, as: UInt64.self),
                    rc.loadUnaligned(fromByteOffset: p, as: UInt64.self), t)
                if hits != 0 { return p + hits.trailingZeroBitCount / 8 }
                p += 8
            }
        }
        while p < count && !(next[p] == transparent && canvas[p] != transparent) { p += 1 }
        return p
    }

    /// The last pixel in `from..<count` that is `transparent` in `next` but not in `canvas`, or
    /// `from - 1` if none.
    @inline(__always)
    static func lastCleared<Pixel: FixedWidthInteger>(
        _ next: UnsafePointer<Pixel>, _ canvas: UnsafePointer<Pixel>, from: Int, count: Int, transparent: Pixel
    ) -> Int {
        var end = count
        if Pixel.self == UInt8.self {
            let t = broadcast(UInt8(truncatingIfNeeded: transparent))
            let rn = UnsafeRawPointer(next), rc = UnsafeRawPointer(canvas)
            while end - 8 >= from {
                let hits = cleared(
                    rn.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self),
                    rc.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self), t)
                if hits != 0 { return end - 1 - hits.leadingZeroBitCount / 8 }
                end -= 8
            }
        }
        var p = end - 1
        while p >= from && !(next[p] == transparent && canvas[p] != transparent) { p -= 1 }
        return p
    }

    @inline(__always)
    private static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The high bit of every byte of `v` that is zero, and no other bit (exact, no borrows).
    @inline(__always)
    private static func zeroBytes(_ v: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((v & low7) &+ low7) | v | low7)
    }

    /// The high bit of each byte (of eight bytes loaded in memory order) that is `t` in `next`
    /// and not in `canvas`.
    @inline(__always)
    private static func cleared(_ next: UInt64, _ canvas: UInt64, _ t: UInt64) -> UInt64 {
        let n = UInt64(littleEndian: next), c = UInt64(littleEndian: canvas)
        return zeroBytes(n ^ t) & ~zeroBytes(c ^ t) & 0x8080_8080_8080_8080
    }
}
