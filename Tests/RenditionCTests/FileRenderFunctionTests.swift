import CRendition
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionC

/// Renders through `rdn_render_bytes` (NULL limits unless given) and copies the renditions out
/// (the array is freed).
func renderBytesC(_ bytes: [UInt8], limits: rdn_limits? = nil, _ options: rdn_render_options? = nil) -> (
    status: rdn_status, renditions: [CRenditionCopy], message: String?
) {
    var limits = limits
    var options = options
    return collectRenditions { array, count, error in
        bytes.withUnsafeBufferPointer { buffer in
            withOptionalPointer(&limits) { limits in
                withOptionalPointer(&options) { options in
                    rdn_render_bytes(buffer.baseAddress, buffer.count, limits, options, array, count, error)
                }
            }
        }
    }
}

/// Renders through `rdn_render_file` and copies the renditions out (the array is freed).
func renderFileC(_ path: String, limits: rdn_limits? = nil, _ options: rdn_render_options? = nil) -> (
    status: rdn_status, renditions: [CRenditionCopy], message: String?
) {
    var limits = limits
    var options = options
    return collectRenditions { array, count, error in
        withOptionalPointer(&limits) { limits in
            withOptionalPointer(&options) { options in rdn_render_file(path, limits, options, array, count, error) }
        }
    }
}

/// A pointer to `value`, or NULL when it is nil, for the duration of `body`.
private func withOptionalPointer<T, R>(_ value: inout T?, _ body: (UnsafePointer<T>?) -> R) -> R {
    guard value != nil else { return body(nil) }
    return withUnsafePointer(to: &value!) { body($0) }
}

/// Calls a C function returning an `rdn_rendition` array; copies the renditions out, frees the
/// array and checks that a failure leaves the out-parameters NULL and 0.
private func collectRenditions(
    _ body: (
        UnsafeMutablePointer<UnsafeMutablePointer<rdn_rendition>?>, UnsafeMutablePointer<Int>,
        UnsafeMutablePointer<OpaquePointer?>
    ) -> rdn_status
) -> (status: rdn_status, renditions: [CRenditionCopy], message: String?) {
    var array: UnsafeMutablePointer<rdn_rendition>? = UnsafeMutablePointer(bitPattern: 0xBAD)  // must be overwritten
    var count = 99
    let result = callC { error in body(&array, &count, error) }
    var copies: [CRenditionCopy] = []
    if let array {
        for r in UnsafeBufferPointer(start: array, count: count) {
            copies.append(
                CRenditionCopy(
                    scale: r.scale, width: r.width, height: r.height, format: r.format,
                    bytes: Array(UnsafeBufferPointer(start: r.bytes, count: r.length))))
        }
    }
    if result.status != RDN_OK {
        #expect(array == nil && count == 0, "out-parameters not cleared after \(result.message ?? "")")
    }
    rdn_renditions_free(array, count)
    return (result.status, copies, result.message)
}

/// A master of one source format for the file functions, under `Fixtures/`.
struct FileFixture: Sendable, CustomTestStringConvertible {
    let kind: String
    let path: String
    /// The container every rendition is expected in with default options.
    let format: rdn_format

    var testDescription: String { "\(kind) \(path)" }
    var name: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

    static let all: [FileFixture] = [
        FileFixture(kind: "PNG", path: "stickers/derived/1F354-408.png", format: RDN_FORMAT_PNG),  // 408 px still
        FileFixture(kind: "APNG", path: "lint/animated.png", format: RDN_FORMAT_APNG),  // 300 px, 3 frames
        FileFixture(kind: "GIF", path: "gif/pillow/dispose_prev.gif", format: RDN_FORMAT_GIF),  // 100 px, 5 frames
        FileFixture(kind: "WebM", path: "webm/vp9-alpha-512x384-24fps-3s.webm", format: RDN_FORMAT_WEBM),  // 72 frames
        FileFixture(kind: "TGS", path: "lottie/rlottie/polystar_line_clockwise_trim.tgs", format: RDN_FORMAT_APNG),
        FileFixture(kind: "dotLottie", path: "lottie/dotlottie/Masks.lottie", format: RDN_FORMAT_APNG),  // 200x300
        // 512 px, 180 frames, written as one still PNG (the file has no acTL), so not APNG.
        FileFixture(kind: "dotLottie", path: "lottie/dotlottie/LayerBlend_0.lottie", format: RDN_FORMAT_PNG),
    ]
}

@Suite("C interface: rendering a file in one call (rdn_render_bytes, rdn_render_file)")
struct FileRenderFunctionTests {
    @Test(
        "rdn_render_file and rdn_render_bytes give the bytes `rendition render FILE` writes",
        arguments: FileFixture.all)
    func sameBytesAsTheCommandLine(fixture: FileFixture) throws {
        let path = Repository.root + "/Fixtures/" + fixture.path
        let bytes = try Repository.fixture(fixture.path)
        let folder = try Repository.temporaryFolder("file-render")
        defer { Repository.remove(folder) }
        let cli = BuiltTool.rendition.path
        try #require(FileManager.default.isExecutableFile(atPath: cli), "no rendition executable at \(cli)")
        let command = try run(cli, ["render", path, "-o", folder, "--no-progress", "--quiet"])
        #expect(command.status == 0, "rendition render exited \(command.status): \(command.stderr)")

        let fromFile = renderFileC(path)
        let fromBytes = renderBytesC(bytes)
        #expect(fromFile.status == RDN_OK, "rdn_render_file: \(fromFile.message ?? "")")
        #expect(fromBytes.status == RDN_OK, "rdn_render_bytes: \(fromBytes.message ?? "")")
        #expect(fromFile.renditions.map { [$0.scale] } == [[2], [1]])
        #expect(fromBytes.renditions == fromFile.renditions)
        for rendition in fromFile.renditions {
            let file =
                "\(folder)/\(fixture.name)@\(rendition.scale)x.\(SameBytesEveryFaceTests.fileExtension(rendition.format))"
            let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(!written.isEmpty)
            #expect(rendition.bytes == written, "\(fixture.path) @\(rendition.scale)x: not the command line's bytes")
            #expect(
                rendition.format == fixture.format,
                "\(fixture.path) @\(rendition.scale)x: format \(rendition.format.rawValue)")
            let size = StickerGeometry.renditionSize(
                masterWidth: try ImageDimensions(bytes).width, masterHeight: try ImageDimensions(bytes).height,
                scale: StickerScale(rawValue: Int(rendition.scale))!)
            let made: [Int] = [Int(rendition.width), Int(rendition.height)]
            #expect(made == [size.width, size.height])
        }
        // An image decoded by rdn_image_decode renders to the same bytes.
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        #expect(renderC(image, nil).renditions == fromFile.renditions, "\(fixture.path): rdn_render differs")
    }

    @Test("corrupt and unrecognised bytes fail with their own status; nothing is returned")
    func corruptBytes() throws {
        let png = try Repository.fixture(CFixtures.sticker)
        let truncated = renderBytesC(Array(png.prefix(60)))
        #expect(truncated.status == RDN_ERROR_CORRUPT, "\(truncated.message ?? "")")
        #expect(truncated.message?.contains("PNG") == true, "\(truncated.message ?? "")")
        var damaged = try Repository.fixture("lottie/rlottie/polystar_line_clockwise_trim.tgs")
        damaged.removeLast(damaged.count / 2)
        #expect(renderBytesC(damaged).status == RDN_ERROR_CORRUPT)
        expectFailure(RDN_ERROR_UNRECOGNIZED_FORMAT, containing: "unknown signature") { error in
            var array: UnsafeMutablePointer<rdn_rendition>?
            var count = 0
            return Array("not an image at all".utf8).withUnsafeBufferPointer {
                rdn_render_bytes($0.baseAddress, $0.count, nil, nil, &array, &count, error)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "bytes is NULL") { error in
            var array: UnsafeMutablePointer<rdn_rendition>?
            var count = 0
            return rdn_render_bytes(nil, 10, nil, nil, &array, &count, error)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_count") { error in
            var array: UnsafeMutablePointer<rdn_rendition>?
            return png.withUnsafeBufferPointer {
                rdn_render_bytes($0.baseAddress, $0.count, nil, nil, &array, nil, error)
            }
        }
    }

    @Test("a missing path, a folder and an empty file fail with a message naming the path")
    func badPaths() throws {
        let folder = try Repository.temporaryFolder("file-render-paths")
        defer { Repository.remove(folder) }
        let missing = renderFileC(folder + "/missing.png")
        #expect(missing.status == RDN_ERROR_IO)
        #expect(missing.message?.contains(folder + "/missing.png") == true, "\(missing.message ?? "")")
        let asFile = renderFileC(folder)
        #expect(asFile.status == RDN_ERROR_IO)
        #expect(asFile.message?.contains("folder") == true, "\(asFile.message ?? "")")
        _ = FileManager.default.createFile(atPath: folder + "/empty.png", contents: Data())
        let empty = renderFileC(folder + "/empty.png")
        #expect(empty.status == RDN_ERROR_UNRECOGNIZED_FORMAT)
        #expect(empty.message?.contains("empty") == true, "\(empty.message ?? "")")
        #expect(renderFileC("").status == RDN_ERROR_INVALID_ARGUMENT)
    }

    @Test("limits apply before work: max_input_bytes, max_output_pixels, max_frames")
    func limits() throws {
        let path = Repository.root + "/Fixtures/" + CFixtures.sticker
        let size = try Repository.fixture(CFixtures.sticker).count
        var small = rdn_limits()
        small.max_input_bytes = UInt64(size - 1)
        let overInput = renderFileC(path, limits: small)
        #expect(overInput.status == RDN_ERROR_LIMIT_EXCEEDED, "\(overInput.message ?? "")")
        #expect(
            overInput.message?.contains("is over the input-bytes limit of \(size - 1)") == true,
            "\(overInput.message ?? "")")
        #expect(
            renderBytesC(try Repository.fixture(CFixtures.sticker), limits: small).status == RDN_ERROR_LIMIT_EXCEEDED)
        small.max_input_bytes = UInt64(size)
        #expect(renderFileC(path, limits: small).status == RDN_OK)

        // A 618 px master's @2x is 412x412 = 169,744 pixels.
        let capped = renderOptions { $0.max_output_pixels = 169_743 }
        let overOutput = renderFileC(path, capped)
        #expect(overOutput.status == RDN_ERROR_LIMIT_EXCEEDED)
        #expect(overOutput.message?.contains("max_output_pixels") == true, "\(overOutput.message ?? "")")
        #expect(renderFileC(path, renderOptions { $0.max_output_pixels = 169_744 }).status == RDN_OK)

        var frames = rdn_limits()
        frames.max_frames = 2
        let overFrames = renderFileC(Repository.root + "/Fixtures/lint/animated.png", limits: frames)
        #expect(overFrames.status == RDN_ERROR_LIMIT_EXCEEDED, "\(overFrames.message ?? "")")
    }

    /// The TGS fixture with a gzip modification time of its own, so its bytes are this test's
    /// alone and `DecodeCount` counts only this test's parses of it.
    static func uniqueTGS() throws -> [UInt8] {
        var bytes = try Repository.fixture("lottie/rlottie/polystar_line_clockwise_trim.tgs")
        #expect(bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[3] == 0, "not a gzip stream without header flags")
        let stamp = UInt32.random(in: 1...UInt32.max)
        for k in 0..<4 { bytes[4 + k] = UInt8(truncatingIfNeeded: stamp >> (8 * UInt32(k))) }
        return bytes
    }

    @Test("over max_output_pixels, a TGS is refused from its header: its document is never loaded to be drawn")
    func vectorRefusedBeforeDrawing() throws {
        DecodeCount.startRecording()
        let tgs = try Self.uniqueTGS()
        // 300 px canvas: @2x is 200x200.
        let refused = renderBytesC(tgs, renderOptions { $0.max_output_pixels = 39_999 })
        #expect(refused.status == RDN_ERROR_LIMIT_EXCEEDED, "\(refused.message ?? "")")
        #expect(DecodeCount.count(of: tgs) == 0)
        #expect(renderBytesC(tgs, renderOptions { $0.max_output_pixels = 40_000 }).status == RDN_OK)
        #expect(DecodeCount.count(of: tgs) >= 1)
    }

    @Test(
        "a TGS is drawn only at the renditions' sizes: rdn_render_bytes loads it once; rdn_render on a decoded image never draws its canvas-sized frames"
    )
    func vectorDrawnOnce() throws {
        DecodeCount.startRecording()
        let tgs = try Self.uniqueTGS()
        let oneThread = renderOptions { $0.threads = 1 }
        let fromBytes = renderBytesC(tgs, oneThread)
        #expect(fromBytes.status == RDN_OK)
        // One document loaded into rlottie, which drew @2x and @1x: no decode for the info or
        // the size check, no canvas drawing.
        #expect(DecodeCount.count(of: tgs) == 1)

        let pointer = decodeC(tgs)
        defer { rdn_image_free(pointer) }
        let handle = try ImageHandle.borrow(pointer)
        #expect(!handle.canvasFramesDrawn, "rdn_image_decode drew the canvas-sized frames")
        let composition = try LottieComposition(tgs)
        let info = infoC(pointer)
        let reported: [Int] = [Int(info.width), Int(info.height), Int(info.frame_count), Int(info.loop_count)]
        #expect(reported == [composition.width, composition.height, composition.frameCount, 0])
        #expect(info.source_format == RDN_FORMAT_TGS)
        var numerator: UInt64 = 0
        var denominator: UInt64 = 0
        #expect(rdn_image_get_frame_delay(pointer, info.frame_count - 1, &numerator, &denominator, nil) == RDN_OK)
        let delay: [Int] = [Int(numerator), Int(denominator)]
        #expect(delay == [composition.frameDelay.numerator, composition.frameDelay.denominator])
        #expect(renderC(pointer, oneThread).renditions == fromBytes.renditions)
        #expect(!handle.canvasFramesDrawn, "rdn_image_get_info, _get_frame_delay or rdn_render drew the canvas")

        // Pixels asked for: drawn then, at the canvas size, as ImageDecoder draws them.
        let frame = 7
        var pixels = [UInt8](repeating: 0, count: composition.width * composition.height * 4)
        #expect(
            rdn_image_copy_pixels(
                pointer, UInt32(frame), RDN_ALPHA_PREMULTIPLIED, &pixels, composition.width * 4, pixels.count, nil)
                == RDN_OK)
        #expect(handle.canvasFramesDrawn)
        #expect(pixels == (try ImageDecoder.decodeAnimation(tgs)).frames[frame].raster.bytes)
    }

    @Test("a dotLottie file decodes: info from its document, pixels drawn at its canvas size")
    func decodeDotLottie() throws {
        let bytes = try Repository.fixture("lottie/dotlottie/LayerBlend_0.lottie")
        let pointer = decodeC(bytes)
        defer { rdn_image_free(pointer) }
        let reference = try ImageDecoder.decodeAnimation(bytes)
        let info = infoC(pointer)
        #expect(info.source_format == RDN_FORMAT_DOTLOTTIE)
        let reported: [Int] = [Int(info.width), Int(info.height), Int(info.frame_count), Int(info.loop_count)]
        #expect(reported == [reference.width, reference.height, reference.frames.count, 0])
        #expect(reference.frames.count > 1)
        var numerator: UInt64 = 0
        var denominator: UInt64 = 0
        #expect(rdn_image_get_frame_delay(pointer, 0, &numerator, &denominator, nil) == RDN_OK)
        #expect(Int(numerator) == reference.frames[0].delay.numerator)
        #expect(Int(denominator) == reference.frames[0].delay.denominator)
        for frame in [0, reference.frames.count / 2] {
            var pixels = [UInt8](repeating: 0, count: reference.width * reference.height * 4)
            #expect(
                rdn_image_copy_pixels(
                    pointer, UInt32(frame), RDN_ALPHA_PREMULTIPLIED, &pixels, reference.width * 4, pixels.count, nil)
                    == RDN_OK)
            #expect(pixels == reference.frames[frame].raster.bytes, "frame \(frame)")
            #expect(pixels.contains { $0 != 0 }, "frame \(frame) is blank")
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "does not exist") { error in
            rdn_image_get_frame_delay(pointer, info.frame_count, &numerator, &denominator, error)
        }
    }
}
