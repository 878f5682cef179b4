import RenditionCore

/// Still images made in code for the tests.
public enum TestImages {
    /// A 256 x 256 image whose colour and alpha all change smoothly, with no two pixels alike:
    /// red along x, green along y, blue along the diagonal, alpha from 64 to 255. More colours
    /// than a palette holds, and too smooth for a dithered one to clear a 0.98 SSIM floor.
    public static func gradient() -> Raster {
        var straight = [UInt8](repeating: 0, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let o = (y * 256 + x) * 4
                straight[o] = UInt8(x)
                straight[o + 1] = UInt8(y)
                straight[o + 2] = UInt8((x + y) / 2)
                straight[o + 3] = UInt8(64 + (x + y) * 191 / 510)
            }
        }
        return Raster(width: 256, height: 256, straightRGBA: straight)
    }

    /// A fully opaque `width` x `height` image with a photo's size and none of a sticker's
    /// transparency: red along x, green along y, blue a fine pattern of both (detail that
    /// downscaling has to average).
    public static func photo(width: Int, height: Int) -> Raster {
        var straight = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                straight[o] = UInt8(x * 255 / max(1, width - 1))
                straight[o + 1] = UInt8(y * 255 / max(1, height - 1))
                straight[o + 2] = UInt8(truncatingIfNeeded: (x ^ y) * 3)
            }
        }
        return Raster(width: width, height: height, straightRGBA: straight)
    }
}
