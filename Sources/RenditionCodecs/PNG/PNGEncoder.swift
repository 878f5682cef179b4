import RenditionCore

/// Encodes rasters as PNG with straight alpha, choosing the smallest lossless pixel format:
/// palette (1, 2, 4 or 8 bits, with `tRNS`) when there are at most 256 colours, grey or grey +
/// alpha when every pixel is grey, RGB when every pixel is opaque, RGBA otherwise.
///
/// With `Options.palette` set, images with more colours are first reduced to a dithered
/// palette when the result is similar enough (`DitheredPaletteQuantizer`), a lossy step.
///
/// Rows are filtered adaptively (minimum sum of absolute values per row; palettes use no
/// filter) and compressed by ``DeflateCompressor``: at the default level, Rendition's own
/// deflate compressor for filtered rows. Output is deterministic: same pixels and options,
/// same bytes.
public struct PNGEncoder: Sendable {
    /// Encoder settings.
    public struct Options: Sendable, Equatable {
        /// Compression level, 0 (store) ... 12 (smallest, slowest): 6 is Rendition's own
        /// deflate compressor for filtered rows, the others libdeflate's (``DeflateCompressor``).
        public var compressionLevel: Int
        /// Whether images with at most 256 colours may be written as a palette.
        public var allowPalette: Bool
        /// Lossy palette output: when set (and `allowPalette` is true), an image with more than
        /// 256 colours is reduced to a dithered palette by `DitheredPaletteQuantizer` and written as
        /// an 8-bit palette PNG, unless the result falls below the settings' floor, in which case it
        /// is written losslessly as without this option. `nil` (the default): lossless only.
        public var palette: PaletteQuantization?
        /// Whether the rows are also compressed with zlib at the settings Pillow uses (level 6,
        /// `Z_FILTERED`, memory level 9), keeping zlib's stream when it is smaller. The rows
        /// are the ones Pillow writes for RGBA, so an RGBA file is then never larger than
        /// Pillow's default PNG of the same pixels. At the default level no fixture rendition
        /// is larger than zlib's anyway; the option matters at the other levels. zlib takes
        /// about three times as long as the default compressor, so this more than doubles a
        /// still sticker's time.
        public var neverLargerThanZlib: Bool

        /// Creates options.
        public init(
            compressionLevel: Int = PNGEncoder.defaultCompressionLevel, allowPalette: Bool = true,
            palette: PaletteQuantization? = nil, neverLargerThanZlib: Bool = false
        ) {
            self.compressionLevel = compressionLevel
            self.allowPalette = allowPalette
            self.palette = palette
            self.neverLargerThanZlib = neverLargerThanZlib
        }
    }

    /// The default libdeflate level: 6. Over the 304 renditions of the 152 OpenMoji fixtures
    /// (`rendition render`), level 8 took 1.77 times as long per sticker (decode, both resizes,
    /// encode) for about 1.6 % fewer bytes. At level 6 the renditions are 3.7 % smaller in total
    /// than Pillow 13's default PNGs of the same pixels (level 8: 5.2 %), though 46 files are
    /// individually up to 3.5 % larger (level 8: 8 files, up to 2.1 %; with
    /// `Options.neverLargerThanZlib`, none). Use 8–12 when bytes matter more than time (the
    /// pack builder's size ladder goes up to 12 itself).
    public static let defaultCompressionLevel = 6

    /// The settings this encoder uses.
    public let options: Options

    /// Creates an encoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Encodes `raster` (premultiplied) as a PNG file.
    public func encode(_ raster: Raster) throws(CodecError) -> [UInt8] {
        let compressor = try DeflateCompressor(level: options.compressionLevel)
        return try encode(raster, compressor: compressor)
    }

    /// Encodes `raster` with a caller-owned compressor (whose level wins over the options').
    public func encode(_ raster: Raster, compressor: DeflateCompressor) throws(CodecError) -> [UInt8] {
        if let palette = options.palette, options.allowPalette,
            let quantized = try DitheredPaletteQuantizer(settings: palette).quantize(raster).quantizedImages
        {
            return try encodeLossless(quantized.rasters[0], compressor: compressor)
        }
        return try encodeLossless(raster, compressor: compressor)
    }

    /// `raster` in the smallest lossless pixel format.
    private func encodeLossless(_ raster: Raster, compressor: DeflateCompressor) throws(CodecError) -> [UInt8] {
        let straight = raster.straightRGBA()
        let layout = PNGPixelLayout(
            straightRGBA: straight, pixelCount: raster.width * raster.height,
            allowPalette: options.allowPalette)
        let rowBytes = layout.rowBytes(width: raster.width)
        let height = raster.height
        let packed = layout.pack(straightRGBA: straight, width: raster.width, height: height)
        let filtered = PNGFilter.filtered(
            packed, rowBytes: rowBytes, height: height, bpp: layout.filterDistance, adaptive: layout.colorType != 3)

        var writer = PNGChunkWriter(reservingCapacity: filtered.count / 2)
        writer.appendHeader(width: raster.width, height: raster.height, layout: layout)
        try filtered.withUnsafeBufferPointer { raw throws(CodecError) in
            try writer.appendChunk("IDAT") { out throws(CodecError) in
                let start = out.count
                try compressor.appendZlib(raw.baseAddress!, count: raw.count, to: &out)
                guard options.neverLargerThanZlib,
                    let smaller = ZlibReferenceCompressor.compress(
                        raw.baseAddress!, count: raw.count, limit: out.count - start - 1)
                else { return }
                out.removeSubrange(start...)
                out.append(contentsOf: smaller)
            }
        }
        writer.append("IEND", [])
        return writer.bytes
    }
}
