import CRenditionCodecShims
import RenditionCore

/// Decodes JPEG files through libjpeg-turbo. JPEG has no alpha: every pixel is opaque.
public enum JPEGDecoder {
    /// Decodes the image to opaque premultiplied RGBA8.
    /// - Throws: `CodecError.corrupt` for data libjpeg rejects, `.limitExceeded` when the
    ///   input or the header's size exceed `limits` or a progressive file has more than
    ///   `limits.maxScans` scans.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        DecodeCount.record(bytes)
        try limits.check(inputBytes: bytes.count, format: .jpeg)
        var width: UInt32 = 0
        var height: UInt32 = 0
        var components: Int32 = 0
        try bytes.withUnsafeBufferPointer { input throws(CodecError) in
            try callShim(format: .jpeg) { message, capacity in
                rdn_jpeg_read_header(input.baseAddress, input.count, &width, &height, &components, message, capacity)
            }
        }
        try limits.check(width: Int(width), height: Int(height), format: .jpeg)
        var raster = Raster(width: Int(width), height: Int(height))
        let stride = raster.bytesPerRow
        try raster.bytes.withUnsafeMutableBufferPointer { pixels throws(CodecError) in
            try bytes.withUnsafeBufferPointer { input throws(CodecError) in
                let scans = ExceededLimit(.scans, found: nil, maximum: limits.maxScans)
                try callShim(format: .jpeg, limit: scans) { message, capacity in
                    rdn_jpeg_decode_rgba8(
                        input.baseAddress, input.count, pixels.baseAddress, stride, width, height,
                        Int32(clamping: limits.maxScans), message, capacity)
                }
            }
        }
        return raster
    }
}
