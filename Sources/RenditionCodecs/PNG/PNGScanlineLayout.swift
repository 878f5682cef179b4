/// How a PNG image's pixels are laid out as filtered scanlines, derived from `IHDR`.
struct PNGScanlineLayout: Equatable {
    /// Samples per pixel: 1 grey or palette, 2 grey + alpha, 3 RGB, 4 RGBA.
    let channels: Int
    /// Bits per sample.
    let bitDepth: Int
    /// Whether rows are stored in the seven Adam7 passes.
    let interlaced: Bool

    /// The layout for a colour type and bit depth, or a `CodecError.corrupt` when PNG does
    /// not allow the combination.
    init(colorType: Int, bitDepth: Int, interlaced: Bool) throws(CodecError) {
        let allowed: [Int]
        switch colorType {
        case 0: (channels, allowed) = (1, [1, 2, 4, 8, 16])
        case 2: (channels, allowed) = (3, [8, 16])
        case 3: (channels, allowed) = (1, [1, 2, 4, 8])
        case 4: (channels, allowed) = (2, [8, 16])
        case 6: (channels, allowed) = (4, [8, 16])
        default: throw .corrupt(format: .png, reason: "invalid colour type \(colorType) in IHDR")
        }
        guard allowed.contains(bitDepth) else {
            throw .corrupt(format: .png, reason: "bit depth \(bitDepth) is not allowed with colour type \(colorType)")
        }
        self.bitDepth = bitDepth
        self.interlaced = interlaced
    }

    /// The layout of `header`.
    init(_ header: PNGHeader) throws(CodecError) {
        try self.init(colorType: header.colorType, bitDepth: header.bitDepth, interlaced: header.interlaced)
    }

    /// Bytes in one unfiltered row of `width` pixels.
    func rowBytes(width: Int) -> Int { (width * channels * bitDepth + 7) / 8 }

    /// The Adam7 passes as (first column, first row, column step, row step).
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The size of each pass (one pass when not interlaced); empty passes have a zero side.
    func passSizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        guard interlaced else { return [(width, height)] }
        return Self.adam7.map { pass in
            (
                width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0,
                height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            )
        }
    }

    /// The exact number of bytes the decompressed image data holds: every row of every
    /// non-empty pass, each with its filter-type byte.
    func filteredByteCount(width: Int, height: Int) -> Int {
        passSizes(width: width, height: height).reduce(0) { total, pass in
            pass.width == 0 || pass.height == 0 ? total : total + pass.height * (1 + rowBytes(width: pass.width))
        }
    }
}
