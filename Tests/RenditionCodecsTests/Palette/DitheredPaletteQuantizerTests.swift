import Dispatch
import RenditionCore
import RenditionTestSupport
import Synchronization
import Testing

@testable import RenditionCodecs

/// Lossy dithered palette output (`DitheredPaletteQuantizer`, `PNGEncoder.Options.palette`,
/// `APNGEncoder.Options.palette`) on real stickers and on images made to defeat it.
@Suite("Dithered palette quantisation")
struct DitheredPaletteQuantizerTests {
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

    static let colorType = PNGEncoderTests.colorType
    static let bitDepth = PNGEncoderTests.bitDepth

    @Test(
        "a palette PNG of a real @1x and @2x decodes to exactly the quantised pixels, within mean 1.5 and max 96 levels per premultiplied channel of its input; transparent pixels stay transparent and visible ones visible",
        arguments: ["noto-512/emoji_u1f469_1f3fb_200d_1f3eb.png", "openmoji-618/1F384.png", "derived/1F601-300.png"])
    func roundTrip(file: String) throws {
        for scale in [StickerScale.x1, .x2] {
            let input = try Self.rendition(file, scale: scale)
            let outcome = try #require(try DitheredPaletteQuantizer().quantize(input).quantizedImages)
            #expect(outcome.colorCount <= 256 && outcome.similarity >= PaletteQuantization.defaultMinimumSimilarity)
            let png = try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(input)
            #expect(
                Self.colorType(png) == 3 && Self.bitDepth(png) == 8,
                "\(file) @\(scale.rawValue)x is not an 8-bit palette PNG")
            let decoded = try PNGDecoder.decode(png)
            let exact = decoded == outcome.rasters[0].tightlyPacked()
            #expect(exact, "\(file) @\(scale.rawValue)x: the PNG does not hold the quantised pixels")
            let (mean, largest) = Self.error(input, decoded)
            #expect(mean <= 1.5 && largest <= 96, "\(file) @\(scale.rawValue)x: mean \(mean), max \(largest)")
            var gained = 0, lost = 0, edges = 0
            for y in 0..<input.height {
                for x in 0..<input.width {
                    if input[x, y].a == 0 && decoded[x, y] != RGBA(0, 0, 0, 0) { gained += 1 }
                    if input[x, y].a > 0 && decoded[x, y].a == 0 { lost += 1 }
                    if input[x, y].a > 0 && input[x, y].a < 255 { edges += 1 }
                }
            }
            #expect(
                gained == 0 && lost == 0,
                "\(file) @\(scale.rawValue)x: \(gained) transparent pixels became visible, \(lost) visible ones transparent"
            )
            // Alpha edges survive: the translucent pixels keep their alpha closely on average.
            var alphaError = 0
            for y in 0..<input.height {
                for x in 0..<input.width where input[x, y].a > 0 && input[x, y].a < 255 {
                    alphaError += abs(Int(input[x, y].a) - Int(decoded[x, y].a))
                }
            }
            #expect(
                edges > 0 && Double(alphaError) / Double(edges) < 12,
                "\(file) @\(scale.rawValue)x: mean alpha error \(Double(alphaError) / Double(max(1, edges))) over \(edges) edge pixels"
            )
        }
    }

    @Test(
        "dithering: a flat colour between two palette entries becomes a mix of both whose mean is the colour; a translucent one keeps its mean alpha"
    )
    func ditheringKeepsTheMean() throws {
        // Premultiplied RGBA: opaque grey 128 between opaque black and white; a translucent
        // grey (alpha 159) between opaque white and grey at alpha 64.
        let (width, height) = (64, 64)
        for (colour, palette) in [
            (UInt32(0xFF80_8080), [UInt32(0xFF00_0000), 0xFFFF_FFFF]),
            (UInt32(0x9F9F_9F9F), [UInt32(0xFFFF_FFFF), 0x4040_4040]),
        ] {
            let nearest = NearestPaletteColor(palette: palette, includingAlpha: true)
            var pixels = [UInt32](repeating: colour, count: width * height)
            pixels[0] = 0
            pixels.withUnsafeMutableBufferPointer { pixels in
                palette.withUnsafeBufferPointer { palette in
                    ErrorDiffusionDitherer.floydSteinberg(
                        pixels, width: width, height: height, palette: palette, nearest: nearest)
                }
            }
            #expect(pixels[0] == 0, "a transparent pixel was given a colour")
            #expect(Set(pixels.dropFirst()) == Set(palette))
            for shift: UInt32 in [0, 24] {
                let mean =
                    Double(pixels.dropFirst().reduce(0) { $0 + Int(($1 >> shift) & 0xFF) }) / Double(pixels.count - 1)
                #expect(abs(mean - Double((colour >> shift) & 0xFF)) < 2, "channel at bit \(shift): mean \(mean)")
            }
        }
    }

    @Test("the RGBA nearest-colour lookup agrees with a search of every entry, ties to the lower index")
    func nearestColorIsExact() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        let palette = (0..<200).map { _ in next() }
        let nearest = NearestPaletteColor(palette: palette, includingAlpha: true)
        for _ in 0..<20_000 {
            let c = next()
            let channels = (0..<4).map { Int32((c >> ($0 * 8)) & 0xFF) }
            var best = 0, bestDistance = Int32.max
            for (i, entry) in palette.enumerated() {
                let d = (0..<4).reduce(Int32(0)) { sum, k in
                    let e = Int32((entry >> (UInt32(k) * 8)) & 0xFF) - channels[k]
                    return sum + e * e
                }
                if d < bestDistance { (best, bestDistance) = (i, d) }
            }
            #expect(nearest.index(r: channels[0], g: channels[1], b: channels[2], a: channels[3]) == best)
        }
    }

    @Test("an @1x whose truecolour PNG is larger than its palette master is smaller than the master as a palette PNG")
    func smallerThanMaster() throws {
        for file in ["openmoji-618/E04A.png", "openmoji-618/1F384.png"] {
            let master = try Fixtures.bytes("stickers/" + file)
            let input = try Self.rendition(file, scale: .x1)
            let truecolour = try PNGEncoder().encode(input)
            let palette = try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(input)
            #expect(
                truecolour.count > master.count, "\(file): truecolour \(truecolour.count) B, master \(master.count) B")
            #expect(palette.count < master.count, "\(file): palette \(palette.count) B, master \(master.count) B")
            #expect(
                palette.count < truecolour.count * 6 / 10,
                "\(file): palette \(palette.count) B, truecolour \(truecolour.count) B")
        }
    }

    @Test("the similarity floor keeps smooth colour and alpha ramps truecolour; a lower floor takes the palette")
    func floorKeepsTruecolour() throws {
        let image = TestImages.gradient()
        guard
            case .refused(.similarity(let achieved, minimum: PaletteQuantization.defaultMinimumSimilarity)) =
                try DitheredPaletteQuantizer().quantize(image)
        else {
            Issue.record("the default floor accepted the gradient")
            return
        }
        #expect(achieved > 0.5 && achieved < PaletteQuantization.defaultMinimumSimilarity)
        let lossless = try PNGEncoder().encode(image)
        let refused = try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(image)
        let same = refused == lossless
        #expect(same && Self.colorType(refused) == 6)
        // A floor under what was achieved takes the same image as a palette, with that figure.
        let lenient = PaletteQuantization(minimumSimilarity: achieved)
        let accepted = try #require(try DitheredPaletteQuantizer(settings: lenient).quantize(image).quantizedImages)
        #expect(accepted.similarity == achieved && accepted.colorCount <= 256)
        #expect(Self.colorType(try PNGEncoder(options: .init(palette: lenient)).encode(image)) == 3)
    }

    @Test("images with at most 256 colours are left alone: the PNG is the lossless one")
    func fewColorsUnchanged() throws {
        // OpenMoji masters are palette PNGs.
        let master = try Fixtures.raster("stickers/openmoji-618/1F195.png")
        guard case .unchanged = try DitheredPaletteQuantizer().quantize(master) else {
            Issue.record("a palette master was quantised again")
            return
        }
        let same =
            try PNGEncoder(options: .init(palette: PaletteQuantization())).encode(master)
            == (try PNGEncoder().encode(master))
        #expect(same)
    }

    @Test(
        "the same images give the same palette result on any number of threads at once, and APNG frame threads do not change it"
    )
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

    @Test(
        "an APNG shares one palette over its frames: 8-bit indices, every frame decodes to its quantised pixels, smaller than truecolour"
    )
    func animationSharesPalette() throws {
        let animation = try StickerAnimations.bouncing("noto-512/emoji_u1f3c2.png", size: 160, frames: 6)
        let outcome = try #require(
            try DitheredPaletteQuantizer().quantize(animation.frames.map(\.raster)).quantizedImages)
        #expect(outcome.colorCount <= 256 && outcome.rasters.count == animation.frames.count)
        let apng = try APNGEncoder(options: .init(palette: PaletteQuantization())).encode(animation)
        let truecolour = try APNGEncoder().encode(animation)
        #expect(Self.colorType(apng) == 3 && Self.bitDepth(apng) == 8)
        #expect(apng.count < truecolour.count / 2, "palette \(apng.count) B, truecolour \(truecolour.count) B")
        let decoded = try APNGDecoder.decode(apng)
        #expect(
            decoded.frames.count == animation.frames.count
                && decoded.frames.map(\.delay) == animation.frames.map(\.delay))
        for (index, (frame, original)) in zip(decoded.frames, animation.frames).enumerated() {
            let exact = frame.raster == outcome.rasters[index].tightlyPacked()
            #expect(exact, "frame \(index) is not the quantised frame")
            let (mean, largest) = Self.error(original.raster, frame.raster)
            #expect(mean <= 1.5 && largest <= 96, "frame \(index): mean \(mean), max \(largest)")
        }
        // Without the option, nothing changes.
        let unchanged = try APNGEncoder(options: .init(palette: nil)).encode(animation) == truecolour
        #expect(unchanged)
    }

    @Test("a similarity floor out of range is a typed error")
    func invalidSettings() throws {
        let image = TestImages.gradient()
        for settings in [PaletteQuantization(minimumSimilarity: 1.5), PaletteQuantization(minimumSimilarity: -0.1)] {
            #expect(throws: CodecError.self) { try DitheredPaletteQuantizer(settings: settings).quantize(image) }
            #expect(throws: CodecError.self) { try PNGEncoder(options: .init(palette: settings)).encode(image) }
        }
    }
}
