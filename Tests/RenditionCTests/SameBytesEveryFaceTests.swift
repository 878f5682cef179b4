import CRendition
import Foundation
import RenditionC
import RenditionCodecs
import RenditionCore
import RenditionPack
import RenditionPipeline
import RenditionTestSupport
import Testing

// "A test renders every fixture format through the Swift API, the CLI, C and Python and finds
// the same bytes": the Swift API, C (rdn_image_decode + rdn_render, and rdn_render_file) and
// command-line half (the Python half is
// python/tests/test_same_bytes_as_cli.py, over the same fixtures). Every face is asked for
// the @2x and @1x renditions of one real master per source format, and each rendition must
// be byte for byte what `StickerRenderer.renderSticker` gives.

/// One real master of one source format, under `Fixtures/`.
struct FaceFixture: Sendable, CustomTestStringConvertible {
    /// The source format, as a label ("PNG", "APNG", "TGS"...).
    let kind: String
    /// The file, relative to `Fixtures/`.
    let path: String

    /// The sticker name the command line gives it: the file name without its extension.
    var name: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

    var testDescription: String { "\(kind) \(path)" }

    /// One master per source format (still and animated where the format has both), all of
    /// sticker size (at least 96 px on a side) so @2x and @1x are real downscales.
    static let all: [FaceFixture] = [
        FaceFixture(kind: "PNG", path: "stickers/derived/1F354-408.png"),  // 408 px still, soft alpha
        FaceFixture(kind: "APNG", path: "lint/animated.png"),  // 300 px, 3 frames
        FaceFixture(kind: "GIF", path: "lint/alpha-1bit.gif"),  // 408 px still, transparent index
        FaceFixture(kind: "animated GIF", path: "gif/pillow/dispose_prev.gif"),  // 100 px, 5 frames
        FaceFixture(kind: "WebP", path: "webp/pillow/transparent.webp"),  // 200x150 still with alpha
        FaceFixture(kind: "animated WebP", path: "webp/image-webp/animated/random_lossy.webp"),  // 99x87, 4 frames
        FaceFixture(kind: "JPEG", path: "jpeg/emoji_u1f302-on-white.jpg"),  // 512 px
        FaceFixture(kind: "TGS", path: "lottie/rlottie/polystar_line_clockwise_trim.tgs"),  // 300 px, 150 frames
        FaceFixture(kind: "Lottie JSON", path: "lottie/lottie-android/LayerBlend_0.json"),  // 512 px, 180 frames
        FaceFixture(kind: "dotLottie", path: "lottie/dotlottie/Masks.lottie"),  // 200x300, 61 frames, in a ZIP
        FaceFixture(kind: "WebM", path: "webm/vp9-alpha-512x384-24fps-3s.webm"),  // VP9 with alpha, 72 frames
    ]

    /// The fixture of `kind` in `all`.
    static func named(_ kind: String) -> FaceFixture { all.first { $0.kind == kind }! }
}

/// Settings every face has: the output container and the compression effort (nil: the
/// face's default), as `rendition render --format F --compression N`,
/// `rdn_render_options.format`/`.compression` and `rendition.render(format=, compression=)`.
struct FaceSettings: Sendable, CustomTestStringConvertible {
    /// The output container; nil leaves the default (auto).
    var format: OutputFormat?
    /// The compression effort 0...12; nil leaves the default.
    var compression: Int?

    static let defaults = FaceSettings()

    var testDescription: String { cliArguments.isEmpty ? "default options" : cliArguments.joined(separator: " ") }

    /// The command line's flags.
    var cliArguments: [String] {
        (format.map { ["--format", $0.rawValue] } ?? []) + (compression.map { ["--compression", String($0)] } ?? [])
    }

    /// `rdn_render_options` from `rdn_render_options_init` with the format and compression set.
    var cOptions: rdn_render_options {
        renderOptions { options in
            if let format { options.format = Self.cFormat(format) }
            if let compression { options.compression = Int32(compression) }
        }
    }

    /// Whether the compression changes the bytes of this format: PNG, APNG and WebP use it;
    /// GIF and WebM ignore it.
    var compressionMatters: Bool { [.png, .apng, .webp].contains(format ?? .auto) }

    /// The same settings without the compression.
    var withoutCompression: FaceSettings { FaceSettings(format: format) }

    /// The Swift API's options, as rendition.h documents `compression`: the PNG and the APNG
    /// deflate level, and libwebp's method `compression / 2` for WebP; GIF and WebM ignore it.
    var swiftOptions: RenderOptions {
        var options = RenderOptions(format: format ?? .auto)
        if let compression {
            options.png.compressionLevel = compression
            options.apngCompressionLevel = compression
            options.webp.method = compression / 2
        }
        return options
    }

    /// The C constant of an output format.
    static func cFormat(_ format: OutputFormat) -> rdn_format {
        switch format {
        case .auto: RDN_FORMAT_AUTO
        case .png: RDN_FORMAT_PNG
        case .apng: RDN_FORMAT_APNG
        case .gif: RDN_FORMAT_GIF
        case .webp: RDN_FORMAT_WEBP
        case .webm: RDN_FORMAT_WEBM
        }
    }
}

/// Where two renditions' bytes first differ, for a failure message ("" when they are equal).
private func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
    guard a != b else { return "" }
    let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    return "\(a.count) vs \(b.count) bytes, first difference at byte \(offset)"
}

@Suite("Every face gives the same bytes: Swift API, C ABI and command line")
struct SameBytesEveryFaceTests {
    /// The built `rendition` executable.
    static var cli: String { BuiltTool.rendition.path }

    /// The file extension of an `rdn_rendition.format` ("png" for PNG and APNG, as the Swift
    /// API's `Rendition.fileExtension`).
    static func fileExtension(_ format: rdn_format) -> String {
        switch format {
        case RDN_FORMAT_PNG, RDN_FORMAT_APNG: "png"
        case RDN_FORMAT_GIF: "gif"
        case RDN_FORMAT_WEBP: "webp"
        case RDN_FORMAT_WEBM: "webm"
        default: "not an output format (\(format.rawValue))"
        }
    }

    /// Non-default settings, each on a few masters; every face takes both settings.
    static let optionCases: [(FaceFixture, FaceSettings)] = {
        var cases: [(FaceFixture, FaceSettings)] = []
        func add(_ settings: FaceSettings, _ kinds: String...) {
            cases += kinds.map { (FaceFixture.named($0), settings) }
        }
        // GIF ignores the compression; stills, animations and vector art become GIF.
        add(FaceSettings(format: .gif, compression: 3), "PNG", "APNG", "TGS")
        // A still PNG of the first frame at deflate level 9.
        add(FaceSettings(format: .png, compression: 9), "APNG", "animated WebP")
        // APNG at deflate level 1, from video and from GIF.
        add(FaceSettings(format: .apng, compression: 1), "WebM", "animated GIF")
        // WebM (VP9 with alpha), which ignores the compression.
        add(FaceSettings(format: .webm, compression: 2), "APNG")
        // WebP at the default method: the format alone maps the same everywhere.
        add(FaceSettings(format: .webp), "JPEG", "Lottie JSON")
        // WebP with a compression effort, which is also libwebp's method (compression / 2 = 6
        // here, 4 by default) on every face. `rendition render --compression` once set only the
        // PNG and APNG levels, so the command line wrote method-4 WebP here; the check that
        // the compression changes the bytes keeps this case able to see that again.
        add(FaceSettings(format: .webp, compression: 12), "PNG", "APNG")
        return cases
    }()

    @Test("default options: every fixture format gives the same @2x and @1x bytes", arguments: FaceFixture.all)
    func defaultOptions(fixture: FaceFixture) throws {
        try compareFaces(fixture, .defaults)
    }

    @Test(
        "non-default format and compression are mapped the same by every face",
        arguments: zip(optionCases.map(\.0), optionCases.map(\.1)))
    func nonDefaultOptions(fixture: FaceFixture, settings: FaceSettings) throws {
        let renditions = try compareFaces(fixture, settings)
        // The compression must reach the encoder (or be ignored by it), or a face that drops
        // it could not be told apart.
        guard settings.compression != nil else { return }
        let bytes = try Repository.fixture(fixture.path)
        let plain = settings.withoutCompression.swiftOptions
        let without = try StickerRenderer(options: plain).renderSticker(bytes, scratch: RenderScratch(options: plain))
        let same = renditions.map(\.bytes) == without.renditions.map(\.bytes)
        if settings.compressionMatters {
            #expect(!same, "\(fixture.path), \(settings.testDescription): the compression does not change the bytes")
        } else {
            #expect(same, "\(fixture.path), \(settings.testDescription): the compression changes the bytes")
        }
    }

    /// Renders `fixture` with `settings` through the Swift API, the C ABI and the command line
    /// and expects the same renditions (scale, size, bytes) from each; returns the Swift API's.
    @discardableResult
    func compareFaces(_ fixture: FaceFixture, _ settings: FaceSettings) throws -> [Rendition] {
        let bytes = try Repository.fixture(fixture.path)
        #expect(bytes.count > 0, "\(fixture.path) is empty")
        let label = "\(fixture.path) (\(fixture.kind)), \(settings.testDescription)"

        // (1) The Swift API.
        let swiftOptions = settings.swiftOptions
        let swift = try StickerRenderer(options: swiftOptions).renderSticker(
            bytes, scratch: RenderScratch(options: swiftOptions)
        ).renditions
        #expect(swift.map(\.scale) == [.x2, .x1], "\(label): the Swift API's scales")
        #expect(swift.allSatisfy { !$0.bytes.isEmpty }, "\(label): an empty Swift rendition")

        // (2) The C ABI, in-process.
        var image: OpaquePointer?
        let decoded = callC { error in
            bytes.withUnsafeBufferPointer { rdn_image_decode($0.baseAddress, $0.count, nil, &image, error) }
        }
        #expect(decoded.status == RDN_OK, "\(label): rdn_image_decode: \(decoded.message ?? "")")
        let handle = try #require(image, "\(label): rdn_image_decode gave no image")
        defer { rdn_image_free(handle) }
        let c = renderC(handle, settings.cOptions)
        #expect(c.status == RDN_OK, "\(label): rdn_render: \(c.message ?? "")")
        #expect(c.renditions.count == swift.count, "\(label): rdn_render gave \(c.renditions.count) renditions")
        // The file in one call (the command line's road): the renditions of rdn_render.
        let fromFile = renderFileC(Repository.root + "/Fixtures/" + fixture.path, settings.cOptions)
        #expect(fromFile.status == RDN_OK, "\(label): rdn_render_file: \(fromFile.message ?? "")")
        #expect(fromFile.renditions == c.renditions, "\(label): rdn_render_file differs from rdn_render")

        // (3) The command line, as a user runs it.
        let folder = try Repository.temporaryFolder("same-bytes")
        defer { Repository.remove(folder) }
        let cli = Self.cli
        try #require(FileManager.default.isExecutableFile(atPath: cli), "no rendition executable at \(cli)")
        let command = try run(
            cli,
            ["render", Repository.root + "/Fixtures/" + fixture.path, "-o", folder, "--log", "jsonl", "--no-progress"]
                + settings.cliArguments)
        #expect(command.status == 0, "\(label): rendition render exited \(command.status): \(command.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        let expectedNames = swift.map { "\(fixture.name)\($0.scale.suffix).\($0.fileExtension)" }
        #expect(Set(written) == Set(expectedNames), "\(label): the command line wrote \(written.sorted())")

        for (index, rendition) in swift.enumerated() {
            let scale = rendition.scale.suffix
            if index < c.renditions.count {
                let copy = c.renditions[index]
                let cShape: [Int] = [Int(copy.scale), Int(copy.width), Int(copy.height)]
                let swiftShape: [Int] = [rendition.scale.rawValue, rendition.width, rendition.height]
                #expect(
                    cShape == swiftShape, "\(label) \(scale): rdn_render's scale and size differ from the Swift API's")
                #expect(
                    Self.fileExtension(copy.format) == rendition.fileExtension,
                    "\(label) \(scale): rdn_render's format \(copy.format.rawValue) is not the Swift API's .\(rendition.fileExtension)"
                )
                let same = copy.bytes == rendition.bytes
                #expect(
                    same,
                    "\(label) \(scale): C ABI (rdn_render) bytes differ from the Swift API's: \(firstDifference(copy.bytes, rendition.bytes))"
                )
            }
            let file = folder + "/" + expectedNames[index]
            let cliBytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
            let same = cliBytes == rendition.bytes
            #expect(
                same,
                "\(label) \(scale): command line (rendition render) bytes differ from the Swift API's: \(cliBytes.isEmpty ? "\(file) missing" : firstDifference(cliBytes, rendition.bytes))"
            )
        }
        return swift
    }
}
