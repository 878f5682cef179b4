import RenditionCore

/// Encodes an `Animation` as one APNG file, small and exact: every frame decodes to the
/// animation's pixels, delays and loop count are kept.
///
/// - Identical consecutive frames are merged, their delays added exactly.
/// - One pixel format serves the whole file (`APNGPixelFormat`): a palette when all frames
///   together use at most 256 colours, else grey, grey + alpha, RGB or RGBA; with
///   `truecolour`, RGB or RGBA only.
/// - With `interFrameOptimization`, each frame is cropped to the region that changed and
///   stored with the dispose and blend operations that make it smallest
///   (`APNGFramePlanner`).
/// - Delays are written as `delay_num / delay_den`, exactly when both fit in 16 bits
///   (reducing the fraction if needed), else as the closest such fraction.
/// - A single frame (after merging) is written as a plain PNG by `PNGEncoder`.
/// - With `Options.palette`, frames with more than 256 colours together are first reduced to
///   one shared dithered palette when the result is similar enough
///   (`DitheredPaletteQuantizer`), a lossy step.
///
/// Output is deterministic: same animation and options, same bytes.
public struct APNGEncoder: Sendable {
    /// The default level for frames: 5, Rendition's own deflate compressor for filtered rows
    /// searching less than at level 6, the default for stills (``DeflateCompressor``). An
    /// animation compresses every frame, so compression is most of its time: on the 24-frame
    /// 618 px sticker of the peer comparison (@2x + @1x) level 5 takes about three quarters of
    /// level 6's time, for files 1.3 % larger (1,022,825 against 1,009,563 bytes), still under
    /// Pillow's APNGs of the same frames (1,041,039) and libdeflate's level 5 (1,031,647).
    /// Pass 6 or more for the smallest files. See docs/APNG.md.
    public static let defaultCompressionLevel = 5

    /// Encoder settings.
    public struct Options: Sendable, Equatable {
        /// Compression level, 0 (store) ... 12 (smallest, slowest): 5 and 6 are Rendition's own
        /// deflate compressor for filtered rows, the others libdeflate's (``DeflateCompressor``).
        public var compressionLevel: Int
        /// Whether animations with at most 256 colours may be written with a palette.
        public var allowPalette: Bool
        /// Whether every frame is stored in truecolour — RGB, or RGBA when anything is
        /// translucent (PNG colour types 2 and 6) — never a palette or grey (Signal for iOS
        /// shows palette APNGs without animation). Overrides `allowPalette` and `palette`.
        public var truecolour: Bool
        /// Whether frames are cropped to what changed, with dispose and blend chosen to
        /// minimise bytes; when false every frame is the whole canvas (blend SOURCE,
        /// dispose NONE).
        public var interFrameOptimization: Bool
        /// The libdeflate level used to compare candidate encodings of a frame (the winner
        /// is then compressed at `compressionLevel`); at or above `compressionLevel`
        /// candidates are compressed at `compressionLevel` directly.
        public var trialCompressionLevel: Int
        /// Whether identical consecutive frames are merged (their delays added). Turn off when
        /// a platform needs a minimum number of frames.
        public var mergeIdenticalFrames: Bool
        /// Threads compressing frames in parallel (the bytes do not depend on it).
        public var threads: Int
        /// Lossy palette output: when set (and `allowPalette` is true), an animation with more
        /// than 256 colours is reduced to one dithered palette shared by every frame
        /// (`DitheredPaletteQuantizer`) and written with 8-bit indices, unless the result falls
        /// below the settings' floor,
        /// in which case it is written losslessly as without this option. `nil` (the default):
        /// lossless only.
        public var palette: PaletteQuantization?

        /// Creates options.
        public init(
            compressionLevel: Int = APNGEncoder.defaultCompressionLevel, allowPalette: Bool = true,
            interFrameOptimization: Bool = true, trialCompressionLevel: Int = 3, mergeIdenticalFrames: Bool = true,
            threads: Int = 1, palette: PaletteQuantization? = nil, truecolour: Bool = false
        ) {
            self.truecolour = truecolour
            self.palette = palette
            self.threads = max(1, threads)
            self.compressionLevel = compressionLevel
            self.allowPalette = allowPalette
            self.interFrameOptimization = interFrameOptimization
            self.trialCompressionLevel = trialCompressionLevel
            self.mergeIdenticalFrames = mergeIdenticalFrames
        }
    }

    /// The settings this encoder uses.
    public let options: Options

    /// Creates an encoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Encodes `animation` as an APNG file (a plain PNG when it has one distinct frame).
    /// - Throws: `CodecError.encodingFailed` when the loop count is outside 0...2^31-1 or
    ///   the compressor fails.
    public func encode(_ animation: Animation) throws(CodecError) -> [UInt8] {
        guard (0...Int(Int32.max)).contains(animation.loopCount) else {
            throw .encodingFailed(format: .png, reason: "loop count \(animation.loopCount) is outside 0...2^31-1")
        }
        var frames = options.mergeIdenticalFrames ? Self.mergingIdenticalFrames(animation.frames) : animation.frames
        if let palette = options.palette, options.allowPalette, !options.truecolour,
            let quantized = try DitheredPaletteQuantizer(settings: palette).quantizedFrames(frames)
        {
            // Dithering can make distinct frames equal.
            frames = options.mergeIdenticalFrames ? Self.mergingIdenticalFrames(quantized) : quantized
        }
        let compressor = try DeflateCompressor(level: options.compressionLevel)
        if frames.count == 1 {
            return try PNGEncoder(
                options: .init(compressionLevel: options.compressionLevel, allowPalette: options.allowPalette)
            )
            .encode(frames[0].raster, compressor: compressor)
        }
        let format = APNGPixelFormat(
            frames: frames, allowPalette: options.allowPalette, truecolour: options.truecolour)
        let trial: APNGPatchCompressor? =
            options.trialCompressionLevel < compressor.level
            ? APNGPatchCompressor(
                layout: format.layout, compressor: try DeflateCompressor(level: options.trialCompressionLevel))
            : nil
        let planner = APNGFramePlanner(
            width: animation.width, height: animation.height, format: format,
            optimize: options.interFrameOptimization,
            compressors: try Self.compressors(layout: format.layout, first: compressor, threads: options.threads),
            trialCompressor: trial)
        let planned = try planner.plan(frames)
        return Self.write(
            planned, width: animation.width, height: animation.height, format: format,
            loopCount: animation.loopCount)
    }

    /// One patch compressor per thread at the final level; the first wraps `first`.
    static func compressors(layout: PNGPixelLayout, first: DeflateCompressor, threads: Int) throws(CodecError)
        -> [APNGPatchCompressor]
    {
        var list = [APNGPatchCompressor(layout: layout, compressor: first)]
        for _ in 1..<max(1, threads) {
            list.append(APNGPatchCompressor(layout: layout, compressor: try DeflateCompressor(level: first.level)))
        }
        return list
    }

    /// Frames with every run of identical consecutive frames replaced by one frame whose
    /// delay is the run's total (exact).
    static func mergingIdenticalFrames(_ frames: [AnimationFrame]) -> [AnimationFrame] {
        var merged: [AnimationFrame] = []
        for frame in frames {
            if let last = merged.last,
                APNGCanvasDiff.same(last.raster.tightlyPacked().bytes, frame.raster.tightlyPacked().bytes)
            {
                merged[merged.count - 1].delay = last.delay + frame.delay
            } else {
                merged.append(frame)
            }
        }
        return merged
    }

    /// Serialises the planned frames: IHDR, PLTE/tRNS, acTL, then each frame's fcTL with
    /// IDAT (the first frame, which is also the default image) or fdAT, and IEND.
    private static func write(
        _ frames: [APNGPlannedFrame], width: Int, height: Int, format: APNGPixelFormat, loopCount: Int
    ) -> [UInt8] {
        let layout = format.layout
        var writer = PNGChunkWriter(reservingCapacity: frames.reduce(0) { $0 + $1.data.count + 50 })
        writer.appendHeader(width: width, height: height, layout: layout)
        var actl: [UInt8] = []
        actl.appendBigEndian(UInt32(frames.count))
        actl.appendBigEndian(UInt32(loopCount))
        writer.append("acTL", actl)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let (delayNumerator, delayDenominator) = APNGDelayEncoding.fraction(for: frame.delay)
            var fctl: [UInt8] = []
            fctl.appendBigEndian(sequence)
            fctl.appendBigEndian(UInt32(frame.rect.width))
            fctl.appendBigEndian(UInt32(frame.rect.height))
            fctl.appendBigEndian(UInt32(frame.rect.x))
            fctl.appendBigEndian(UInt32(frame.rect.y))
            fctl.appendBigEndian(delayNumerator)
            fctl.appendBigEndian(delayDenominator)
            fctl.append(frame.disposal == .none ? 0 : frame.disposal == .background ? 1 : 2)
            fctl.append(frame.blend == .source ? 0 : 1)
            writer.append("fcTL", fctl)
            sequence += 1
            if index == 0 {
                writer.append("IDAT", frame.data)
            } else {
                writer.appendChunk("fdAT") { out in
                    out.appendBigEndian(sequence)
                    out.append(contentsOf: frame.data)
                }
                sequence += 1
            }
        }
        writer.append("IEND", [])
        return writer.bytes
    }
}
