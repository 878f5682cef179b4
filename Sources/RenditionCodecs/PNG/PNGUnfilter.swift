import CRenditionKernels

/// Reverses PNG's scanline filters (None, Sub, Up, Average, Paeth) in place.
///
/// The loop is `rdn_png_unfilter_image` in `CRenditionKernels`: exact integer arithmetic, a
/// whole pixel per step for RGB and RGBA rows (SSE2, in every x86-64 CPU), so it gives the
/// same bytes as the specification's byte-by-byte definition on every machine.
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
        let failed = zeros.withUnsafeBufferPointer { zero in
            rdn_png_unfilter_image(data, rowBytes, height, max(1, bpp), zero.baseAddress!)
        }
        if failed != 0 {
            let y = Int(failed) - 1
            throw .corrupt(format: .png, reason: "invalid filter type \(data[y * (rowBytes + 1)]) in row \(y)")
        }
    }
}
