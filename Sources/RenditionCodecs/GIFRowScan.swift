/// Finds, in one row of two canvases, the first and last pixel that passes the frame planner's
/// tests, sixteen bytes at a time where the pixels allow it.
///
/// Sticker canvases are mostly equal between frames, and the rows that differ are scanned
/// from both ends; a pixel at a time, that scan was most of the planner's time.
enum GIFRowScan {
    /// The first pixel in `0..<count` where `a` and `b` differ, or `count`.
    @inline(__always)
    static func firstDifference<Pixel: FixedWidthInteger>(
        _ a: UnsafePointer<Pixel>, _ b: UnsafePointer<Pixel>, count: Int
    ) -> Int {
        let bytes = count * MemoryLayout<Pixel>.stride
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var i = 0
        while i + 16 <= bytes {
            let x = ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let y = rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            if any(x .!= y) { break }
            i += 16
        }
        var p = i / MemoryLayout<Pixel>.stride
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
        while end - 16 >= from * stride {
            let x = ra.loadUnaligned(fromByteOffset: end - 16, as: SIMD16<UInt8>.self)
            let y = rb.loadUnaligned(fromByteOffset: end - 16, as: SIMD16<UInt8>.self)
            if any(x .!= y) { break }
            end -= 16
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
            let t = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: transparent))
            let rn = UnsafeRawPointer(next), rc = UnsafeRawPointer(canvas)
            while p + 16 <= count {
                let x = rn.loadUnaligned(fromByteOffset: p, as: SIMD16<UInt8>.self)
                let y = rc.loadUnaligned(fromByteOffset: p, as: SIMD16<UInt8>.self)
                if any((x .== t) .& (y .!= t)) { break }
                p += 16
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
            let t = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: transparent))
            let rn = UnsafeRawPointer(next), rc = UnsafeRawPointer(canvas)
            while end - 16 >= from {
                let x = rn.loadUnaligned(fromByteOffset: end - 16, as: SIMD16<UInt8>.self)
                let y = rc.loadUnaligned(fromByteOffset: end - 16, as: SIMD16<UInt8>.self)
                if any((x .== t) .& (y .!= t)) { break }
                end -= 16
            }
        }
        var p = end - 1
        while p >= from && !(next[p] == transparent && canvas[p] != transparent) { p -= 1 }
        return p
    }
}
