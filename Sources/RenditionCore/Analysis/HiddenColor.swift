/// Colour stored under fully transparent pixels in a source file: invisible, but tools that
/// resize without premultiplying alpha bleed it into the edges as a halo.
///
/// Only the file's own straight values show it (premultiplied pixels are `(0, 0, 0, 0)`
/// wherever alpha is 0), so the caller passes those, e.g. from `PNGDecoder.decodeStraight`.
public struct HiddenColor: Sendable, Equatable {
    /// Pixels with alpha 0.
    public let transparentPixels: Int
    /// Of those, the pixels whose colour is not black.
    public let coloredPixels: Int
    /// `coloredPixels / transparentPixels` (0 when there is no transparent pixel).
    public let fraction: Double
    /// Mean colour of the coloured transparent pixels.
    public let meanColor: RGBColor?

    /// Measures `straight`, an image's straight (not premultiplied) RGBA values.
    public init(straight: StraightRGBAImage) {
        var transparent = 0, colored = 0
        var r = 0, g = 0, b = 0
        let w = straight.width, stride = straight.width * 4
        straight.bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            let zero = SIMD8<UInt32>(repeating: 0)
            let alphaBits = SIMD8<UInt32>(repeating: 0xFF00_0000)
            let redBlue = SIMD8<UInt32>(repeating: 0x00FF_00FF), byte = SIMD8<UInt32>(repeating: 0xFF)
            for y in 0..<straight.height {
                let row = base + y * stride
                // Eight pixels at a time. A comparison's mask is -1 in the lanes where it holds,
                // so subtracting it counts. Red and blue are summed together in the two 16-bit
                // halves of a lane, flushed every 256 steps before they could overflow.
                var x = 0
                while x + 8 <= w {
                    var transparentLanes = zero, coloredLanes = zero, redBlueLanes = zero, greenLanes = zero
                    let end = min(w - 8, x + 8 * 255)
                    while x <= end {
                        let v = row.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self)
                        let hidden = unsafeBitCast(v & alphaBits .== zero, to: SIMD8<UInt32>.self)
                        let tinted = hidden & ~unsafeBitCast(v .== zero, to: SIMD8<UInt32>.self)
                        transparentLanes &-= hidden
                        coloredLanes &-= tinted
                        let masked = v & tinted
                        redBlueLanes &+= masked & redBlue
                        greenLanes &+= (masked &>> 8) & byte
                        x &+= 8
                    }
                    transparent += Int(transparentLanes.wrappedSum())
                    colored += Int(coloredLanes.wrappedSum())
                    r += Int((redBlueLanes & SIMD8(repeating: 0xFFFF)).wrappedSum())
                    b += Int((redBlueLanes &>> 16).wrappedSum())
                    g += Int(greenLanes.wrappedSum())
                }
                while x < w {
                    let o = y * stride + x * 4
                    x += 1
                    guard buffer[o + 3] == 0 else { continue }
                    transparent += 1
                    let pr = buffer[o], pg = buffer[o + 1], pb = buffer[o + 2]
                    if pr | pg | pb != 0 {
                        colored += 1
                        r += Int(pr)
                        g += Int(pg)
                        b += Int(pb)
                    }
                }
            }
        }
        transparentPixels = transparent
        coloredPixels = colored
        fraction = transparent > 0 ? Double(colored) / Double(transparent) : 0
        meanColor =
            colored > 0
            ? RGBColor(clamping: Double(r) / Double(colored), Double(g) / Double(colored), Double(b) / Double(colored))
            : nil
    }
}
