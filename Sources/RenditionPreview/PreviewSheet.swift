import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline

/// Settings of a preview sheet.
public struct PreviewOptions: Sendable {
    /// The renditions shown, one row each (default @3x, @2x, @1x).
    public var scales: [StickerScale]
    /// The backgrounds shown, one column each (default: the six test backgrounds).
    public var backgrounds: [TestBackground]
    /// Most frames in an animation's strip (flagged frames are added to these).
    public var maximumStripFrames: Int
    /// How stickers are linted for the marks.
    public var lint: LintOptions
    /// The longest side a master is shown at, in pixels (default 618, Apple's largest @3x
    /// sticker): a larger input, such as a photo, is linted at its own size and then scaled down
    /// to fit, so a card is never larger than a sticker's whatever the input.
    public var largestShownSide: Int

    /// Creates options.
    public init(
        scales: [StickerScale] = [.x3, .x2, .x1], backgrounds: [TestBackground] = TestBackgrounds.standard,
        maximumStripFrames: Int = 8, lint: LintOptions = LintOptions(),
        largestShownSide: Int = StickerGeometry.maximumMasterPixels
    ) {
        self.scales = scales.sorted(by: >)
        self.backgrounds = backgrounds
        self.maximumStripFrames = max(1, maximumStripFrames)
        self.lint = lint
        self.largestShownSide = max(1, largestShownSide)
    }
}

/// A contact sheet people look at instead of reading lint output: every sticker at each
/// scale on each test background, a strip of frames for animations, and lint findings as
/// coloured frames and tags on the tiles they concern.
///
/// Per sticker, a card: a header (name, format, size, bytes, a badge per finding), then one
/// row per rendition (@3x, @2x, @1x at their own pixel size, resampled by `StickerPipeline`
/// like real renditions) and one column per background. Findings about one background (the art
/// disappears, its outline blends) mark that column; ringing (measured at @1x) marks the @1x
/// row; findings about the sticker as a whole are tagged on its first @3x tile, with the
/// touching sides drawn on every @3x tile; per-frame findings of animations mark their frame
/// in the strip. The card's border takes the colour of its worst finding.
public struct PreviewSheet: Sendable {
    /// The settings.
    package let options: PreviewOptions

    /// Creates a sheet renderer.
    public init(options: PreviewOptions = PreviewOptions()) {
        self.options = options
    }

    /// Renders the sheet for the files at `paths` (cards in order; a file that cannot be
    /// decoded gets a card with its finding and no tiles), on `threads` threads.
    public func render(paths: [String], threads: Int = 1) -> Raster {
        let cards = ParallelWork.map(count: paths.count, threads: threads) { index in
            self.card(path: paths[index]).raster
        }
        return stack(
            cards,
            title:
                "RENDITION PREVIEW  \(paths.count) STICKER\(paths.count == 1 ? "" : "S")  PROFILE \(options.lint.profile.id)"
        )
    }

    /// Renders the sheet as pages, each at most `pageHeight` pixels tall (a card taller than
    /// that gets a page of its own) and holding at most `stickersPerPage` cards, and passes
    /// each page to `body` as soon as it is drawn, in order.
    ///
    /// Memory stays bounded whatever the number of files: cards are drawn `threads` at a
    /// time, a page holds only its own cards, and a page is released once `body` returns,
    /// before the next is drawn. At most one page's cards, the page itself and `threads`
    /// cards being drawn are in memory at once (about 2 × page height × page width × 4
    /// bytes plus `threads` cards). Whatever the input's size, a card is a sticker's: each
    /// input is decoded, linted and scaled down to `PreviewOptions.largestShownSide` before
    /// its card is drawn, and its full-size pixels are released then.
    ///
    /// - Returns: The number of pages.
    @discardableResult
    public func renderPages(
        paths: [String], pageHeight: Int, stickersPerPage: Int = .max, threads: Int = 1,
        _ body: (PreviewPage) throws -> Void
    ) rethrows -> Int {
        let perPage = max(1, stickersPerPage)
        let batch = max(1, threads)
        var pending: [PreviewCardImage] = []
        var pendingHeight = 0
        var firstOnPage = 0
        var pageNumber = 0
        let plural = paths.count == 1 ? "" : "S"

        func flush() throws {
            guard !pending.isEmpty else { return }
            pageNumber += 1
            let range = firstOnPage..<(firstOnPage + pending.count)
            var title = "RENDITION PREVIEW  \(paths.count) STICKER\(plural)  PROFILE \(options.lint.profile.id)"
            if range.count < paths.count { title += "  \(range.lowerBound + 1)-\(range.upperBound)" }
            let raster = stack(pending.map(\.raster), title: title)
            let unreadable = zip(range, pending).filter { !$0.1.decoded }
            pending = []
            pendingHeight = 0
            firstOnPage = range.upperBound
            try body(
                PreviewPage(
                    number: pageNumber, raster: raster, stickers: range, undecodable: unreadable.map { paths[$0.0] },
                    undecodableReasons: unreadable.map { $0.1.problem ?? "" }))
        }

        let available = pageHeight - Self.headerHeight
        var start = 0
        while start < paths.count {
            let end = min(paths.count, start + batch)
            let first = start
            let cards = ParallelWork.map(count: end - first, threads: batch) { offset in
                self.card(path: paths[first + offset])
            }
            for card in cards {
                let height = card.raster.height + PreviewStyle.margin
                if !pending.isEmpty && (pendingHeight + height > available || pending.count >= perPage) { try flush() }
                pending.append(card)
                pendingHeight += height
            }
            start = end
        }
        try flush()
        return pageNumber
    }

    /// The card for one file, with its tiles' positions.
    package func card(path: String) -> PreviewCardImage {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let (report, master) = lintAndScale(path: path)
        return PreviewCard(name: name, report: report, master: master, options: options).render()
    }

    /// Lints the file at `path` and returns its report with the master scaled down to
    /// `largestShownSide` (`nil` when it cannot be read or decoded). One decode, by the
    /// pipeline, serves the lint and the tiles (vector art drawn at its canvas size, as lint
    /// sees it); the full-size decode lives only until this returns.
    func lintAndScale(path: String) -> (LintReport, PreviewMaster?) {
        let linter = StickerLinter(options: options.lint)
        guard let bytes = try? FileSystem.read(path) else { return (linter.lint(path: path), nil) }
        let pipeline = StickerPipeline(options: RenderOptions(limits: options.lint.limits))
        let decoded = Result { () throws(CodecError) -> SourceImage in
            guard let inspection = try pipeline.decode(bytes, inspecting: true).inspection else {
                throw .unrecognizedFormat
            }
            return inspection
        }
        let report = linter.lint(bytes: bytes, path: path) { () throws(CodecError) in try decoded.get() }
        guard let source = try? decoded.get() else { return (report, nil) }
        return (report, PreviewMaster(source, largestSide: options.largestShownSide))
    }

    /// Height of a sheet's title line with the margins above and below it.
    static let headerHeight = PreviewStyle.margin + 7 * 3 + 12 + 24

    /// Stacks cards vertically under a title line, on the sheet background.
    func stack(_ cards: [Raster], title: String) -> Raster {
        let m = PreviewStyle.margin
        let width = max(cards.map(\.width).max() ?? 0, BitmapFont.width(of: title, scale: 3) + 420) + 2 * m
        let height = Self.headerHeight + cards.reduce(0) { $0 + $1.height + m }
        var canvas = PreviewCanvas(width: width, height: height, background: PreviewStyle.sheetBackground)
        canvas.text(title, x: m, y: m, scale: 3, PreviewStyle.ink)
        // Legend.
        var x = m + BitmapFont.width(of: title, scale: 3) + 40
        for severity in [LintSeverity.error, .warning, .info] {
            x +=
                PreviewCard.pill(
                    severity.rawValue.uppercased(), color: PreviewStyle.color(severity), x: x, y: m - 2, on: &canvas)
                + 10
        }
        var y = Self.headerHeight
        for card in cards {
            canvas.draw(card, x: m, y: y)
            y += card.height + m
        }
        return canvas.raster
    }
}

/// One page of a preview sheet.
public struct PreviewPage: Sendable {
    /// The page's number, from 1.
    public let number: Int
    /// The page's pixels.
    public let raster: Raster
    /// The indices, in the paths given, of the stickers on the page.
    public let stickers: Range<Int>
    /// The paths on the page that could not be read or decoded (their cards show the finding
    /// and no tiles).
    public let undecodable: [String]
    /// Why each of `undecodable` could not be read or decoded, in the same order
    /// (`PreviewCardImage.problem`).
    public let undecodableReasons: [String]
}
