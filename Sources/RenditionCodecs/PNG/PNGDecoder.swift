import CRenditionCodecShims
import RenditionCore

/// Decodes PNG files (every colour type and bit depth, palettes with `tRNS`, Adam7) to
/// premultiplied RGBA8 through libpng.
///
/// Sixteen-bit samples are scaled to 8 bits with rounding (`round(v * 255 / 65535)`).
/// Gamma (`gAMA`), chromaticity (`cHRM`), `sRGB` and `iCCP` chunks are ignored: samples are
/// taken as sRGB, as most sticker tools and Pillow do. Corrupt input (bad signature, CRC,
/// header, truncated or invalid compressed data) throws `CodecError.corrupt`.
public enum PNGDecoder {
    /// Decodes the image (for an APNG, its default image).
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        var raster = try decodeStraight(bytes, limits: limits)
        raster.bytes.withUnsafeMutableBufferPointer { pixels in
            AlphaConversion.premultiply(
                pixels.baseAddress!, into: pixels.baseAddress!, pixelCount: raster.width * raster.height)
        }
        return raster
    }

    /// Decodes the image to straight (not premultiplied) RGBA8, returned in a `Raster`'s
    /// storage; only for callers that need the file's exact colour values.
    public static func decodeStraight(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        try limits.check(inputBytes: bytes.count, format: .png)
        let header = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in
            try PNGHeader(UnsafeRawBufferPointer(buffer))
        }
        try limits.check(width: header.width, height: header.height, format: .png)
        var raster = Raster(width: header.width, height: header.height)
        let stride = raster.bytesPerRow
        let maxChunk = max(limits.maxInputBytes, 1 << 20)
        try raster.bytes.withUnsafeMutableBufferPointer { pixels throws(CodecError) in
            try bytes.withUnsafeBufferPointer { input throws(CodecError) in
                try callShim(format: .png) { message, capacity in
                    rdn_png_decode_rgba8(
                        input.baseAddress, input.count, pixels.baseAddress, stride,
                        UInt32(header.width), UInt32(header.height), maxChunk, message, capacity)
                }
            }
        }
        return raster
    }
}
