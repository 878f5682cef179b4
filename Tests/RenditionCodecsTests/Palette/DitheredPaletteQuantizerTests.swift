import Dispatch
import Synchronization
import RenditionTestSupport
import RenditionCodecs
import RenditionCore
import Testing

/// Lossy palette output through libimagequant (`ImageQuantizer`, `PNGEncoder.Options.palette`,
/// `APNGEncoder.Options.palette`) on real stickers and on images made to defeat it.
@Suite("Palette quantisation (libimagequant)")
struct ImageQuantizerTests {
    /// A fixture master resampled to its @1x or @2x size, as `rendition render` makes it.
    static func rendition(_ file: String, scale: StickerScale) throws -> Raster {
        let master = try Fixtures.raster("stickers/" + file)
        let size = StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: scale)
        return LanczosResampler().resample(master, width: size.width, height: size.height)
    }

    /// Mean and largest absolute difference per channel over the premultiplied bytes.
    static func error(_ a: Raster, _ b: Raster) -> (mean: Double, max: Int) {
        let a = a.tightlyPacked().bytes, b = b.tightlyPacked().bytes
        var total = 0, largest = 0
        for i in a.indices {
            let d = abs(Int(a[i]) - Int(b[i]))
            total += d
            largest = max(largest, d)
        }
        return (Double(total) / Double(a.count), largest)
    }

    /// A 256 x 256 image whose colour and alpha all change smoothly, with no two pixels
    /// alike: red along x, green along y, blue along the diagonal, alpha from 64 to 255.
    static func gradient() -> Raster {
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

    static let colorType = PNGEncoderTests.colorType
    static let bitDepth = PNGEncoderTests.bitDepth

    @Test("a palette PNG of a real @1x and @2x decodes within mean 1.5 and max 96 levels per premultiplied channel of its input, transparency kept",
          arguments: ["noto-512/emoji_u1f469_1f3fb_200d_1f3eb.png", "openmoji-618/1F384.png", "derived/1F601-300.png"])
    func errorBound(file: String) throws {
        for scale in [StickerScale.x1, .x2] {
            let input = try Self.rendition(file, scale: scale)
            let png = try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(input)
            #expect(Self.colorType(png) == 3 && Self.bitDepth(png) == 8, "\(file) @\(scale.rawValue)x is not an 8-bit palette PNG")
            let decoded = try PNGDecoder.decode(png)
            let (mean, largest) = Self.error(input, decoded)
            #expect(mean <= 1.5 && largest <= 96, "\(file) @\(scale.rawValue)x: mean \(mean), max \(largest)")
            // Fully transparent pixels stay fully transparent, and only they become so.
            var gained = 0, lost = 0
            for y in 0..<input.height {
                for x in 0..<input.width {
                    if input[x, y].a == 0 && decoded[x, y] != RGBA(0, 0, 0, 0) { gained += 1 }
                    if input[x, y].a > 8 && decoded[x, y].a == 0 { lost += 1 }
                }
            }
            #expect(gained == 0 && lost == 0, "\(file) @\(scale.rawValue)x: \(gained) transparent pixels became visible, \(lost) with alpha over 8 became transparent")
        }
    }

    @Test("an @1x whose truecolour PNG is larger than its palette master becomes smaller than both as a palette PNG")
    func smallerThanTruecolour() throws {
        for file in ["openmoji-618/E04A.png", "noto-512/emoji_u1f469_1f3fb_200d_1f3eb.png"] {
            let master = try Fixtures.bytes("stickers/" + file)
            let input = try Self.rendition(file, scale: .x1)
            let truecolour = try PNGEncoder().encode(input)
            let palette = try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(input)
            #expect(palette.count < truecolour.count * 6 / 10, "\(file): palette \(palette.count) B, truecolour \(truecolour.count) B")
            #expect(palette.count < master.count, "\(file): palette \(palette.count) B, master \(master.count) B")
        }
        // E04A is one of the @1x files larger than their master without the palette option.
        let e04a = try PNGEncoder().encode(try Self.rendition("openmoji-618/E04A.png", scale: .x1))
        #expect(e04a.count > (try Fixtures.bytes("stickers/openmoji-618/E04A.png")).count)
    }

    @Test("the quality floor refuses a gradient-heavy image when set high, and the PNG stays the lossless truecolour one")
    func qualityFloorRefuses() throws {
        let image = Self.gradient()
        let strict = PaletteQuantization(minimumQuality: 99)
        guard case .refused(.quality(_, minimum: 99)) = try ImageQuantizer(settings: strict).quantize(image) else {
            Issue.record("a quality floor of 99 accepted the gradient")
            return
        }
        let lossless = try PNGEncoder().encode(image)
        let refused = try PNGEncoder(options: .init(palette: strict)).encode(image)
        let same = refused == lossless
        #expect(same && Self.colorType(refused) == 6)
        // A low floor takes the same image as a palette: the floor is what refused it.
        let lenient = PaletteQuantization(minimumQuality: 30, minimumSimilarity: 0)
        let accepted = try #require(try ImageQuantizer(settings: lenient).quantize(image).quantizedImages)
        #expect(accepted.quality >= 30 && accepted.quality < 99 && accepted.colorCount <= 256)
        #expect(Self.colorType(try PNGEncoder(options: .init(palette: lenient)).encode(image)) == 3)
    }

    @Test("the similarity floor refuses a result its SSIM falls short of, independently of the quality floor")
    func similarityFloorRefuses() throws {
        let image = Self.gradient()
        let settings = PaletteQuantization(minimumQuality: 0, minimumSimilarity: 0.9999)
        guard case .refused(.similarity(let achieved, minimum: 0.9999)) = try ImageQuantizer(settings: settings).quantize(image) else {
            Issue.record("a similarity floor of 0.9999 accepted the gradient")
            return
        }
        #expect(achieved > 0 && achieved < 0.9999)
        let truecolour = try PNGEncoder(options: .init(palette: settings)).encode(image) == (try PNGEncoder().encode(image))
        #expect(truecolour)
        // The figure a refusal reports is the one an accepted result carries.
        let measured = try #require(try ImageQuantizer(settings: .init(minimumQuality: 0, minimumSimilarity: 0)).quantize(image).quantizedImages)
        #expect(measured.similarity == achieved)
    }

    @Test("images with at most 256 colours are left alone: the PNG is the lossless one")
    func fewColorsUnchanged() throws {
        // OpenMoji masters are palette PNGs.
        let master = try Fixtures.raster("stickers/openmoji-618/1F195.png")
        guard case .unchanged = try ImageQuantizer().quantize(master) else {
            Issue.record("a palette master was quantised again")
            return
        }
        let same = try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(master) == (try PNGEncoder().encode(master))
        #expect(same)
    }

    @Test("the same images give the same palette result on any number of threads at once, and APNG frame threads do not change it")
    func deterministicAcrossThreads() throws {
        let input = try Self.rendition("noto-512/emoji_u1f3c2.png", scale: .x2)
        let settings = PaletteQuantization()
        let serial = try PNGEncoder(options: .init(palette: settings)).encode(input)
        #expect(Self.colorType(serial) == 3)
        let results = Mutex([[UInt8]?](repeating: nil, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let bytes = try? PNGEncoder(options: .init(palette: settings)).encode(input)
            results.withLock { $0[index] = bytes }
        }
        let allSame = results.withLock { $0 }.allSatisfy { $0 == serial }
        #expect(allSame)

        let animation = try StickerAnimations.bouncing("noto-512/emoji_u1f3c2.png", size: 160, frames: 6)
        let one = try APNGEncoder(options: .init(threads: 1, palette: settings)).encode(animation)
        let four = try APNGEncoder(options: .init(threads: 4, palette: settings)).encode(animation)
        let same = one == four
        #expect(same && Self.colorType(one) == 3)
    }

    @Test("an APNG shares one palette over its frames: 8-bit indices, every frame within the still bound, smaller than truecolour")
    func animationSharesPalette() throws {
        let animation = try StickerAnimations.slideshow(StickerAnimations.notoFiles, size: 206)
        let settings = PaletteQuantization(minimumQuality: 80)
        let outcome = try #require(try ImageQuantizer(settings: settings).quantize(animation.frames.map(\.raster)).quantizedImages)
        #expect(outcome.colorCount <= 256 && outcome.rasters.count == animation.frames.count)
        let apng = try APNGEncoder(options: .init(palette: settings)).encode(animation)
        let truecolour = try APNGEncoder().encode(animation)
        #expect(Self.colorType(apng) == 3 && Self.bitDepth(apng) == 8)
        #expect(apng.count < truecolour.count / 2, "palette \(apng.count) B, truecolour \(truecolour.count) B")
        let decoded = try APNGDecoder.decode(apng)
        #expect(decoded.frames.count == animation.frames.count && decoded.frames.map(\.delay) == animation.frames.map(\.delay))
        for (index, (frame, original)) in zip(decoded.frames, animation.frames).enumerated() {
            let exact = frame.raster == outcome.rasters[index]
            #expect(exact, "frame \(index) is not the quantised frame")
            let (mean, largest) = Self.error(original.raster, frame.raster)
            #expect(mean <= 1.5 && largest <= 96, "frame \(index): mean \(mean), max \(largest)")
        }
        // Without the option, nothing changes.
        let unchanged = try APNGEncoder(options: .init(palette: nil)).encode(animation) == truecolour
        #expect(unchanged)
    }

    @Test("settings out of range are typed errors")
    func invalidSettings() throws {
        let image = Self.gradient()
        for settings in [PaletteQuantization(minimumQuality: 101), PaletteQuantization(minimumQuality: 90, targetQuality: 80),
                         PaletteQuantization(dithering: 1.5), PaletteQuantization(minimumSimilarity: -0.1), PaletteQuantization(speed: 0)] {
            #expect(throws: CodecError.self) { try ImageQuantizer(settings: settings).quantize(image) }
            #expect(throws: CodecError.self) { try PNGEncoder(options: .init(palette: settings)).encode(image) }
        }
    }
}
