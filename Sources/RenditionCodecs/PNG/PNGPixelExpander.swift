/// Turns unfiltered PNG scanlines of any colour type and bit depth into straight RGBA8
/// pixels, as libpng does with expand, grey-to-RGB, 16-to-8 scaling and an opaque filler:
///
/// - samples below 8 bits are scaled by bit replication (a 4-bit 0xA becomes 0xAA);
/// - 16-bit samples become `round(v * 255 / 65535)`;
/// - palette indices look up `PLTE` and `tRNS` (missing alpha entries are 255; an index past
///   the palette reads as opaque black, as libpng leaves it);
/// - a grey or RGB `tRNS` colour, compared before any scaling, makes matching pixels fully
///   transparent; otherwise pixels without alpha are opaque. Like libpng, only the value's
///   low bits count (the bit depth's worth, 8 for 8-bit RGB) when it is out of range.
///
/// A `tRNS` chunk libpng would ignore (wrong length, or on a colour type with alpha) is
/// ignored here too.
struct PNGPixelExpander {
    private let colorType: Int
    private let bitDepth: Int
    /// Straight RGBA per palette index, as `r | g << 8 | b << 16 | a << 24`.
    private let palette: [UInt32]
    /// The transparent grey or RGB sample values, when `tRNS` gives them.
    private let transparentSamples: [UInt16]?

    /// Prepares expansion for `header`'s pixel format with the file's `PLTE` and `tRNS` data.
    /// - Throws: `CodecError.corrupt` for a palette image without a valid `PLTE`.
    init(header: PNGHeader, palette plte: UnsafeRawBufferPointer?, transparency trns: UnsafeRawBufferPointer?)
        throws(CodecError)
    {
        colorType = header.colorType
        bitDepth = header.bitDepth
        var palette = [UInt32](repeating: 0xFF00_0000, count: 256)
        var transparentSamples: [UInt16]? = nil
        switch colorType {
        case 3:
            guard let plte, !plte.isEmpty, plte.count % 3 == 0, plte.count <= 768 else {
                throw .corrupt(
                    format: .png,
                    reason: plte == nil
                        ? "palette image without a PLTE chunk" : "PLTE chunk of invalid length \(plte?.count ?? 0)")
            }
            let entries = plte.count / 3
            for i in 0..<entries {
                palette[i] =
                    UInt32(plte[i * 3]) | UInt32(plte[i * 3 + 1]) << 8 | UInt32(plte[i * 3 + 2]) << 16 | 0xFF00_0000
            }
            if let trns, !trns.isEmpty, trns.count <= entries {
                for i in 0..<trns.count { palette[i] = palette[i] & 0x00FF_FFFF | UInt32(trns[i]) << 24 }
            }
        case 0:
            if let trns, trns.count == 2 {
                let mask: UInt16 = bitDepth == 16 ? 0xFFFF : UInt16((1 << bitDepth) - 1)
                transparentSamples = [(UInt16(trns[0]) << 8 | UInt16(trns[1])) & mask]
            }
        case 2:
            if let trns, trns.count == 6 {
                // Out-of-range values keep their low bits, as libpng reads them (and as for grey).
                let mask: UInt16 = bitDepth == 16 ? 0xFFFF : 0x00FF
                transparentSamples = (0..<3).map { (UInt16(trns[$0 * 2]) << 8 | UInt16(trns[$0 * 2 + 1])) & mask }
            }
        default:
            break
        }
        self.palette = palette
        self.transparentSamples = transparentSamples
    }

    /// `round(v * 255 / 65535)`.
    @inline(__always)
    private static func scale16(_ high: UInt8, _ low: UInt8) -> UInt8 {
        let v = UInt32(high) << 8 | UInt32(low)
        return UInt8(truncatingIfNeeded: (v * 255 + 32767) / 65535)
    }

    /// Expands one unfiltered row of `width` pixels into straight RGBA8 pixels written
    /// `step` pixels apart from `out` (1 for a whole row, the column step for Adam7).
    func expand(_ row: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>, step: Int) {
        let stride = step * 4
        @inline(__always) func put(_ x: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
            let o = out + x * stride
            o[0] = r
            o[1] = g
            o[2] = b
            o[3] = a
        }
        switch (colorType, bitDepth) {
        case (6, 8):
            if step == 1 {
                out.update(from: row, count: width * 4)
            } else {
                for x in 0..<width { put(x, row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) }
            }
        case (6, _):
            for x in 0..<width {
                let s = row + x * 8
                put(
                    x, Self.scale16(s[0], s[1]), Self.scale16(s[2], s[3]), Self.scale16(s[4], s[5]),
                    Self.scale16(s[6], s[7]))
            }
        case (4, 8):
            for x in 0..<width { put(x, row[x * 2], row[x * 2], row[x * 2], row[x * 2 + 1]) }
        case (4, _):
            for x in 0..<width {
                let g = Self.scale16(row[x * 4], row[x * 4 + 1])
                put(x, g, g, g, Self.scale16(row[x * 4 + 2], row[x * 4 + 3]))
            }
        case (2, 8):
            for x in 0..<width {
                let r = row[x * 3], g = row[x * 3 + 1], b = row[x * 3 + 2]
                var a: UInt8 = 255
                if let t = transparentSamples, UInt16(r) == t[0], UInt16(g) == t[1], UInt16(b) == t[2] { a = 0 }
                put(x, r, g, b, a)
            }
        case (2, _):
            for x in 0..<width {
                let s = row + x * 6
                var a: UInt8 = 255
                if let t = transparentSamples, UInt16(s[0]) << 8 | UInt16(s[1]) == t[0],
                    UInt16(s[2]) << 8 | UInt16(s[3]) == t[1], UInt16(s[4]) << 8 | UInt16(s[5]) == t[2]
                {
                    a = 0
                }
                put(x, Self.scale16(s[0], s[1]), Self.scale16(s[2], s[3]), Self.scale16(s[4], s[5]), a)
            }
        case (0, 16):
            for x in 0..<width {
                let v = UInt16(row[x * 2]) << 8 | UInt16(row[x * 2 + 1])
                let g = Self.scale16(row[x * 2], row[x * 2 + 1])
                put(x, g, g, g, transparentSamples?[0] == v ? 0 : 255)
            }
        case (0, _):
            let scale = UInt8(255 / ((1 << bitDepth) - 1))
            for x in 0..<width {
                let v = sample(row, x)
                let g = UInt8(truncatingIfNeeded: v) &* scale
                put(x, g, g, g, transparentSamples?[0] == v ? 0 : 255)
            }
        case (3, 8) where step == 1:
            // The common case, one table load and one 4-byte store per pixel.
            palette.withUnsafeBufferPointer { table in
                let raw = UnsafeMutableRawPointer(out)
                for x in 0..<width {
                    raw.storeBytes(of: table[Int(row[x])].littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        default:  // palette
            for x in 0..<width {
                let entry = palette[Int(bitDepth == 8 ? UInt16(row[x]) : sample(row, x))]
                put(
                    x, UInt8(truncatingIfNeeded: entry), UInt8(truncatingIfNeeded: entry >> 8),
                    UInt8(truncatingIfNeeded: entry >> 16), UInt8(truncatingIfNeeded: entry >> 24))
            }
        }
    }

    /// The `x`th sample of a row of 1-, 2-, 4- or 8-bit samples (first sample in the high bits).
    @inline(__always)
    private func sample(_ row: UnsafePointer<UInt8>, _ x: Int) -> UInt16 {
        if bitDepth == 8 { return UInt16(row[x]) }
        let perByte = 8 / bitDepth
        let shift = 8 - bitDepth * (x % perByte + 1)
        return UInt16((row[x / perByte] >> shift) & UInt8((1 << bitDepth) - 1))
    }
}
