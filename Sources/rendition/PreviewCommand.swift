import ArgumentParser
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPack

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a contact sheet: each sticker at @3x, @2x and @1x on six test backgrounds, with lint findings marked.",
        discussion: """
            One card per sticker (folders are searched recursively): a row per rendition at \
            its real pixel size, a column per background (white, black, red, yellow, \
            multicolour, photo), a strip of frames for animations. Findings of `rendition \
            lint` appear as badges in the card's header and as coloured frames and tags on \
            the tiles they concern (red error, orange warning, blue info). The sheet is a PNG \
            written atomically.
            """)

    @Argument(help: ArgumentHelp("Sticker files or folders.", valueName: "path"))
    var paths: [String] = []

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The sheet to write (PNG).", valueName: "sheet.png"))
    var output: String

    @Option(help: ArgumentHelp("Renditions to show, comma-separated (default 3,2,1).", valueName: "list"))
    var scales: String = "3,2,1"

    @Option(help: ArgumentHelp("Most frames in an animation's strip.", valueName: "n"))
    var frames: Int = 8

    @Option(help: ArgumentHelp("Stickers drawn in parallel (default: all cores).", valueName: "n"))
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    func parsedScales() throws -> [StickerScale] {
        var result: [StickerScale] = []
        for item in scales.split(separator: ",") {
            let digits = item.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "@", with: "")
                .replacingOccurrences(of: "x", with: "")
            guard let value = Int(digits), let scale = StickerScale(rawValue: value) else {
                throw ValidationError("--scales takes 1, 2 and 3, e.g. 3,2,1 (got '\(item)')")
            }
            if !result.contains(scale) { result.append(scale) }
        }
        if result.isEmpty { throw ValidationError("--scales needs at least one of 1, 2, 3") }
        return result
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one file or folder to preview") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("the sheet is a PNG: name it NAME.png") }
        _ = try parsedScales()
    }

    func run() throws {
        let files: [String]
        do { files = try StickerInputs.expand(paths) } catch { throw ValidationError(error.description) }
        if files.isEmpty { throw ValidationError("no image files found in \(paths.joined(separator: ", "))") }
        let sheet = PreviewSheet(options: PreviewOptions(scales: try parsedScales(), maximumStripFrames: frames))
        let raster = sheet.render(paths: files, threads: threads)
        let png = try PNGEncoder(options: .init(compressionLevel: 6)).encode(raster)
        let folder = (output as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileSystem.createDirectory(folder) }
            try AtomicFile.write(png, to: output)
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        print("wrote \(output): \(raster.width)x\(raster.height) px, \(files.count) sticker\(files.count == 1 ? "" : "s"), \(RenderReport.kilobytes(png.count))")
    }
}
