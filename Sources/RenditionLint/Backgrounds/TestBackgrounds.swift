import RenditionCore

/// The six backgrounds Apple suggests checking stickers on: white, black, red, yellow, a
/// multicolour gradient and a photo.
public enum TestBackgrounds {
    /// The bundled photo (a public-domain Met Museum photo of a faience hippopotamus, 36 x 28).
    public static let photo = TestBackground(name: "photo", fill: .image(photoRaster))

    /// The photo's pixels. Kept in a global of their own: `photo` holds them inside an enum
    /// whose case tag Swift keeps in spare bits of the pointer, which leak checkers such as
    /// valgrind do not recognise as a pointer; this global holds the same buffer through a
    /// plain one, so the buffer stays visibly reachable for the life of the process.
    static let photoRaster: Raster = {
        let rgb = Base64.decode(TestBackgroundPhoto.base64RGB) ?? []
        let w = TestBackgroundPhoto.width, h = TestBackgroundPhoto.height
        var raster = Raster(width: w, height: h)
        if rgb.count == w * h * 3 {
            for i in 0..<(w * h) {
                raster.bytes[i * 4] = rgb[i * 3]
                raster.bytes[i * 4 + 1] = rgb[i * 3 + 1]
                raster.bytes[i * 4 + 2] = rgb[i * 3 + 2]
                raster.bytes[i * 4 + 3] = 255
            }
        }
        return raster
    }()

    /// White, black, red, yellow, multicolour and photo, in that order.
    public static let standard: [TestBackground] = [.white, .black, .red, .yellow, .multicolor, photo]
}

/// Decodes standard base64 (RFC 4648), ignoring line breaks and spaces.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(c)] = Int8(i)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer = 0, bits = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "=") { break }
            if c == 10 || c == 13 || c == 32 { continue }
            let v = table[Int(c)]
            if v < 0 { return nil }
            buffer = (buffer << 6) | Int(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> bits))
                buffer &= (1 << bits) - 1
            }
        }
        return out
    }
}
