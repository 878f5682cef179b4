/// PNG scanline filters (None, Sub, Up, Average, Paeth) and the adaptive choice per row by
/// minimum sum of absolute filtered values, the heuristic libpng uses.
enum PNGFilter {
    /// Filters `height` rows of `rowBytes` bytes from `raw` into `output`, each row prefixed
    /// with its filter type byte. `bpp` is the filter's byte distance (at least 1).
    /// With `adaptive` false every row uses filter 0 (the right choice for palettes).
    static func filter(
        raw: UnsafePointer<UInt8>, rowBytes: Int, height: Int, bpp: Int, adaptive: Bool,
        output: UnsafeMutablePointer<UInt8>
    ) {
        let zero = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        zero.initialize(repeating: 0, count: rowBytes)
        let candidates = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * 4)
        defer {
            zero.deallocate()
            candidates.deallocate()
        }
        for y in 0..<height {
            let line = raw + y * rowBytes
            let prior = y == 0 ? UnsafePointer(zero) : raw + (y - 1) * rowBytes
            let out = output + y * (rowBytes + 1)
            if !adaptive {
                out[0] = 0
                (out + 1).update(from: line, count: rowBytes)
                continue
            }
            // Candidate 0 (None) is the line itself.
            var best = 0
            var bestScore = score(line, rowBytes)
            for type in 1...4 {
                let buffer = candidates + (type - 1) * rowBytes
                apply(type: type, line: line, prior: prior, rowBytes: rowBytes, bpp: bpp, into: buffer)
                let s = score(UnsafePointer(buffer), rowBytes)
                if s < bestScore {
                    bestScore = s
                    best = type
                }
            }
            out[0] = UInt8(best)
            (out + 1).update(from: best == 0 ? line : UnsafePointer(candidates + (best - 1) * rowBytes), count: rowBytes)
        }
    }

    /// Sum of the bytes taken as signed values' magnitudes.
    @inline(__always)
    static func score(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var total: UInt32 = 0
        var i = 0
        while i + 16 <= count {
            let v = UnsafeRawPointer(bytes + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let magnitude = pointwiseMin(v, 0 &- v)  // |signed byte|
            total &+= UInt32(truncatingIfNeeded: magnitude.wrappedSum16())
            i += 16
        }
        while i < count {
            let v = bytes[i]
            total &+= UInt32(min(v, 0 &- v))
            i += 1
        }
        return Int(total)
    }

    /// Applies filter `type` (1...4) to one line.
    @inline(__always)
    static func apply(
        type: Int, line: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, rowBytes: Int, bpp: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        switch type {
        case 1:
            for i in 0..<min(bpp, rowBytes) { out[i] = line[i] }
            if rowBytes > bpp { for i in bpp..<rowBytes { out[i] = line[i] &- line[i - bpp] } }
        case 2:
            var i = 0
            while i + 16 <= rowBytes {
                let a = UnsafeRawPointer(line + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let b = UnsafeRawPointer(prior + i).loadUnaligned(as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(out + i).storeBytes(of: a &- b, as: SIMD16<UInt8>.self)
                i += 16
            }
            while i < rowBytes {
                out[i] = line[i] &- prior[i]
                i += 1
            }
        case 3:
            for i in 0..<min(bpp, rowBytes) { out[i] = line[i] &- prior[i] >> 1 }
            if rowBytes > bpp {
                for i in bpp..<rowBytes {
                    out[i] = line[i] &- UInt8((UInt16(line[i - bpp]) + UInt16(prior[i])) >> 1)
                }
            }
        default:
            for i in 0..<min(bpp, rowBytes) { out[i] = line[i] &- prior[i] }
            if rowBytes > bpp {
                for i in bpp..<rowBytes {
                    out[i] = line[i] &- paeth(line[i - bpp], prior[i], prior[i - bpp])
                }
            }
        }
    }

    /// The Paeth predictor.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

extension SIMD16 where Scalar == UInt8 {
    /// The sum of the lanes, widened so it cannot overflow.
    @inline(__always)
    func wrappedSum16() -> UInt16 {
        let wide = SIMD16<UInt16>(truncatingIfNeeded: self)
        return wide.wrappedSum()
    }
}
