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
        let (width, height, pixels) = try decodePixels(bytes, limits: limits, premultiply: true)
        return Raster(width: width, height: height, premultipliedBytes: pixels)
    }

    /// Decodes the image (for an APNG, its default image) to straight (not premultiplied)
    /// RGBA8, exactly the file's values, colour under zero alpha included; for callers that
    /// need them (hidden colour checks).
    public static func decodeStraight(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError)
        -> StraightRGBAImage
    {
        let (width, height, pixels) = try decodePixels(bytes, limits: limits, premultiply: false)
        return StraightRGBAImage(width: width, height: height, bytes: pixels)
    }

    /// The image's RGBA8 pixels, rows tightly packed, premultiplied or not.
    private static func decodePixels(
        _ bytes: [UInt8], limits: DecodeLimits, premultiply: Bool
    ) throws(CodecError) -> (width: Int, height: Int, pixels: [UInt8]) {
        DecodeCount.record(bytes)
        try limits.check(inputBytes: bytes.count, format: .png)
        let header = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in
            try PNGHeader(UnsafeRawBufferPointer(buffer))
        }
        try limits.check(width: header.width, height: header.height, format: .png)
        let stride = header.width * 4
        var pixels = [UInt8](repeating: 0, count: stride * header.height)
        let maxChunk = max(limits.maxInputBytes, 1 << 20)
        try pixels.withUnsafeMutableBufferPointer { pixels throws(CodecError) in
            try bytes.withUnsafeBufferPointer { input throws(CodecError) in
                try callShim(format: .png) { message, capacity in
                    rdn_png_decode_rgba8(
                        input.baseAddress, input.count, pixels.baseAddress, stride,
                        UInt32(header.width), UInt32(header.height), maxChunk, message, capacity)
                }
            }
            if premultiply {
                AlphaConversion.premultiply(
                    pixels.baseAddress!, into: pixels.baseAddress!, pixelCount: header.width * header.height)
            }
        }
        return (header.width, header.height, pixels)
    }
}
