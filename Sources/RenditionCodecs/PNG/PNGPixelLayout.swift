import CRenditionKernels

/// The smallest lossless PNG pixel format for a set of straight RGBA pixels, and the
/// packing of rows into it.
struct PNGPixelLayout {
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    let colorType: UInt8
    /// Bits per sample (per index for palettes).
    let bitDepth: UInt8
    /// Palette entries as `r | g << 8 | b << 16 | a << 24`, translucent ones first.
    let palette: [UInt32]?
    private let counter: ColorIndexTable?

    /// Chooses the layout; with `allowGrey` false grey pixels are stored as RGB or RGBA too.
    init(straightRGBA: [UInt8], pixelCount: Int, allowPalette: Bool, allowGrey: Bool = true) {
        let stats = straightRGBA.withUnsafeBufferPointer { rdn_rgba_stats($0.baseAddress!, pixelCount) }
        let opaque = stats & UInt32(RDN_STATS_TRANSLUCENT) == 0
        let grey = allowGrey && stats & UInt32(RDN_STATS_COLORED) == 0
        var counter: ColorIndexTable? = allowPalette && !(grey && opaque) ? ColorIndexTable(limit: 256) : nil
        if counter != nil {
            straightRGBA.withUnsafeBytes { raw in
                for i in 0..<pixelCount {
                    let key = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                    if !counter!.insert(key) {
                        counter = nil
                        return
                    }
                }
            }
        }
        if grey && opaque {
            // Grey needs no palette and filters well.
            colorType = 0
            bitDepth = 8
            palette = nil
            self.counter = nil
        } else if var counter {
            // Translucent entries first so tRNS can stop early; then by value, for determinism.
            let order = counter.colors.sorted { lhs, rhs in
                let lo = lhs >> 24 == 0xFF, ro = rhs >> 24 == 0xFF
                if lo != ro { return !lo }
                return lhs < rhs
            }
            counter.reorder(order)
            colorType = 3
            let n = order.count
            bitDepth = n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8
            palette = order
            self.counter = counter
        } else {
            colorType = grey ? (opaque ? 0 : 4) : (opaque ? 2 : 6)
            bitDepth = 8
            palette = nil
            self.counter = nil
        }
    }

    /// Bytes per pixel for the filters (at least 1).
    var filterDistance: Int {
        switch colorType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    /// Bytes in one unfiltered row.
    func rowBytes(width: Int) -> Int {
        switch colorType {
        case 3: (width * Int(bitDepth) + 7) / 8
        default: width * filterDistance
        }
    }

    /// Converts straight RGBA rows into this layout (without filter bytes).
    func pack(straightRGBA: [UInt8], width: Int, height: Int) -> [UInt8] {
        if colorType == 6 { return straightRGBA }
        let rowBytes = rowBytes(width: width)
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        straightRGBA.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                switch colorType {
                case 0:
                    for i in 0..<(width * height) { d[i] = s[i * 4] }
                case 4:
                    for i in 0..<(width * height) {
                        d[i * 2] = s[i * 4]
                        d[i * 2 + 1] = s[i * 4 + 3]
                    }
                case 2:
                    for i in 0..<(width * height) {
                        d[i * 3] = s[i * 4]
                        d[i * 3 + 1] = s[i * 4 + 1]
                        d[i * 3 + 2] = s[i * 4 + 2]
                    }
                default:
                    let counter = self.counter!
                    let depth = Int(bitDepth)
                    let perByte = 8 / depth
                    guard width > 0 && height > 0 else { return }
                    // Runs of one colour look it up once.
                    let pixels = UnsafeRawPointer(s)
                    var lastKey = pixels.loadUnaligned(as: UInt32.self).littleEndian
                    var lastIndex = UInt8(counter.index(of: lastKey)!)
                    for y in 0..<height {
                        let row = d + y * rowBytes
                        let rowPixels = pixels + y * width * 4
                        for x in 0..<width {
                            let key = rowPixels.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self).littleEndian
                            if key != lastKey {
                                lastKey = key
                                lastIndex = UInt8(counter.index(of: key)!)
                            }
                            if depth == 8 {
                                row[x] = lastIndex
                            } else {
                                let shift = 8 - depth * (x % perByte + 1)
                                row[x / perByte] |= lastIndex << shift
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
