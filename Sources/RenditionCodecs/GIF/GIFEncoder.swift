import RenditionCore

/// Encodes animations (a still image being one frame) as GIF89a, small and deterministic.
///
/// - **Alpha**: GIF pixels are opaque or transparent. Pixels with alpha below
///   `Options.alphaThreshold` become transparent; kept semi-transparent pixels are composited
///   over `Options.matte` (mid grey by default, the colour whose error is smallest on both light
///   and dark bubbles; see `Matte.bubbleMidpoint`).
/// - **Palettes** (`GIFPaletteSelection`): exact when the colours fit (lossless), otherwise
///   quantised (variance-driven median cut refined by k-means) with optional ordered or
///   Floyd–Steinberg dithering; one palette for the animation when it serves, per-frame
///   palettes otherwise. One entry is reserved for transparency when any pixel is transparent
///   or frames are optimised.
/// - **Frames** (`GIFFramePlanner`): each frame cropped to what changed, unchanged pixels
///   transparent, disposals chosen so the decoder shows exactly the planned frames.
/// - **Timing**: `Animation.loopCount` is kept (1 play = no looping extension, 0 = forever,
///   N plays = repeat count N − 1, at most 65,535). Delays are written in whole centiseconds:
///   exact when the delay is a whole number of centiseconds, otherwise rounded to the nearest
///   (halves up), capped at 65,535 cs; a 1/60 s APNG delay becomes 2 cs.
///
/// Same animation and options, same bytes.
public struct GIFEncoder: Sendable {
    /// The settings this encoder uses.
    public let options: Options

    /// Creates an encoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The GIF delay for `delay`: whole centiseconds, rounded to nearest (halves up), at most 65,535.
    public static func centiseconds(_ delay: FrameDelay) -> Int {
        let exact = delay.numerator.multipliedReportingOverflow(by: 200)
        guard !exact.overflow else { return 65_535 }
        return min(65_535, (exact.partialValue + delay.denominator) / (2 * delay.denominator))
    }

    /// Encodes `animation` as a GIF file.
    public func encode(_ animation: Animation) throws(CodecError) -> [UInt8] {
        var session = try makeSession(width: animation.width, height: animation.height)
        for frame in animation.frames { try session.add(frame.raster, delay: frame.delay) }
        return try session.finish(loopCount: animation.loopCount)
    }

    /// A session that takes the frames of a `width` x `height` animation one at a time and
    /// encodes the GIF when the last has come (the same bytes as `encode(_:)`).
    public func makeSession(width: Int, height: Int) throws(CodecError) -> GIFEncodingSession {
        guard (2...256).contains(options.maxColors) else {
            throw .encodingFailed(format: .gif, reason: "maxColors must be 2-256, not \(options.maxColors)")
        }
        guard width <= 65_535 && height <= 65_535 else {
            throw .encodingFailed(format: .gif, reason: "a GIF is at most 65,535 px per side, not \(width)x\(height)")
        }
        return GIFEncodingSession(encoder: self, width: width, height: height)
    }

    /// The GIF of resolved frames (`targets`: runs of opaque colours and `0`), whose colours
    /// `histogram` counted (with whether any pixel is transparent).
    func encode(
        targets: [GIFResolvedFrame], histogram: GIFColorHistogram, delays: [FrameDelay], width: Int, height: Int,
        loopCount: Int
    ) throws(CodecError) -> [UInt8] {
        let animated = targets.count > 1
        let reserveTransparent = (animated && options.optimizeFrames) || histogram.sawTransparent
        let capacity = options.maxColors - (reserveTransparent ? 1 : 0)
        let selection = GIFPaletteSelection(
            targets: targets, width: width, capacity: capacity,
            reserveTransparent: reserveTransparent, options: options, histogram: histogram)
        let canvas = GIFCanvas(width: width, height: height, delays: delays)
        let planned: (globalTable: GIFColorTable, frames: [GIFEncodedFrame])
        switch selection.shown {
        case .indices(let indexed, let transparent):
            planned = encodeIndexed(indexed, transparent: transparent, canvas: canvas, selection: selection)
        case .colors(let displayed):
            planned = encodeColors(
                displayed, canvas: canvas, selection: selection, capacity: capacity,
                reserveTransparent: reserveTransparent)
        }
        let (globalTable, frames) = planned
        let needsControl = animated || reserveTransparent || frames.contains { $0.delayCentiseconds != 0 }
        return try GIFWriter.write(
            width: width, height: height, globalTable: globalTable, backgroundIndex: globalTable.transparentIndex ?? 0,
            repeatCount: GIFLoopExtension.repeatCount(plays: loopCount),
            graphicControl: needsControl, frames: frames)
    }

    /// The canvas size and each frame's delay.
    private struct GIFCanvas {
        let width: Int
        let height: Int
        let delays: [FrameDelay]
    }

    /// Plans and compresses frames that are all shown from the global palette, given as its
    /// indices (`transparent`: the transparent entry's, right after the colours).
    private func encodeIndexed(
        _ indexed: [[UInt8]], transparent: UInt8, canvas: GIFCanvas, selection: GIFPaletteSelection
    ) -> (globalTable: GIFColorTable, frames: [GIFEncodedFrame]) {
        let globalTable = GIFColorTable(colors: selection.globalColors, hasTransparentEntry: true)
        let planned = GIFFramePlanner.plan(
            indexed, width: canvas.width, height: canvas.height,
            optimize: options.optimizeFrames, transparent: transparent)
        let lossy = selection.kind == .quantized && options.lossyDistance > 0
        let match = lossy ? GIFLossyMatch(colors: globalTable.colors, distance: options.lossyDistance) : nil
        var frames: [GIFEncodedFrame] = []
        frames.reserveCapacity(planned.count)
        for (k, plan) in planned.enumerated() {
            var indices = plan.pixels
            let needsTransparency = indices.contains(transparent) || declaresTransparency(plan, k, canvas)
            frames.append(
                compress(
                    &indices, plan, table: globalTable, own: nil, needsTransparency: needsTransparency,
                    delay: canvas.delays[k], lossy: match))
        }
        return (globalTable, frames)
    }

    /// Plans frames given as colours (`0` transparent), then finds each one's palette indices.
    private func encodeColors(
        _ displayed: [[UInt32]], canvas: GIFCanvas, selection: GIFPaletteSelection, capacity: Int,
        reserveTransparent: Bool
    ) -> (globalTable: GIFColorTable, frames: [GIFEncodedFrame]) {
        let planned = GIFFramePlanner.plan(
            displayed, width: canvas.width, height: canvas.height,
            optimize: options.optimizeFrames, transparent: 0)
        var globalColors = selection.globalColors
        if selection.kind == .exactLocal {
            var first = ColorIndexTable(limit: capacity)
            _ = first.insert(contentsOf: planned[0].pixels)
            globalColors = first.colors
        }
        if globalColors.isEmpty { globalColors = [0xFF00_0000] }
        let globalTable = GIFColorTable(colors: globalColors, hasTransparentEntry: reserveTransparent)
        let globalIndex = ColorIndexTable(colors: globalColors)
        let lossy = selection.kind == .quantized && options.lossyDistance > 0
        let globalMatch = lossy ? GIFLossyMatch(colors: globalColors, distance: options.lossyDistance) : nil

        var frames: [GIFEncodedFrame] = []
        frames.reserveCapacity(planned.count)
        for (k, plan) in planned.enumerated() {
            var table: GIFColorTable? = nil
            var lookup = globalIndex
            let needsTransparency = plan.pixels.contains(0) || declaresTransparency(plan, k, canvas)
            switch selection.kind {
            case .exactGlobal:
                break
            case .quantized:
                if let own = selection.framePalettes[k] {
                    table = GIFColorTable(colors: own, hasTransparentEntry: needsTransparency && own.count < 256)
                    lookup = ColorIndexTable(colors: own)
                }
            case .exactLocal:
                var own = ColorIndexTable(limit: capacity)
                _ = own.insert(contentsOf: plan.pixels)
                if own.colors.contains(where: { globalIndex.index(of: $0) == nil }) {
                    table = GIFColorTable(
                        colors: own.colors, hasTransparentEntry: needsTransparency && own.colors.count < 256)
                    lookup = own
                }
            }
            let inUse = table ?? globalTable
            var indices = lookup.indices(of: plan.pixels, transparent: UInt8(inUse.transparentIndex ?? 0))
            let match =
                lossy
                ? (table == nil ? globalMatch : GIFLossyMatch(colors: inUse.colors, distance: options.lossyDistance))
                : nil
            frames.append(
                compress(
                    &indices, plan, table: globalTable, own: table, needsTransparency: needsTransparency,
                    delay: canvas.delays[k], lossy: match))
        }
        return (globalTable, frames)
    }

    /// Whether a frame declares the transparent index even when none of its pixels uses it: a
    /// frame cleared to background, or a first frame not covering the canvas. Some decoders
    /// (Pillow) otherwise fill those areas with the background colour instead of transparency.
    private func declaresTransparency<Pixel>(_ plan: GIFPlannedFrame<Pixel>, _ k: Int, _ canvas: GIFCanvas) -> Bool {
        let coversCanvas = plan.width == canvas.width && plan.height == canvas.height
        return plan.disposal == .background || (k == 0 && !coversCanvas)
    }

    /// LZW-compresses a planned frame's `indices` (ours for every frame: same bytes as giflib's
    /// for lossless frames, faster), drawn from `own` table or else the global one.
    private func compress<Pixel>(
        _ indices: inout [UInt8], _ plan: GIFPlannedFrame<Pixel>, table globalTable: GIFColorTable,
        own: GIFColorTable?, needsTransparency: Bool, delay: FrameDelay, lossy: GIFLossyMatch?
    ) -> GIFEncodedFrame {
        let inUse = own ?? globalTable
        let compressed = GIFLZWEncoder.compress(
            &indices, minimumCodeSize: max(2, inUse.tableSize.trailingZeroBitCount),
            lossy: lossy)
        return GIFEncodedFrame(
            x: plan.x, y: plan.y, width: plan.width, height: plan.height, localTable: own,
            transparentIndex: needsTransparency ? inUse.transparentIndex : nil, disposal: plan.disposal,
            delayCentiseconds: Self.centiseconds(delay), compressed: compressed)
    }
}
