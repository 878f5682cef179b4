import CRenditionKernels

/// Exact conversions between straight and premultiplied alpha, 8 bits per channel.
///
/// Premultiplying rounds `value * alpha / 255` to nearest; unpremultiplying rounds
/// `premultiplied * 255 / alpha` to nearest (and clamps to 255). Together they promise:
/// - premultiplied → straight → premultiplied returns the same bytes for every valid
///   premultiplied pair (`value <= alpha`);
/// - straight → premultiplied → straight returns the same bytes when alpha is 255, and
///   otherwise differs by at most `round(127.5 / alpha)` (the precision premultiplied storage
///   keeps at that alpha); alpha 0 always becomes `(0, 0, 0, 0)`.
public enum AlphaConversion {
    /// `round(value * alpha / 255)`, exact for all 8-bit inputs.
    @inlinable @inline(__always)
    public static func premultiply(_ value: UInt8, alpha: UInt8) -> UInt8 {
        let t = UInt32(value) &* UInt32(alpha) &+ 128
        return UInt8(truncatingIfNeeded: (t &+ (t >> 8)) >> 8)
    }

    /// `min(255, round(premultiplied * 255 / alpha))`, and 0 when alpha is 0.
    @inlinable @inline(__always)
    public static func unpremultiply(_ premultiplied: UInt8, alpha: UInt8) -> UInt8 {
        unpremultiplyTable[Int(alpha) << 8 | Int(premultiplied)]
    }

    /// Lookup table indexed by `alpha << 8 | premultiplied` (64 KiB, built once).
    public static let unpremultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for alpha in 1..<256 {
            for value in 0..<256 {
                let straight = (value * 255 + alpha / 2) / alpha
                table[alpha << 8 | value] = UInt8(min(255, straight))
            }
        }
        return table
    }()

    /// Premultiplies `pixelCount` straight RGBA pixels from `source` into `destination`
    /// (which may be the same memory).
    public static func premultiply(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, pixelCount: Int
    ) {
        rdn_premultiply_rgba(source, destination, pixelCount)
    }

    /// Converts `pixelCount` premultiplied RGBA pixels from `source` to straight alpha in
    /// `destination` (which may be the same memory).
    public static func unpremultiply(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, pixelCount: Int
    ) {
        unpremultiplyTable.withUnsafeBufferPointer { table in
            rdn_unpremultiply_rgba(source, destination, pixelCount, table.baseAddress!)
        }
    }
}
