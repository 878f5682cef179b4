/// Squared Euclidean distance between the RGB parts of two little-endian RGBA pixels, in
/// 8-bit levels (alpha ignored): the measure the GIF quantiser's error and lossy LZW use.
@inline(__always)
func squaredRGBDistance(_ p: UInt32, _ q: UInt32) -> Int {
    let dr = Int(p & 0xFF) - Int(q & 0xFF)
    let dg = Int((p >> 8) & 0xFF) - Int((q >> 8) & 0xFF)
    let db = Int((p >> 16) & 0xFF) - Int((q >> 16) & 0xFF)
    return dr * dr + dg * dg + db * db
}
