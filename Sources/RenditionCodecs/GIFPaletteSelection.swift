/// Decides the colours every frame is shown with, and from which palette.
///
/// 1. All frames' colours fit in one palette: that palette, exact (lossless).
/// 2. Otherwise, when local palettes are allowed and each frame's colours fit on their own:
///    exact palettes per frame (lossless; frames whose colours all appear in the first
///    frame's palette share it as the global one).
/// 3. Otherwise quantised: one palette for the whole animation from all frames' colours
///    (`GIFPaletteQuantizer`); a frame it serves badly — mean squared error more than twice the
///    animation's and above 4 (an RMS error over 2 levels) — gets its own quantised palette
///    when local palettes are allowed.
struct GIFPaletteSelection {
    enum Kind: Equatable {
        case exactGlobal
        case exactLocal
        case quantized
    }

    let kind: Kind
    /// The frames as they will be shown (opaque palette colours, `0` transparent).
    let displayed: [[UInt32]]
    /// The global palette's colours (for `exactLocal`: empty, chosen after planning).
    let globalColours: [UInt32]
    /// For `quantized`: a frame's own palette, or `nil` for the global one.
    let framePalettes: [[UInt32]?]

    /// `targets`: resolved frames; `capacity`: opaque colours a palette may hold; `histogram`:
    /// the targets' colours (counted by the caller while it resolved them, still in cache).
    init(targets: [[UInt32]], width: Int, capacity: Int, options: GIFEncoder.Options, histogram: GIFColourHistogram) {
        var all = GIFColourIndex(limit: capacity)
        if targets.allSatisfy({ all.insert(contentsOf: $0) }) {
            kind = .exactGlobal
            displayed = targets
            globalColours = all.colours
            framePalettes = Array(repeating: nil, count: targets.count)
            return
        }
        if options.allowLocalPalettes && targets.allSatisfy({ frame in
            var own = GIFColourIndex(limit: capacity)
            return own.insert(contentsOf: frame)
        }) {
            kind = .exactLocal
            displayed = targets
            globalColours = []
            framePalettes = Array(repeating: nil, count: targets.count)
            return
        }

        kind = .quantized
        let global = GIFPaletteQuantizer.palette(for: histogram.points(), count: capacity, tolerance: options.colourTolerance)
        let nearest = GIFNearestColour(palette: global)
        let mapped = targets.map {
            GIFDitherer.apply($0, width: width, palette: global, nearest: nearest, dithering: options.dithering)
        }
        var shown = mapped.map(\.pixels)
        var palettes = [[UInt32]?](repeating: nil, count: targets.count)
        if options.allowLocalPalettes && targets.count > 1 {
            let errors = mapped.map(\.error)
            let total = errors.reduce((sum: 0.0, count: 0)) { ($0.sum + $1.sum, $0.count + $1.count) }
            let overall = total.count > 0 ? total.sum / Double(total.count) : 0
            for k in targets.indices where errors[k].count > 0 {
                let mse = errors[k].sum / Double(errors[k].count)
                guard mse > 2 * overall && mse > 4 else { continue }
                var own = GIFColourHistogram()
                targets[k].withUnsafeBufferPointer { own.add($0) }
                let local = GIFPaletteQuantizer.palette(for: own.points(), count: capacity, tolerance: options.colourTolerance)
                let candidate = GIFDitherer.apply(
                    targets[k], width: width, palette: local, nearest: GIFNearestColour(palette: local),
                    dithering: options.dithering)
                if candidate.error.sum < errors[k].sum {
                    shown[k] = candidate.pixels
                    palettes[k] = local
                }
            }
        }
        displayed = shown
        globalColours = global
        framePalettes = palettes
    }
}
