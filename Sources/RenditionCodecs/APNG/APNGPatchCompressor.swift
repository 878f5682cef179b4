/// Turns a frame patch (straight RGBA8, tightly packed) into the zlib stream of its
/// filtered scanlines in the file's pixel layout, as `PNGEncoder` does for a whole image.
///
/// Rows are filtered adaptively, except that palette patches are compressed both unfiltered
/// (usually best for flat art) and adaptively filtered (better for photographic frames,
/// whose palette, sorted by value, tracks brightness), keeping the smaller.
final class APNGPatchCompressor {
    private let layout: PNGPixelLayout
    private let compressor: DeflateCompressor
    private var filtered: [UInt8] = []

    /// A compressor for `layout` at `compressor`'s level.
    init(layout: PNGPixelLayout, compressor: DeflateCompressor) {
        self.layout = layout
        self.compressor = compressor
    }

    /// The compressed scanlines of a `width` x `height` patch. Every colour must be in the
    /// layout (it was chosen from the union of all frames' colours).
    func compress(_ straight: [UInt8], width: Int, height: Int) throws(CodecError) -> [UInt8] {
        let rowBytes = layout.rowBytes(width: width)
        let packed = layout.pack(straightRGBA: straight, width: width, height: height)
        let adaptive = try compress(packed, rowBytes: rowBytes, height: height, adaptive: true)
        guard layout.colorType == 3 else { return adaptive }
        let unfiltered = try compress(packed, rowBytes: rowBytes, height: height, adaptive: false)
        return unfiltered.count <= adaptive.count ? unfiltered : adaptive
    }

    private func compress(_ packed: [UInt8], rowBytes: Int, height: Int, adaptive: Bool) throws(CodecError) -> [UInt8] {
        let count = (rowBytes + 1) * height
        if filtered.count < count { filtered = [UInt8](repeating: 0, count: count) }
        packed.withUnsafeBufferPointer { source in
            filtered.withUnsafeMutableBufferPointer { destination in
                PNGFilter.filter(
                    raw: source.baseAddress!, rowBytes: rowBytes, height: height,
                    bpp: layout.filterDistance, adaptive: adaptive, output: destination.baseAddress!)
            }
        }
        var out: [UInt8] = []
        try filtered.withUnsafeBufferPointer { raw throws(CodecError) in
            try compressor.appendZlib(raw.baseAddress!, count: count, to: &out)
        }
        return out
    }
}
