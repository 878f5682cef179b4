import Foundation
import RenditionCodecs
import RenditionCore

/// Animations made in code for the tests, and a folder of mixed inputs.
public enum TestAnimations {
    /// OpenMoji's burger standing still at the left of a 200 x 160 canvas while its bee flies
    /// on the right, 10 frames of 80 ms: a frame that is not a key frame holds only the bee.
    public static func burgerAndFlyingBee() throws -> Animation {
        let burger = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F354.png"), width: 80, height: 80)
        let bee = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F41D.png"), width: 64, height: 64)
        return Animation(
            width: 200, height: 160,
            frames: (0..<10).map { i in
                var canvas = Raster(width: 200, height: 160)
                for y in 0..<80 { for x in 0..<80 { canvas[x, y + 40] = burger[x, y] } }
                for y in 0..<64 { for x in 0..<64 { canvas[x + 96 + i * 4, y + 8 + i * 6] = bee[x, y] } }
                return AnimationFrame(raster: canvas, delay: .milliseconds(80))
            })
    }

    /// A sticker with a small square moving across it: `frames` frames of `side` px at 24
    /// frames per second, looping forever, over OpenMoji 1F195 resampled to `side`.
    /// (`Fixtures/animated/moving-square-300f-618.png` is `movingSquare(frames: 300, side: 618)`.)
    public static func movingSquare(frames: Int, side: Int) throws -> Animation {
        let background = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F195.png"), width: side, height: side)
        var result: [AnimationFrame] = []
        for i in 0..<frames {
            var raster = background
            let x0 = (i * 7) % (side - 40), y0 = (i * 3) % (side - 40)
            for y in y0..<(y0 + 40) { for x in x0..<(x0 + 40) { raster[x, y] = RGBA(UInt8(i % 256), 40, 200, 255) } }
            result.append(AnimationFrame(raster: raster, delay: FrameDelay(numerator: 1, denominator: 24)))
        }
        return Animation(width: side, height: side, frames: result, loopCount: 0)
    }

    /// Stills for the determinism checks: OpenMoji art (hard edges), Noto art (soft alpha), a JPEG.
    public static let determinismStills = [
        "stickers/openmoji-618/1F195.png", "stickers/openmoji-618/1F300.png", "stickers/noto-512/emoji_u1f236.png",
        "stickers/derived/1F601-300.png", "jpeg/emoji_u1f236-on-white.jpg",
    ]
    /// Animations from other encoders: APNG (wuffs), GIF (wuffs), lossy WebP (image-webp).
    public static let determinismAnimations = [
        "apng/wuffs/muybridge.apng", "gif/wuffs/muybridge.gif", "webp/image-webp/animated/random_lossy.webp",
    ]

    /// A new folder holding `determinismStills`, `determinismAnimations` and a 12-frame 300 px
    /// `movingSquare` as APNG, GIF and WebP (`determinismInputCount` files).
    public static func determinismInputFolder() throws -> String {
        let folder = try TemporaryFolder.make("rendition-determinism")
        for (index, file) in (determinismStills + determinismAnimations).enumerated() {
            let name = "\(index)-" + URL(fileURLWithPath: file).lastPathComponent
            try FileManager.default.copyItem(atPath: Fixtures.path(file), toPath: "\(folder)/\(name)")
        }
        let square = try movingSquare(frames: 12, side: 300)
        try Data(try APNGEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square-apng.png"))
        try Data(try GIFEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square-gif.gif"))
        try Data(try WebPEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square-webp.webp"))
        return folder
    }

    /// The number of files `determinismInputFolder` writes.
    public static var determinismInputCount: Int { determinismStills.count + determinismAnimations.count + 3 }
}
