import CRenditionKernels

/// PNG scanline filters for encoding: the adaptive choice per row among None, Up, Sub and
/// Paeth by minimum sum of absolute filtered values, the heuristic libpng and Pillow use
/// (Average is left out, as Pillow does: it deflates worse on sticker art).
///
/// The loops live in `CRenditionKernels` (vectorised, AVX2 when the CPU has it; integer
/// arithmetic, so every path gives the same bytes).
enum PNGFilter {
    /// Filters `height` rows of `rowBytes` bytes from `raw` into `output`, each row prefixed
    /// with its filter type byte. `bpp` is the filter's byte distance (at least 1).
    /// With `adaptive` false every row uses filter 0 (the right choice for palettes).
    static func filter(
        raw: UnsafePointer<UInt8>, rowBytes: Int, height: Int, bpp: Int, adaptive: Bool,
        output: UnsafeMutablePointer<UInt8>, portable: Bool = false
    ) {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, rowBytes * 5))
        defer { scratch.deallocate() }
        if portable {
            rdn_png_filter_image_portable(raw, rowBytes, height, bpp, adaptive ? 1 : 0, scratch, output)
        } else {
            rdn_png_filter_image(raw, rowBytes, height, bpp, adaptive ? 1 : 0, scratch, output)
        }
    }

    /// `height` rows of `rowBytes` bytes from `raw`, filtered into a new array of
    /// `(rowBytes + 1) * height` bytes (each row after its filter type byte).
    static func filtered(_ raw: [UInt8], rowBytes: Int, height: Int, bpp: Int, adaptive: Bool) -> [UInt8] {
        let count = (rowBytes + 1) * height
        // Every byte is written by the filter (type byte and row), so no zero-fill is needed.
        return raw.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
                filter(
                    raw: source.baseAddress!, rowBytes: rowBytes, height: height, bpp: bpp, adaptive: adaptive,
                    output: destination.baseAddress!)
                initialized = count
            }
        }
    }
}
