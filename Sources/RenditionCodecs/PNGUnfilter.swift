/// Reverses PNG's scanline filters (None, Sub, Up, Average, Paeth) in place.
enum PNGUnfilter {
    /// Unfilters `height` rows stored at `data`, each a filter-type byte followed by
    /// `rowBytes` bytes; `bpp` is the filter's byte distance (at least 1). The row before the
    /// first is taken as zeros. Each row's bytes are rewritten in place (the type byte stays).
    /// - Throws: `CodecError.corrupt` for a filter type above 4.
    static func unfilter(
        _ data: UnsafeMutablePointer<UInt8>, rowBytes: Int, height: Int, bpp: Int
    ) throws(CodecError) {
        guard height > 0, rowBytes > 0 else { return }
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        try zeros.withUnsafeBufferPointer { zero throws(CodecError) in
            for y in 0..<height {
                let line = data + y * (rowBytes + 1)
                let row = line + 1
                let prior = y == 0 ? zero.baseAddress! : UnsafePointer(data + (y - 1) * (rowBytes + 1) + 1)
                switch line[0] {
                case 0:
                    break
                case 1:
                    if rowBytes > bpp { for i in bpp..<rowBytes { row[i] = row[i] &+ row[i - bpp] } }
                case 2:
                    for i in 0..<rowBytes { row[i] = row[i] &+ prior[i] }
                case 3:
                    for i in 0..<min(bpp, rowBytes) { row[i] = row[i] &+ prior[i] >> 1 }
                    if rowBytes > bpp {
                        for i in bpp..<rowBytes {
                            row[i] = row[i] &+ UInt8(truncatingIfNeeded: (UInt16(row[i - bpp]) + UInt16(prior[i])) >> 1)
                        }
                    }
                case 4:
                    for i in 0..<min(bpp, rowBytes) { row[i] = row[i] &+ prior[i] }
                    if rowBytes > bpp {
                        for i in bpp..<rowBytes { row[i] = row[i] &+ paeth(row[i - bpp], prior[i], prior[i - bpp]) }
                    }
                default:
                    throw .corrupt(format: .png, reason: "invalid filter type \(line[0]) in row \(y)")
                }
            }
        }
    }

    /// The Paeth predictor: whichever of left, above and upper-left is nearest to
    /// left + above - upper-left (ties in that order).
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int16(a) + Int16(b) - Int16(c)
        let pa = abs(p - Int16(a)), pb = abs(p - Int16(b)), pc = abs(p - Int16(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
