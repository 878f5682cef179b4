import RenditionCore

/// Decodes inflated PNG image data — filtered scanlines, in seven Adam7 passes when
/// interlaced — into a premultiplied RGBA8 raster.
enum PNGScanlineDecoder {
    /// Unfilters `data` in place (it must hold exactly `layout.filteredByteCount` bytes for
    /// `width` x `height`) and returns the pixels.
    /// - Throws: `CodecError.corrupt` for an invalid filter type.
    static func decode(
        _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, layout: PNGScanlineLayout,
        expander: PNGPixelExpander
    ) throws(CodecError) -> Raster {
        // Every pixel is written below (the seven Adam7 passes cover each pixel once), so the
        // raster starts uninitialised: no zero-fill of a buffer about to be overwritten.
        var raster = Raster.uninitialized(width: width, height: height)
        let bpp = max(1, layout.channels * layout.bitDepth / 8)
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
            layout.interlaced ? PNGScanlineLayout.adam7 : [(0, 0, 1, 1)]
        let sizes = layout.passSizes(width: width, height: height)
        try raster.bytes.withUnsafeMutableBufferPointer { pixels throws(CodecError) in
            let out = pixels.baseAddress!
            var offset = 0
            for (pass, size) in zip(passes, sizes) where size.width > 0 && size.height > 0 {
                let rowBytes = layout.rowBytes(width: size.width)
                try PNGUnfilter.unfilter(data + offset, rowBytes: rowBytes, height: size.height, bpp: bpp)
                for r in 0..<size.height {
                    expander.expand(
                        data + offset + r * (rowBytes + 1) + 1, width: size.width,
                        into: out + ((pass.y + r * pass.dy) * width + pass.x) * 4, step: pass.dx)
                }
                offset += size.height * (rowBytes + 1)
            }
            AlphaConversion.premultiply(out, into: out, pixelCount: width * height)
        }
        return raster
    }
}
