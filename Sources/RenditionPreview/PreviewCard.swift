import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline

/// The card of one sticker on a preview sheet (see `PreviewSheet` for what it shows).
struct PreviewCard {
    let name: String
    let report: LintReport
    /// The decoded master, scaled down to the card (`nil`: the file could not be read or decoded).
    let master: PreviewMaster?
    let options: PreviewOptions

    /// The master's frames.
    var animation: Animation? { master?.animation }

    /// Draws a pill-shaped tag (a filled rectangle with white text, bitmap font at scale 2)
    /// and returns its width.
    @discardableResult
    static func pill(_ text: String, color: RGBColor, x: Int, y: Int, on canvas: inout PreviewCanvas) -> Int {
        let width = BitmapFont.width(of: text, scale: 2) + 12
        canvas.fill(PixelRect(x: x, y: y, width: width, height: 24), color)
        canvas.text(text, x: x + 6, y: y + 5, scale: 2, PreviewStyle.paperOnTag)
        return width
    }

    /// Size of the rendition at `scale`.
    func size(_ scale: StickerScale, _ animation: Animation) -> (width: Int, height: Int) {
        StickerGeometry.renditionSize(masterWidth: animation.width, masterHeight: animation.height, scale: scale)
    }

    func tileSize(_ scale: StickerScale, _ animation: Animation) -> (width: Int, height: Int, pad: Int) {
        let s = size(scale, animation)
        let pad = PreviewStyle.tilePadding(side: max(s.width, s.height))
        return (s.width + 2 * pad, s.height + 2 * pad, pad)
    }

    /// Frames shown in the strip: evenly spaced ones and every frame a finding points at.
    func stripFrames(_ animation: Animation) -> [Int] {
        let count = animation.frames.count
        let n = min(count, options.maximumStripFrames)
        var chosen = Set((0..<n).map { n == 1 ? 0 : $0 * (count - 1) / (n - 1) })
        for finding in report.findings { if let f = finding.frame, f < count { chosen.insert(f) } }
        return chosen.sorted()
    }

    /// The badges with where each goes (`x` from the left margin, `row` from the top),
    /// how many rows they take and the widest row's width.
    typealias Badges = (items: [(text: String, color: RGBColor, x: Int, row: Int)], rows: Int, width: Int)

    /// Height of the headline row, above the badges.
    static let headerHeight = 21 + 12

    /// Where the parts of a card go: its size, the grid of renditions and the strip of frames.
    struct Layout {
        var width: Int
        var height: Int
        /// Top of the grid of renditions (the column headers are above it).
        var gridTop = 0
        /// Width of a column of the grid: the widest tile.
        var columnWidth = 0
        /// Top of the strip of frames.
        var stripTop = 0
        /// The frames shown in the strip (none for a still).
        var strip: [Int] = []
        /// Left edge of the grid and the strip, right of the row labels.
        var gridLeft: Int { PreviewStyle.margin + PreviewStyle.labelColumn }
    }

    /// Draws the card: border and header, then for a decoded sticker the grid of renditions
    /// and, for an animation, the strip of frames.
    func render() -> PreviewCardImage {
        let badges = badgeLayout(maxWidth: 1_400)
        let layout = layout(badges)
        var canvas = PreviewCanvas(width: layout.width, height: layout.height, background: PreviewStyle.card)
        drawBorderAndHeader(badges, layout, on: &canvas)
        guard let master, let pixels = PreviewPixels(master: master, scales: options.scales, strip: layout.strip)
        else {
            let why = report.findings.first { $0.code == .unreadable }?.message ?? "its pixels cannot be drawn"
            return PreviewCardImage(raster: canvas.raster, tiles: [], decoded: false, problem: why)
        }
        drawColumnHeaders(layout, on: &canvas)
        var tiles = drawRenditionRows(master.animation, pixels, layout, on: &canvas)
        if !layout.strip.isEmpty {
            tiles += drawStrip(master.animation, pixels, layout, on: &canvas)
        }
        return PreviewCardImage(raster: canvas.raster, tiles: tiles, decoded: true, problem: nil)
    }

    /// The card's size and where its grid and strip go.
    func layout(_ badges: Badges) -> Layout {
        let m = PreviewStyle.margin, gap = PreviewStyle.gap
        let headlineWidth = BitmapFont.width(of: headline, scale: 3) + 24 + BitmapFont.width(of: facts, scale: 2)
        var layout = Layout(
            width: max(headlineWidth, badges.width) + 2 * m, height: m + Self.headerHeight + badges.rows * 30 + m)
        guard let animation else { return layout }
        layout.columnWidth = options.scales.map { tileSize($0, animation).width }.max() ?? 0
        layout.gridTop = layout.height - m + 8 + 14 + 10  // column headers above the grid
        let gridHeight = options.scales.reduce(0) { $0 + tileSize($1, animation).height + gap }
        layout.width = max(
            layout.width, 2 * m + PreviewStyle.labelColumn + options.backgrounds.count * (layout.columnWidth + gap))
        layout.height = layout.gridTop + gridHeight + m
        if animation.isAnimated {
            layout.strip = stripFrames(animation)
            let tile = tileSize(.x1, animation)
            layout.stripTop = layout.gridTop + gridHeight + 8
            layout.height = layout.stripTop + tile.height + 8 + 14 + m
            layout.width = max(layout.width, 2 * m + PreviewStyle.labelColumn + layout.strip.count * (tile.width + gap))
        }
        return layout
    }

    /// The border in the colour of the worst finding, the headline and facts, and the badges.
    func drawBorderAndHeader(_ badges: Badges, _ layout: Layout, on canvas: inout PreviewCanvas) {
        let m = PreviewStyle.margin
        let worst = report.findings.map(\.severity).max()
        canvas.stroke(
            PixelRect(x: 0, y: 0, width: layout.width, height: layout.height), width: worst == nil ? 2 : 4,
            worst.map(PreviewStyle.color) ?? PreviewStyle.cardBorder)
        canvas.text(headline, x: m, y: m, scale: 3, PreviewStyle.ink)
        canvas.text(
            facts, x: m + BitmapFont.width(of: headline, scale: 3) + 24, y: m + 7, scale: 2, PreviewStyle.mutedInk)
        for badge in badges.items {
            Self.pill(
                badge.text, color: badge.color, x: m + badge.x, y: m + Self.headerHeight + badge.row * 30, on: &canvas)
        }
    }

    /// Each background's name above its column.
    func drawColumnHeaders(_ layout: Layout, on canvas: inout PreviewCanvas) {
        let gap = PreviewStyle.gap
        for (c, background) in options.backgrounds.enumerated() {
            let label = background.name.uppercased()
            let x =
                layout.gridLeft + c * (layout.columnWidth + gap)
                + (layout.columnWidth - BitmapFont.width(of: label, scale: 2)) / 2
            canvas.text(label, x: x, y: layout.gridTop - 24, scale: 2, PreviewStyle.mutedInk)
        }
    }

    /// A row per scale: the first frame's rendition on every background, with its marks.
    /// - Returns: the tiles drawn, row by row.
    func drawRenditionRows(
        _ animation: Animation, _ pixels: PreviewPixels, _ layout: Layout, on canvas: inout PreviewCanvas
    ) -> [PreviewTile] {
        let m = PreviewStyle.margin, gap = PreviewStyle.gap
        let marks = TileMarks(report: report, backgrounds: options.backgrounds)
        var tiles: [PreviewTile] = []
        var y = layout.gridTop
        var backgroundCache: [String: Raster] = [:]
        func backgroundTile(_ background: TestBackground, _ w: Int, _ h: Int) -> Raster {
            let key = "\(background.name) \(w)x\(h)"
            if let cached = backgroundCache[key] { return cached }
            let tile = background.render(width: w, height: h)
            backgroundCache[key] = tile
            return tile
        }
        for scale in options.scales {
            let tile = tileSize(scale, animation)
            let s = size(scale, animation)
            guard let rendition = pixels.renditions[scale] else { continue }
            canvas.text(scale.suffix.uppercased(), x: m, y: y + 4, scale: 3, PreviewStyle.ink)
            canvas.text("\(s.width)x\(s.height)", x: m, y: y + 34, scale: 2, PreviewStyle.mutedInk)
            for (c, background) in options.backgrounds.enumerated() {
                let x = layout.gridLeft + c * (layout.columnWidth + gap) + (layout.columnWidth - tile.width) / 2
                canvas.draw(backgroundTile(background, tile.width, tile.height), x: x, y: y)
                canvas.draw(rendition, x: x + tile.pad, y: y + tile.pad)
                let rect = PixelRect(x: x, y: y, width: tile.width, height: tile.height)
                if scale == options.scales.first {
                    marks.drawTouching(in: rect, pad: tile.pad, on: &canvas)
                }
                let marked = marks.findings(scale: scale, column: c, firstScale: options.scales.first!)
                marks.draw(marked, in: rect, on: &canvas)
                tiles.append(
                    PreviewTile(
                        rect: rect, padding: tile.pad, scale: scale, background: background.name, frame: nil,
                        codes: marked.map(\.code)))
            }
            y += tile.height + gap
        }
        return tiles
    }

    /// The strip of frames at @1x on a checkerboard, each with its number and start time.
    /// - Returns: the tiles drawn, left to right.
    func drawStrip(
        _ animation: Animation, _ pixels: PreviewPixels, _ layout: Layout, on canvas: inout PreviewCanvas
    ) -> [PreviewTile] {
        let m = PreviewStyle.margin, gap = PreviewStyle.gap, stripTop = layout.stripTop
        let marks = TileMarks(report: report, backgrounds: options.backgrounds)
        let tile = tileSize(.x1, animation)
        canvas.text("FRAMES", x: m, y: stripTop + 4, scale: 2, PreviewStyle.ink)
        canvas.text("@1X", x: m, y: stripTop + 26, scale: 2, PreviewStyle.mutedInk)
        var start = [Double](repeating: 0, count: animation.frames.count)
        for i in 1..<animation.frames.count { start[i] = start[i - 1] + animation.frames[i - 1].delay.seconds }
        var tiles: [PreviewTile] = []
        for (k, index) in layout.strip.enumerated() {
            guard let frame = pixels.strip[index] else { continue }
            let x = layout.gridLeft + k * (tile.width + gap)
            let rect = PixelRect(x: x, y: stripTop, width: tile.width, height: tile.height)
            canvas.checkerboard(rect, cell: 8, PreviewStyle.checkerLight, PreviewStyle.checkerDark)
            canvas.draw(frame, x: x + tile.pad, y: stripTop + tile.pad)
            let marked = report.findings.filter { $0.frame == index }
            marks.draw(marked, in: rect, on: &canvas)
            tiles.append(
                PreviewTile(
                    rect: rect, padding: tile.pad, scale: .x1, background: nil, frame: index,
                    codes: marked.map(\.code)))
            let caption = "F\(index + 1)  \(LintFormat.decimal(start[index], digits: 2))S"
            canvas.text(caption, x: x, y: stripTop + tile.height + 8, scale: 2, PreviewStyle.mutedInk)
        }
        return tiles
    }

    /// `NAME`.
    var headline: String { name }

    /// `PNG  618x618  LARGE  12.3 KB  3 FRAMES 0.35 S`; an input larger than the card shows adds
    /// the size it is shown at: `JPEG  4000x3000  2104.3 KB  SHOWN AT 618x464`.
    var facts: String {
        var parts: [String] = []
        if let f = report.format { parts.append(f.uppercased()) }
        if let w = report.width, let h = report.height { parts.append("\(w)x\(h)") }
        if let c = report.sizeClass { parts.append(c.uppercased()) }
        parts.append(LintFormat.kilobytes(report.bytes))
        if let frames = report.frames, frames > 1 {
            parts.append(
                "\(frames) FRAMES \(LintFormat.decimal((report.durationMilliseconds ?? 0) / 1000, digits: 2)) S")
        }
        if let master, master.scaledFrom != nil {
            parts.append("SHOWN AT \(master.animation.width)x\(master.animation.height)")
        }
        if report.findings.isEmpty { parts.append("NO FINDINGS") }
        return parts.joined(separator: "  ")
    }

    /// One badge per finding (visibility findings name their background), wrapped into rows.
    func badgeLayout(maxWidth: Int) -> Badges {
        var items: [(String, RGBColor, Int, Int)] = []
        var x = 0, row = 0, widest = 0
        for finding in report.findings {
            let text = PreviewStyle.badge(finding)
            let w = BitmapFont.width(of: text, scale: 2) + 12
            if x > 0 && x + w > maxWidth {
                x = 0
                row += 1
            }
            items.append((text, PreviewStyle.color(finding.severity), x, row))
            x += w + 8
            widest = max(widest, x)
        }
        return (items.map { (text: $0.0, color: $0.1, x: $0.2, row: $0.3) }, items.isEmpty ? 0 : row + 1, widest)
    }
}

/// The pixels a card shows, made by `StickerPipeline` like real renditions: the first frame at
/// each scale of the sheet, and the strip's frames at @1x.
struct PreviewPixels {
    /// The first frame at each scale shown.
    let renditions: [StickerScale: Raster]
    /// The strip's frames at @1x, by their index in the master.
    let strip: [Int: Raster]

    /// Makes the pixels in one pipeline run, with one target per scale (the first frame) and one
    /// at @1x for the strip (every frame it is given). The master given to the pipeline holds
    /// only the frames shown (the first and the strip's), so no other frame is resampled; the
    /// @1x row and the strip share one resample. `nil` if a target failed, which pixels of a
    /// decoded master without frame rules do not.
    init?(master: PreviewMaster, scales: [StickerScale], strip: [Int]) {
        let animation = master.animation
        let shown = strip.isEmpty || strip.first == 0 ? strip : [0] + strip
        let source =
            shown.isEmpty
            ? animation
            : Animation(
                width: animation.width, height: animation.height, frames: shown.map { animation.frames[$0] },
                loopCount: animation.loopCount)
        var targets = scales.map { RenditionTarget.pixels(.scale($0), label: $0.suffix, animates: false) }
        if !shown.isEmpty { targets.append(.pixels(.scale(.x1), label: "strip")) }
        guard let made = try? StickerPipeline().run(.animation(source, format: master.format), targets: targets)
        else { return nil }
        let outputs = made.outputs.compactMap { try? $0.get().pixels }
        guard outputs.count == targets.count else { return nil }
        renditions = Dictionary(zip(scales, outputs.map(\.firstFrame)), uniquingKeysWith: { first, _ in first })
        var frames: [Int: Raster] = [:]
        if let sequence = outputs.last, !shown.isEmpty {
            for (k, index) in shown.enumerated() where k < sequence.frames.count {
                frames[index] = sequence.frames[k].raster
            }
        }
        self.strip = frames
    }
}

/// A sticker's card as drawn, with where its tiles are.
package struct PreviewCardImage: Sendable {
    /// The card's pixels.
    package let raster: Raster
    /// The tiles, renditions row by row then the strip of frames.
    package let tiles: [PreviewTile]
    /// Whether the file was decoded (a card without tiles shows why it was not).
    package let decoded: Bool
    /// Why the file could not be read or decoded (the message of its `unreadable` finding,
    /// whose badge on the card says it in a few words); `nil` when it was decoded.
    package let problem: String?
}

/// One tile of a card: a rendition on a background, or a frame of the strip.
package struct PreviewTile: Sendable, Equatable {
    /// Where the tile is on the card.
    package let rect: PixelRect
    /// Space between the tile's edge and the sticker.
    package let padding: Int
    /// The rendition shown (@1x for strip frames).
    package let scale: StickerScale
    /// The background's name (`nil` for strip frames, drawn on a checkerboard).
    package let background: String?
    /// The frame shown in the strip (`nil` for rendition tiles, which show the first frame).
    package let frame: Int?
    /// The findings marked on this tile.
    package let codes: [LintCode]
}

/// Which findings mark which tile, and how marks are drawn.
struct TileMarks {
    let report: LintReport
    let backgrounds: [TestBackground]

    /// The findings shown on the tile of `scale` x background `column`.
    func findings(scale: StickerScale, column: Int, firstScale: StickerScale) -> [LintFinding] {
        var result: [LintFinding] = []
        for finding in report.findings {
            if let background = finding.background {
                if backgrounds[column].name == background { result.append(finding) }
            } else if finding.code == .ringingClamped {
                if scale == .x1 { result.append(finding) }
            } else if finding.frame == nil && scale == firstScale && column == wholeStickerColumn(for: finding) {
                result.append(finding)  // about the sticker as a whole: tagged once, on the master
            }
        }
        return result
    }

    /// The column where a finding about the whole sticker is tagged: for a matte halo, the
    /// solid background farthest from the matte (where the fringe shows most); otherwise the first.
    func wholeStickerColumn(for finding: LintFinding) -> Int {
        guard finding.code == .matteHalo, case .text(let hex)? = finding.values["matte"], let matte = RGBColor(hex: hex)
        else {
            return 0
        }
        let lab = LabColor(matte)
        var best = 0
        var bestDistance: Float = -1
        for (i, background) in backgrounds.enumerated() {
            guard let color = background.solidColor else { continue }
            let d = LabColor(color).distance(to: lab)
            if d > bestDistance {
                bestDistance = d
                best = i
            }
        }
        return best
    }

    /// Frames `rect` in the colour of the worst finding and stacks a tag per finding.
    func draw(_ findings: [LintFinding], in rect: PixelRect, on canvas: inout PreviewCanvas) {
        guard let worst = findings.map(\.severity).max() else { return }
        canvas.stroke(rect, width: PreviewStyle.markWidth, PreviewStyle.color(worst))
        var y = rect.y + PreviewStyle.markWidth + 4
        for finding in findings.sorted(by: { $0.severity > $1.severity }) {
            let text = PreviewStyle.tag(finding.code)
            let width = BitmapFont.width(of: text, scale: 2) + 12
            if y + 24 > rect.maxY || width > rect.width - 2 * PreviewStyle.markWidth { break }
            PreviewCard.pill(
                text, color: PreviewStyle.color(finding.severity), x: rect.x + PreviewStyle.markWidth + 4, y: y,
                on: &canvas)
            y += 28
        }
    }

    /// Red bars along the sides of `rect` where the art touches the canvas border.
    func drawTouching(in rect: PixelRect, pad: Int, on canvas: inout PreviewCanvas) {
        guard let finding = report.findings.first(where: { $0.code == .contentTouchesEdge && $0.frame == nil }),
            case .text(let sides)? = finding.values["sides"]
        else { return }
        let color = PreviewStyle.color(finding.severity)
        let inner = PixelRect(
            x: rect.x + pad, y: rect.y + pad, width: rect.width - 2 * pad, height: rect.height - 2 * pad)
        let t = 4
        for side in sides.split(separator: ",") {
            switch side {
            case "top": canvas.fill(PixelRect(x: inner.x, y: inner.y - t - 2, width: inner.width, height: t), color)
            case "bottom": canvas.fill(PixelRect(x: inner.x, y: inner.maxY + 2, width: inner.width, height: t), color)
            case "left": canvas.fill(PixelRect(x: inner.x - t - 2, y: inner.y, width: t, height: inner.height), color)
            case "right": canvas.fill(PixelRect(x: inner.maxX + 2, y: inner.y, width: t, height: inner.height), color)
            default: break
            }
        }
    }
}
