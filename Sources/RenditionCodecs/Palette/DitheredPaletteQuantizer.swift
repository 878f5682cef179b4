import RenditionCore

/// Reduces premultiplied images to one shared palette of at most 256 colours with our median
/// cut (`PaletteQuantizer`'s palette), maps them with Floyd-Steinberg dithering
/// (`ErrorDiffusionDitherer`), and keeps the result only when it clears the similarity floor
/// of its `PaletteQuantization`.
///
/// - Images that together use at most 256 colours are left alone (`.unchanged`): a lossless
///   palette already holds them.
/// - Quantisation and dithering work on premultiplied red, green, blue and alpha, so the
///   error that is diffused is the error seen over any background, and translucent edges keep
///   their alpha gradient (dithered like the colours). Fully transparent pixels stay
///   `(0, 0, 0, 0)` and receive no error; visible pixels stay visible (the palette's
///   transparent entry is not offered to them).
/// - All images share one palette (for an APNG, whose single `PLTE` serves every frame);
///   each is dithered in turn, a pixel equal to the one before it in the list (same place)
///   keeping that pixel's result, so still areas of an animation do not change between frames.
/// - Refused (`.refused`) when the structural similarity to the input is below
///   `minimumSimilarity`, measured on at most `similarityFrames` images spread evenly over
///   the list (the first and last included), which bounds the cost on long animations.
/// - Deterministic: integer dithering on the calling thread, so the same images and settings
///   give the same pixels whatever the number of threads around it.
public struct DitheredPaletteQuantizer: Sendable {
    /// The settings.
    public let settings: PaletteQuantization

    /// Most images whose similarity is measured.
    public static let similarityFrames = 8

    /// Creates a quantizer.
    public init(settings: PaletteQuantization = PaletteQuantization()) {
        self.settings = settings
    }

    /// Reduces one image.
    /// - Throws: `CodecError.encodingFailed` for settings out of range.
    public func quantize(_ raster: Raster) throws(CodecError) -> PaletteQuantizationOutcome {
        try quantize([raster])
    }

    /// Reduces images (the frames of an animation, say) to one shared palette.
    /// - Throws: `CodecError.encodingFailed` for settings out of range.
    public func quantize(_ rasters: [Raster]) throws(CodecError) -> PaletteQuantizationOutcome {
        try settings.validate()
        guard Self.useMoreColors(rasters, than: 256),
            let palette = PaletteQuantizer(maximumColors: 256).palette(for: rasters)
        else { return .unchanged }
        let nearest = NearestPaletteColor(palette: palette, includingAlpha: true)
        var output: [Raster] = []
        var previous: (input: [UInt32], output: [UInt32])?
        for raster in rasters {
            let input = Self.pixels(raster)
            let mapped = mapped(
                input, width: raster.width, height: raster.height, palette: palette, nearest: nearest,
                previous: previous?.input.count == input.count ? previous : nil)
            output.append(Self.raster(mapped, width: raster.width, height: raster.height))
            previous = (input, mapped)
        }
        let similarity = Self.measuredIndices(count: rasters.count).map {
            StructuralSimilarity.similarity(rasters[$0], output[$0])
        }.min()!
        if similarity < settings.minimumSimilarity {
            return .refused(.similarity(achieved: similarity, minimum: settings.minimumSimilarity))
        }
        // Every output pixel is a palette colour or transparent, so the table never fills.
        var used = ColorIndexTable(limit: palette.count + 1)
        for raster in output {
            raster.bytes.withUnsafeBytes { raw in
                for offset in stride(from: 0, to: raw.count, by: 4) {
                    _ = used.insert(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                }
            }
        }
        return .quantized(QuantizedImages(rasters: output, colorCount: used.colors.count, similarity: similarity))
    }

    /// The frames reduced to one shared palette, delays kept; nil unless the outcome is
    /// `.quantized`.
    /// - Throws: `CodecError.encodingFailed` for settings out of range.
    func quantizedFrames(_ frames: [AnimationFrame]) throws(CodecError) -> [AnimationFrame]? {
        guard let images = try quantize(frames.map(\.raster)).quantizedImages else { return nil }
        return zip(frames, images.rasters).map { AnimationFrame(raster: $1, delay: $0.delay) }
    }

    /// `input` (row-major pixels, `0` transparent) with every visible pixel replaced by a
    /// palette entry, dithered or nearest as the settings say.
    private func mapped(
        _ input: [UInt32], width: Int, height: Int, palette: [UInt32], nearest: NearestPaletteColor,
        previous: (input: [UInt32], output: [UInt32])?
    ) -> [UInt32] {
        var pixels = input
        pixels.withUnsafeMutableBufferPointer { pixels in
            palette.withUnsafeBufferPointer { palette in
                guard settings.dithering else {
                    for i in 0..<pixels.count where pixels[i] != 0 { pixels[i] = palette[nearest.index(of: pixels[i])] }
                    return
                }
                if let previous {
                    previous.input.withUnsafeBufferPointer { previousInput in
                        previous.output.withUnsafeBufferPointer { previousOutput in
                            ErrorDiffusionDitherer.floydSteinberg(
                                pixels, width: width, height: height, palette: palette, nearest: nearest,
                                previous: (previousInput, previousOutput))
                        }
                    }
                } else {
                    ErrorDiffusionDitherer.floydSteinberg(
                        pixels, width: width, height: height, palette: palette, nearest: nearest)
                }
            }
        }
        return pixels
    }

    /// The pixels of `raster`, row-major and tightly packed, with every transparent one `0`.
    private static func pixels(_ raster: Raster) -> [UInt32] {
        let (width, height) = (raster.width, raster.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        raster.bytes.withUnsafeBytes { raw in
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = UInt32(
                        littleEndian: raw.loadUnaligned(fromByteOffset: y * raster.bytesPerRow + x * 4, as: UInt32.self)
                    )
                    pixels[y * width + x] = pixel >> 24 == 0 ? 0 : pixel
                }
            }
        }
        return pixels
    }

    /// A premultiplied raster of `pixels`.
    private static func raster(_ pixels: [UInt32], width: Int, height: Int) -> Raster {
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            let destination = UnsafeMutableRawBufferPointer(out)
            for i in 0..<pixels.count {
                destination.storeBytes(of: pixels[i].littleEndian, toByteOffset: i * 4, as: UInt32.self)
            }
            initialized = width * height * 4
        }
        return Raster(width: width, height: height, premultipliedBytes: bytes)
    }

    /// Up to `similarityFrames` indices spread evenly over `0..<count`, first and last included.
    static func measuredIndices(count: Int) -> [Int] {
        guard count > similarityFrames else { return Array(0..<count) }
        return (0..<similarityFrames).map { $0 * (count - 1) / (similarityFrames - 1) }
    }

    /// Whether `rasters` together use more than `limit` distinct premultiplied colours.
    static func useMoreColors(_ rasters: [Raster], than limit: Int) -> Bool {
        var seen = ColorIndexTable(limit: limit)
        for raster in rasters {
            let exceeded = raster.bytes.withUnsafeBytes { raw in
                for y in 0..<raster.height {
                    for x in 0..<raster.width {
                        if !seen.insert(
                            raw.loadUnaligned(fromByteOffset: y * raster.bytesPerRow + x * 4, as: UInt32.self))
                        {
                            return true
                        }
                    }
                }
                return false
            }
            if exceeded { return true }
        }
        return false
    }
}
