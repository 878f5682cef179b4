import ArgumentParser
import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPreview

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract:
            "Draw a contact sheet: each sticker at @3x, @2x and @1x on six test backgrounds, with lint findings marked.",
        discussion: """
            One card per sticker (folders are searched recursively for \
            \(StickerInputs.searchedFilesDescription)): a row per rendition at \
            its real pixel size (an input larger than a sticker, such as a photo, is shown \
            scaled down to fit 618x618 at @3x), a column per background (white, black, red, yellow, \
            multicolor, photo), a strip of frames for animations. Findings of `rendition \
            lint` appear as badges in the card's header and as coloured frames and tags on \
            the tiles they concern (red error, orange warning, blue info). The sheet is a PNG \
            written atomically; when its cards do not fit in one page (--page-height, \
            --stickers-per-page), the pages are NAME-1.png, NAME-2.png, ... next to an \
            index, NAME.html, that shows them in order. Pages are drawn and written one at a \
            time, and each input is linted at its own size and scaled down to its card before \
            the card is drawn, so memory stays bounded whatever the number and size of the \
            inputs. Files that cannot \
            be read or decoded get a card saying why, are reported on standard error, and \
            make the exit status 1.
            """)

    @Argument(help: ArgumentHelp("Sticker files or folders.", valueName: "path"))
    var paths: [String] = []

    @Option(
        name: [.short, .customLong("output")], help: ArgumentHelp("The sheet to write (PNG).", valueName: "sheet.png"))
    var output: String

    @Option(help: ArgumentHelp("Renditions to show, comma-separated.", valueName: "list"))
    var scales: String = "3,2,1"

    @Option(help: ArgumentHelp("Most frames in an animation's strip.", valueName: "n"))
    var frames: Int = 8

    @Option(help: ArgumentHelp("Tallest page in pixels; more cards go on further pages.", valueName: "px"))
    var pageHeight: Int = PreviewCommand.defaultPageHeight

    @Option(help: ArgumentHelp("Most stickers on one page (default: as many as fit in --page-height).", valueName: "n"))
    var stickersPerPage: Int?

    @OptionGroup var threads: ThreadsOption

    /// The default page height: six cards of 618 px stickers, a PNG any image viewer or
    /// browser opens.
    static let defaultPageHeight = 10_000

    /// The scales of `--scales` (`3,2,1`, `@2x,@1x`), read by the parser every face uses.
    /// - Throws: `ValidationError` with the parser's message.
    func parsedScales() throws -> [StickerScale] {
        do throws(ScaleParseError) { return try StickerScale.parseList(scales) } catch {
            throw ValidationError("--scales: \(error)")
        }
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one file or folder to preview") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard pageHeight >= 1_000 else { throw ValidationError("--page-height must be at least 1000") }
        if let stickersPerPage, stickersPerPage < 1 { throw ValidationError("--stickers-per-page must be at least 1") }
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError("the sheet is a PNG: name it NAME.png")
        }
        _ = try parsedScales()
    }

    func run() throws {
        let files = try expandStickerInputs(paths)
        let sheet = PreviewSheet(options: PreviewOptions(scales: try parsedScales(), maximumStripFrames: frames))
        let folder = (output as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileSystem.createDirectory(folder) }
        } catch {
            throw runFailure("\(error)")
        }
        let base = String(output.dropLast(4))
        var written: [(path: String, width: Int, height: Int, stickers: Range<Int>)] = []
        var undecodable: [(path: String, reason: String)] = []
        do {
            try sheet.renderPages(
                paths: files, pageHeight: pageHeight, stickersPerPage: stickersPerPage ?? .max,
                threads: try threads.budget().count
            ) { page in
                // One page only: the name given; more: numbered pages and an index.
                let path =
                    page.number == 1 && page.stickers.upperBound == files.count ? output : "\(base)-\(page.number).png"
                let png = try PNGEncoder(options: .init(compressionLevel: 6)).encode(page.raster)
                try AtomicFile.write(png, to: path)
                written.append((path, page.raster.width, page.raster.height, page.stickers))
                undecodable += zip(page.undecodable, page.undecodableReasons).map { ($0, $1) }
                print(
                    "wrote \(path): \(page.raster.width)x\(page.raster.height) px, \(Self.stickers(page.stickers.count)), \(RenderReport.kilobytes(png.count))"
                )
            }
            if written.count > 1 {
                let index = base + ".html"
                try AtomicFile.write(Array(PreviewIndex.html(pages: written, total: files.count).utf8), to: index)
                print("wrote \(index): \(written.count) pages, \(Self.stickers(files.count))")
            }
        } catch {
            throw runFailure("\(error)")
        }
        for (path, reason) in undecodable { printError("error: \(path): \(reason)") }
        if !undecodable.isEmpty { throw ExitCode(1) }
    }

    static func stickers(_ count: Int) -> String { "\(count) sticker\(count == 1 ? "" : "s")" }
}
