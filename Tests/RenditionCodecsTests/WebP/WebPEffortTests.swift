import RenditionCodecs
import RenditionCore
import Testing

/// Encoder effort bounded by pixels: stickers keep the options' effort (and so their bytes),
/// photo-sized frames are encoded at libwebp's fastest settings.
@Suite("WebP: encoder effort by frame size")
struct WebPEffortTests {
    @Test("Frames up to 1 MP, every sticker size among them, keep the options' method and quality")
    func stickersKeepTheirEffort() {
        let encoder = WebPEncoder(options: .lossless)
        for side in [96, 160, 300, 412, 512, 618, 1024] {
            let effort = encoder.effort(pixels: side * side)
            #expect(effort.method == WebPEncoder.Options.lossless.method)
            #expect(effort.losslessQuality == WebPEncoder.Options.lossless.quality)
        }
    }

    @Test("Larger frames get less effort, photo-sized ones the least")
    func largeFrames() {
        let encoder = WebPEncoder(options: .lossless)
        let medium = encoder.effort(pixels: 2_000_000)
        #expect(medium.method <= 1 && medium.losslessQuality <= 25)
        let photo = encoder.effort(pixels: 7439 * 1437)
        #expect(photo.method == 0 && photo.losslessQuality == 0)
    }

    @Test("A sticker-sized frame is encoded at the options' effort, not at the fastest settings")
    func sameBytes() throws {
        var raster = Raster(width: 300, height: 300)
        for index in stride(from: 0, to: raster.bytes.count, by: 4) {
            let value = UInt8(truncatingIfNeeded: index / 4 % 251)
            raster.bytes[index] = value
            raster.bytes[index + 1] = value &* 3
            raster.bytes[index + 2] = 255 - value
            raster.bytes[index + 3] = 255
        }
        var fastest = WebPEncoder.Options.lossless
        fastest.method = 0
        fastest.quality = 0
        let sticker = try WebPEncoder(options: .lossless).encode(raster)
        let fast = try WebPEncoder(options: fastest).encode(raster)
        // The bound leaves a sticker-sized frame at the options' effort, which differs from
        // the fastest settings.
        #expect(sticker != fast)
    }
}
