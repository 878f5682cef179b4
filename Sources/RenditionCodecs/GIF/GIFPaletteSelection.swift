import RenditionCore

/// Decides the colours every frame is shown with, and from which palette.
///
/// 1. All frames' colours fit in one palette: that palette, exact (lossless).
/// 2. Otherwise, when local palettes are allowed and each frame's colours fit on their own:
///    exact palettes per frame (lossless; frames whose colours all appear in the first
///    frame's palette share it as the global one).
/// 3. Otherwise quantised: one palette for the whole animation from all frames' colours
///    (`quantizedPalette`); a frame it serves badly — mean squared error more than twice the
///    animation's and above 4 (an RMS error over 2 levels) — gets its own quantised palette
///    when local palettes are allowed.
struct GIFPaletteSelection {
    enum Kind: Equatable {
        case exactGlobal
        case exactLocal
        case quantized
    }

    /// The frames as they will be shown.
    enum Shown {
        /// Every frame shown from the global palette, as palette indices; transparent pixels
        /// hold `transparent`, the index of the table's transparent entry (after the colours).
        /// A quarter of the memory of colours, and what the planner and the LZW encoder take.
        case indices([[UInt8]], transparent: UInt8)
        /// Frames shown from different palettes (or with no transparent entry to reserve):
        /// opaque colours, `0` transparent.
        case colors([[UInt32]])
    }

    let kind: Kind
    let shown: Shown
    /// The global palette's colours, distinct (for `exactLocal`: empty, chosen after planning).
    let globalColors: [UInt32]
    /// For `quantized`: a frame's own palette, or `nil` for the global one.
    let framePalettes: [[UInt32]?]

    /// `targets`: resolved frames; `capacity`: opaque colours a palette may hold;
    /// `reserveTransparent`: whether the global table gets a transparent entry after its
    /// colours (then frames from the global palette are given as indices); `histogram`: the
    /// targets' colours (counted by the caller while it resolved them, still in cache).
    init(
        targets: [GIFResolvedFrame], width: Int, capacity: Int, reserveTransparent: Bool, options: GIFEncoder.Options,
        histogram: GIFColorHistogram
    ) {
        let noOwnPalettes = [[UInt32]?](repeating: nil, count: targets.count)
        var all = ColorIndexTable(limit: capacity)
        if targets.allSatisfy({ all.insert(runsOf: $0) }) {
            kind = .exactGlobal
            // A table needs an entry even when every pixel is transparent.
            let colors = all.colors.isEmpty ? [0xFF00_0000] : all.colors
            globalColors = colors
            framePalettes = noOwnPalettes
            if reserveTransparent {
                let transparent = UInt8(colors.count)
                shown = .indices(
                    targets.map { frame in
                        frame.mapped { $0 == 0 ? transparent : UInt8(truncatingIfNeeded: all.index(of: $0) ?? 0) }
                    }, transparent: transparent)
            } else {
                shown = .colors(targets.map { $0.expanded() })
            }
            return
        }
        if options.allowLocalPalettes
            && targets.allSatisfy({ frame in
                var own = ColorIndexTable(limit: capacity)
                return own.insert(runsOf: frame)
            })
        {
            kind = .exactLocal
            shown = .colors(targets.map { $0.expanded() })
            globalColors = []
            framePalettes = noOwnPalettes
            return
        }
        kind = .quantized
        let global = Self.quantizedPalette(histogram.points(), count: capacity, tolerance: options.colorTolerance)
        globalColors = global
        let nearest = NearestPaletteColor(palette: global)
        guard reserveTransparent else {
            let mapped = targets.map {
                GIFDitherer.apply(
                    $0.expanded(), width: width, palette: global, nearest: nearest, dithering: options.dithering)
            }
            var frames = mapped.map(\.pixels)
            framePalettes = Self.ownPalettes(
                targets: targets, errors: mapped.map(\.error), width: width, capacity: capacity, options: options
            ) { k, candidate in frames[k] = candidate }
            shown = .colors(frames)
            return
        }
        let transparent = UInt8(global.count)
        let mapped = targets.map {
            GIFDitherer.applyIndices(
                $0, width: width, palette: global, nearest: nearest, dithering: options.dithering,
                transparent: transparent)
        }
        var replaced: [Int: [UInt32]] = [:]
        framePalettes = Self.ownPalettes(
            targets: targets, errors: mapped.map(\.error), width: width, capacity: capacity, options: options
        ) { k, candidate in replaced[k] = candidate }
        if replaced.isEmpty {
            shown = .indices(mapped.map(\.indices), transparent: transparent)
        } else {
            // Frames from several palettes are planned by colour.
            shown = .colors(
                mapped.indices.map { k in
                    replaced[k] ?? mapped[k].indices.map { $0 == transparent ? 0 : global[Int($0)] }
                })
        }
    }

    /// For each frame the global palette serves badly (mean squared error more than twice the
    /// animation's and above 4), its own quantised palette when that maps it more closely;
    /// `replace(k, pixels)` receives the frame's colours from its own palette.
    private static func ownPalettes(
        targets: [GIFResolvedFrame], errors: [(sum: Double, count: Int)], width: Int, capacity: Int,
        options: GIFEncoder.Options,
        replace: (Int, [UInt32]) -> Void
    ) -> [[UInt32]?] {
        var palettes = [[UInt32]?](repeating: nil, count: targets.count)
        guard options.allowLocalPalettes && targets.count > 1 else { return palettes }
        let total = errors.reduce((sum: 0.0, count: 0)) { ($0.sum + $1.sum, $0.count + $1.count) }
        let overall = total.count > 0 ? total.sum / Double(total.count) : 0
        for k in targets.indices where errors[k].count > 0 {
            let mse = errors[k].sum / Double(errors[k].count)
            guard mse > 2 * overall && mse > 4 else { continue }
            let pixels = targets[k].expanded()
            var own = GIFColorHistogram()
            pixels.withUnsafeBufferPointer { own.add($0) }
            let local = Self.quantizedPalette(own.points(), count: capacity, tolerance: options.colorTolerance)
            let candidate = GIFDitherer.apply(
                pixels, width: width, palette: local, nearest: NearestPaletteColor(palette: local),
                dithering: options.dithering)
            if candidate.error.sum < errors[k].sum {
                replace(k, candidate.pixels)
                palettes[k] = local
            }
        }
        return palettes
    }

    /// Rounds of k-means after the cut, at most: fewer once no centre moves.
    static let refinementRounds = 4

    /// At most `count` distinct opaque colours (little-endian RGBA) for `points`:
    /// `MedianCutQuantizer`'s `leastSquaredError` cut, stopping as soon as the RMS error per
    /// channel is at most `tolerance` levels (0: never early), so content that needs few
    /// colours gets a small palette (which compresses better); then k-means until no centre
    /// moves. Centres that round to the same colour give one entry.
    static func quantizedPalette(_ points: [WeightedColor], count: Int, tolerance: Double) -> [UInt32] {
        guard !points.isEmpty, count > 0 else { return [] }
        var centres = MedianCutQuantizer.cut(points, count: count, rule: .leastSquaredError, tolerance: tolerance)
        for _ in 0..<refinementRounds {
            guard MedianCutQuantizer.refine(points, centres: &centres) else { break }
        }
        var seen = Set<UInt32>()
        return centres.map(opaquePixel).filter { seen.insert($0).inserted }
    }

    /// A centre as an opaque pixel, each channel rounded and clamped to 0...255.
    private static func opaquePixel(_ centre: WeightedColor) -> UInt32 {
        func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
        return channel(centre.channels.x) | channel(centre.channels.y) << 8 | channel(centre.channels.z) << 16
            | 0xFF00_0000
    }
}
