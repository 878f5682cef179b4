import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionTestSupport
import Synchronization
import Testing

/// Each lint fixture (made by Scripts/make-lint-fixtures.py for one finding) produces exactly
/// the expected codes, and real, clean stickers produce no errors.
@Suite("Lint on fixtures")
struct LintFixtureTests {
    let linter = StickerLinter()

    static let expectations: [(file: String, codes: [LintCode])] = [
        ("clean.png", []),
        ("opaque.jpg", [.opaqueImage]),
        ("white-box.png", [.opaqueBackground]),
        ("halo-white.png", [.matteHalo]),
        ("halo-dark.png", [.matteHalo]),
        ("touching-edge.png", [.contentTouchesEdge]),
        ("canvas-299.png", [.canvasTooSmall]),
        ("canvas-620.png", [.canvasTooLarge]),
        ("non-square.png", [.notSquare]),
        ("dark-art.png", [.invisibleOnBackground]),
        ("small-art.png", [.contentSmall]),
        ("animated.png", [.contentTouchesEdge]),
    ]

    @Test("each fixture produces exactly its codes", arguments: expectations.map(\.file))
    func fixture(file: String) throws {
        let expected = Self.expectations.first { $0.file == file }!.codes
        let report = linter.lint(path: Fixtures.path("lint/" + file))
        #expect(report.findings.map(\.code) == expected, "\(report.findings.map(\.message))")
    }

    @Test("the numbers behind the findings describe the fixtures")
    func numbers() throws {
        let white = linter.lint(path: Fixtures.path("lint/halo-white.png")).findings[0]
        #expect(white.severity == .warning && white.values["kind"] == .text("light"))
        #expect(white.values["matte"] == .text("#fffffe") || white.values["matte"] == .text("#ffffff"))
        let dark = linter.lint(path: Fixtures.path("lint/halo-dark.png")).findings[0]
        #expect(dark.values["kind"] == .text("dark"))
        let invisible = linter.lint(path: Fixtures.path("lint/dark-art.png")).findings[0]
        #expect(invisible.background == "black")
        let touching = linter.lint(path: Fixtures.path("lint/touching-edge.png")).findings[0]
        #expect(touching.values["sides"] == .text("right,bottom"))
        let box = linter.lint(path: Fixtures.path("lint/white-box.png"))
        #expect(box.findings[0].values["color"] == .text("#ffffff") && box.findings[0].severity == .error)
        #expect(box.width == 408 && box.sizeClass == "regular" && box.format == "png")
        let small = linter.lint(path: Fixtures.path("lint/canvas-299.png"))
        #expect(small.findings[0].values["width"] == .integer(299) && small.sizeClass == nil)
    }

    @Test("an animation: findings name the first frame showing them; duration and loops are reported")
    func animation() throws {
        let report = linter.lint(path: Fixtures.path("lint/animated.png"))
        #expect(report.format == "apng" && report.animated && report.frames == 3)
        #expect(report.durationMilliseconds == 350 && report.loopCount == 0)
        let touching = report.findings[0]
        #expect(touching.frame == 1 && touching.values["frames_affected"] == .integer(1))
    }

    @Test("a 501,000-byte file is over Apple's 500,000-byte limit, and the limit is configurable")
    func byteLimit() throws {
        let bytes = try PNGPadding.padded(Fixtures.bytes("lint/clean.png"), toSize: 501_000)
        #expect(bytes.count == 501_000)
        let report = linter.lint(bytes: bytes, path: "clean-padded.png")
        #expect(report.findings.map(\.code) == [.fileTooLarge])
        #expect(
            report.findings[0].values["bytes"] == .integer(501_000)
                && report.findings[0].values["maximum"] == .integer(500_000))
        var profile = StickerProfile.appleMessages
        profile.maximumBytes = 501_000
        #expect(
            StickerLinter(options: LintOptions(profile: profile)).lint(bytes: bytes, path: "x.png").findings.isEmpty)
        let exact = try PNGPadding.padded(Fixtures.bytes("lint/clean.png"), toSize: 500_000)
        #expect(linter.lint(bytes: exact, path: "x.png").findings.isEmpty)
    }

    @Test("a GIF with 1-bit alpha has an aliased edge")
    func gif() throws {
        // Decoded first, so that a decoder failure fails here with its error.
        let animation = try ImageDecoder.decodeAnimation(try Fixtures.bytes("lint/alpha-1bit.gif"))
        #expect(animation.frames.count == 1)
        let report = linter.lint(path: Fixtures.path("lint/alpha-1bit.gif"))
        #expect(report.format == "gif")
        #expect(report.findings.map(\.code) == [.aliasedEdge], "\(report.findings.map(\.message))")
    }

    @Test("the same art with 1-bit alpha as PNG has an aliased edge")
    func hardEdgePNG() throws {
        // The GIF fixture's pixels, written as PNG (independent of the GIF decoder).
        let clean = try Fixtures.raster("lint/clean.png")
        var hard = clean
        for i in stride(from: 0, to: hard.bytes.count, by: 4) {
            let a = clean.bytes[i + 3]
            let straight = (0..<3).map { AlphaConversion.unpremultiply(clean.bytes[i + $0], alpha: a) }
            if a >= 128 {
                hard.bytes[i] = straight[0]
                hard.bytes[i + 1] = straight[1]
                hard.bytes[i + 2] = straight[2]
                hard.bytes[i + 3] = 255
            } else {
                hard.bytes[i] = 0
                hard.bytes[i + 1] = 0
                hard.bytes[i + 2] = 0
                hard.bytes[i + 3] = 0
            }
        }
        let report = linter.lint(bytes: try PNGEncoder().encode(hard), path: "hard.png")
        #expect(report.findings.map(\.code) == [.aliasedEdge])
    }

    @Test("formats: WebP is not accepted by Apple Messages; garbage and corrupt files are unreadable")
    func formats() throws {
        let webp = linter.lint(path: Fixtures.path("webp/pillow/flower.webp"))
        #expect(webp.findings.map(\.code) == [.formatNotAllowed] && webp.format == "webp")
        let garbage = linter.lint(bytes: Array("hello".utf8), path: "x.png")
        #expect(garbage.findings.map(\.code) == [.unreadable] && garbage.hasErrors)
        let corrupt = linter.lint(path: Fixtures.path("pngsuite/xcsn0g01.png"))
        #expect(corrupt.findings.map(\.code) == [.unreadable])
        let missing = linter.lint(path: "/no/such/sticker.png")
        #expect(missing.findings.map(\.code) == [.unreadable])
    }

    @Test("hidden colour under transparent pixels is reported from the file's own values")
    func hiddenColor() throws {
        // The clean fixture with every transparent pixel's colour set to white in the file.
        let clean = try Fixtures.raster("lint/clean.png")
        var straight = clean.straightRGBA()
        for i in stride(from: 0, to: straight.count, by: 4) where straight[i + 3] == 0 {
            straight[i] = 255
            straight[i + 1] = 255
            straight[i + 2] = 255
        }
        let png = try StraightPNG.encode(width: clean.width, height: clean.height, straightRGBA: straight)
        var profile = StickerProfile.appleMessages
        profile.maximumBytes = png.count  // stored uncompressed: large, and not what this test is about
        let report = StickerLinter(options: LintOptions(profile: profile)).lint(bytes: png, path: "hidden.png")
        #expect(report.findings.map(\.code) == [.hiddenColor])
        #expect(
            report.findings[0].values["fraction"] == .number(1)
                && report.findings[0].values["mean_color"] == .text("#ffffff"))
    }

    @Test("dense high-contrast detail near the @1x resolution rings")
    func ringing() throws {
        var checker = Raster(width: 408, height: 408)
        for y in 30..<378 {
            for x in 30..<378 {
                let v: UInt8 = ((x / 9) + (y / 9)) % 2 == 0 ? 255 : 0
                checker[x, y] = RGBA(v, v, v, 255)
            }
        }
        let report = linter.lint(bytes: try PNGEncoder().encode(checker), path: "checker.png")
        #expect(report.codes.contains(.ringingClamped))
        #expect(!linter.lint(path: Fixtures.path("lint/clean.png")).codes.contains(.ringingClamped))
    }

    @Test("clean real stickers produce no errors, and no warnings except art that disappears on a background")
    func corpus() throws {
        var files: [String] = []
        for folder in ["stickers/openmoji-618", "stickers/noto-512", "stickers/derived"] {
            files += try Fixtures.files(in: folder, extension: "png").map { folder + "/" + $0 }
        }
        #expect(files.count == 152 + 40 + 6)
        let paths = files.map { Fixtures.path($0) }
        let reported = ReportedPaths()
        let reports = linter.lint(paths: paths, threads: 3) { report in
            reported.paths.withLock { $0.append(report.path) }
        }
        #expect(
            reports.map(\.path) == paths && reported.paths.withLock { $0 } == paths,
            "reports come back and are reported in input order")
        for (file, report) in zip(files, reports) {
            #expect(!report.hasErrors, "\(file): \(report.findings.map(\.message))")
            let warnings = report.findings.filter { $0.severity == .warning && $0.code != .invisibleOnBackground }
            #expect(warnings.isEmpty, "\(file): \(warnings.map(\.message))")
        }
    }
}

/// The paths of the reports `StickerLinter.lint(paths:threads:report:)` reported, in the order
/// it reported them.
private final class ReportedPaths: Sendable {
    let paths = Mutex<[String]>([])
}
