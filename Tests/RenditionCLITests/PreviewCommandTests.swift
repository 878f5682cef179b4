import Foundation
import RenditionCodecs
import RenditionLint
import RenditionPack
import RenditionPreview
import RenditionTestSupport
import Testing

/// `rendition preview` as a user runs it.
@Suite("rendition preview")
struct PreviewCommandTests {
    @Test(
        "rendition preview writes one PNG sheet (a file it cannot decode gets a card, an error line saying why and exit 1); bad usage exits 2"
    )
    func command() throws {
        let sheet = NSTemporaryDirectory() + "rendition-preview-" + UUID().uuidString + "/sheet.png"
        let result = try CommandLineTests.run([
            "preview", Fixtures.path("lint/clean.png"), Fixtures.path("lint/animated.png"),
            Fixtures.path("pngsuite/xcsn0g01.png"), "-o", sheet, "--scales", "2,1",
        ])
        #expect(result.status == 1, "\(result.err)")
        // Standard error says why, as the card's unreadable finding does.
        let why = try #require(
            StickerLinter().lint(path: Fixtures.path("pngsuite/xcsn0g01.png")).findings.first { $0.code == .unreadable }
        )
        #expect(why.message.hasPrefix("cannot decode: corrupt PNG data: "))
        #expect(result.err == "error: \(Fixtures.path("pngsuite/xcsn0g01.png")): \(why.message)\n")
        #expect(result.out.hasPrefix("wrote \(sheet): "))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sheet)))
        let image = try ImageDecoder.decode(bytes)
        let cards = [
            Fixtures.path("lint/clean.png"), Fixtures.path("lint/animated.png"), Fixtures.path("pngsuite/xcsn0g01.png"),
        ]
        .map { PreviewSheet(options: PreviewOptions(scales: [.x2, .x1])).card(path: $0).raster }
        #expect(image.height == 24 + 57 + cards.reduce(0) { $0 + $1.height + 24 })
        #expect(
            image.width == max(cards.map(\.width).max()!, image.width) && image.width >= cards.map(\.width).max()! + 48)
        let badScale = try CommandLineTests.run([
            "preview", Fixtures.path("lint/clean.png"), "-o", sheet, "--scales", "2,4",
        ])
        #expect(badScale.status == 2)
        #expect(badScale.err.contains("--scales: scale 4 is not 1, 2 or 3"), "\(badScale.err)")
        #expect(try CommandLineTests.run(["preview", Fixtures.path("lint/clean.png"), "-o", "sheet.jpg"]).status == 2)
        #expect(try CommandLineTests.run(["preview", "-o", sheet]).status == 2)
    }

    @Test("cards that do not fit one page go on numbered pages, with an HTML index")
    func pages() throws {
        let folder = NSTemporaryDirectory() + "rendition-preview-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputs = [
            Fixtures.path("lint/clean.png"), Fixtures.path("lint/dark-art.png"), Fixtures.path("lint/halo-white.png"),
        ]
        let result = try CommandLineTests.run(
            ["preview"] + inputs + [
                "-o", folder + "/sheet.png", "--scales", "1",
                "--stickers-per-page", "2",
            ])
        #expect(result.status == 0, "\(result.err)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "sheet-1.png", "sheet-2.png", "sheet.html",
            ])
        let first = try ImageDecoder.decode(try Fixtures.bytesAt(folder + "/sheet-1.png"))
        let second = try ImageDecoder.decode(try Fixtures.bytesAt(folder + "/sheet-2.png"))
        let cards = inputs.map { PreviewSheet(options: PreviewOptions(scales: [.x1])).card(path: $0).raster }
        #expect(first.height == 81 + cards[0].height + cards[1].height + 48)
        #expect(second.height == 81 + cards[2].height + 24)
        let html = try String(contentsOfFile: folder + "/sheet.html", encoding: .utf8)
        #expect(html.contains("<img src=\"sheet-1.png\"") && html.contains("<img src=\"sheet-2.png\""))
        #expect(result.out.contains("wrote \(folder)/sheet.html: 2 pages, 3 stickers"))

        // A page is never taller than --page-height unless one card alone is.
        let tall = try CommandLineTests.run(
            ["preview"] + inputs + ["-o", folder + "/tall.png", "--scales", "1", "--page-height", "1000"])
        #expect(tall.status == 0, "\(tall.err)")
        let tallPages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("tall-") }
        #expect(tallPages.count >= 2, "\(tallPages)")
        for page in tallPages {
            let image = try ImageDecoder.decode(try Fixtures.bytesAt(folder + "/" + page))
            #expect(image.height <= max(1000, 81 + cards.map(\.height).max()! + 24))
        }
    }

    @Test("memory stays bounded on hundreds of stickers: one page at a time")
    func boundedMemory() throws {
        guard TestEnvironment.checksPeakMemory else { return }
        let folder = NSTemporaryDirectory() + "rendition-preview-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var stickers: [String] = []
        for sub in ["openmoji-618", "noto-512", "derived"] {
            stickers += try Fixtures.files(in: "stickers/" + sub, extension: "png").map {
                Fixtures.path("stickers/\(sub)/\($0)")
            }
        }
        #expect(stickers.count >= 190)
        let inputs = stickers + stickers  // a few hundred cards
        // Peak resident memory of the child, from python3's getrusage of its only child.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                """
                import resource, subprocess, sys
                code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
                print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
                """, CommandLineTests.executable.path, "preview",
            ] + inputs + [
                "-o", folder + "/sheet.png", "--scales", "1", "--threads", "2",
                "--page-height", "4000",
            ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(fields.count == 2 && fields.first == 0, "\(text)")
        let peak = try #require(fields.last)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        #expect(pages.count > 10)
        // A page of @1x cards is about 1,700 x 4,000 px (27 MB); the whole sheet in one image,
        // held with its cards, would be about 2 GB.
        #expect(peak < 300_000_000, "peak RSS \(peak) bytes for \(inputs.count) stickers on \(pages.count) pages")
        print("preview of \(inputs.count) stickers on \(pages.count) pages: peak RSS \(peak / 1_000_000) MB")
    }

    @Test("a photo-sized input gets a sticker-sized card, and its sheet and memory stay a sticker's")
    func largeInput() throws {
        let folder = try TemporaryFolder.make("rendition-preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = folder + "/photo.png"
        try Data(
            try PNGEncoder(options: .init(compressionLevel: 1)).encode(TestImages.photo(width: 4_000, height: 3_000))
        )
        .write(to: URL(fileURLWithPath: photo))
        let (status, peak) = try Self.runMeasuringPeak([
            "preview", photo, "-o", folder + "/sheet.png", "--threads", "1",
        ])
        #expect(status == 0)
        let sheet = try ImageDecoder.decode(try Fixtures.bytesAt(folder + "/sheet.png"))
        // One card of 618 x 464 @3x tiles: about 4,450 x 1,700 px (the photo at its own size
        // made a sheet of 27,284 x 8,296 px).
        #expect(sheet.width < 4_500 && sheet.height < 2_000, "\(sheet.width)x\(sheet.height)")
        guard TestEnvironment.checksPeakMemory else { return }
        // The photo decoded (48 MB premultiplied, 48 MB as stored), its lint and the sheet
        // (about 30 MB).
        #expect(peak < 400_000_000, "peak RSS \(peak) bytes")
        print("preview of a 4000x3000 photo: peak RSS \(peak / 1_000_000) MB")
    }

    /// Runs `rendition ARGUMENTS` with its output discarded; returns its exit status and peak
    /// resident memory (python3's getrusage of its only child).
    static func runMeasuringPeak(_ arguments: [String]) throws -> (status: Int, peak: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                """
                import resource, subprocess, sys
                code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
                print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
                """, CommandLineTests.executable.path,
            ] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(fields.count == 2, "\(text)")
        return (try #require(fields.first), try #require(fields.last))
    }
}
