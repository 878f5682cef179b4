import RenditionCodecs
import RenditionCore
import RenditionTestSupport

/// True-colour animations made from the sticker fixtures, resized with Lanczos-3 so their
/// edges are soft and their colours many (more than a GIF palette holds).
enum StickerAnimations {
    static func resized(_ file: String, size: Int) throws -> Raster {
        LanczosResampler().resample(try Fixtures.raster("stickers/" + file), width: size, height: size)
    }

    /// `sticker` drawn at (`x`, `y`) on a transparent `width` x `height` canvas.
    static func place(_ sticker: Raster, x: Int, y: Int, width: Int, height: Int) -> Raster {
        var canvas = Raster(width: width, height: height)
        for row in 0..<sticker.height where (0..<height).contains(y + row) {
            for column in 0..<sticker.width where (0..<width).contains(x + column) {
                canvas[x + column, y + row] = sticker[column, row]
            }
        }
        return canvas
    }

    /// A sticker bouncing up and down (`frames` frames, 4 cs each, looping forever).
    static func bouncing(_ file: String, size: Int, frames: Int = 8, amplitude: Int = 24) throws -> Animation {
        let sticker = try resized(file, size: size)
        let height = size + amplitude
        let offsets = (0..<frames).map { k in amplitude - abs(amplitude - 2 * amplitude * k / max(1, frames - 1)) }
        return Animation(
            width: size, height: height,
            frames: offsets.map {
                AnimationFrame(
                    raster: place(sticker, x: 0, y: $0, width: size, height: height), delay: .centiseconds(4))
            },
            loopCount: 0)
    }

    /// A slideshow: one sticker per frame (every pixel changes), 50 cs each, played 3 times.
    static func slideshow(_ files: [String], size: Int) throws -> Animation {
        Animation(
            width: size, height: size,
            frames: try files.map { AnimationFrame(raster: try resized($0, size: size), delay: .centiseconds(50)) },
            loopCount: 3)
    }

    static let notoFiles = [
        "noto-512/emoji_u1f3c2.png", "noto-512/emoji_u1f9a9.png", "noto-512/emoji_u1f478_1f3fc.png",
        "noto-512/emoji_u1f6ce.png",
    ]
}
