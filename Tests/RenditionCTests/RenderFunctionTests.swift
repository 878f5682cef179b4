import CRendition
import Foundation
import RenditionC
import RenditionCodecs
import RenditionCore
import RenditionPack
import Testing
import RenditionPipeline

@Suite("C interface: rendering and encoding")
struct RenderFunctionTests {
    @Test("rdn_render gives exactly StickerRenderer's @2x and @1x bytes, sizes and formats")
    func renderMatchesSwift() throws {
        let bytes = try Repository.fixture(CFixtures.sticker)
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        let rendered = renderC(image, nil)
        #expect(rendered.status == RDN_OK)
        let swift = try StickerRenderer().render(bytes)
        #expect(rendered.renditions.map(\.bytes) == swift.map(\.bytes))
        #expect(rendered.renditions.map { [$0.scale, $0.width, $0.height] } == [[2, 412, 412], [1, 206, 206]])
        #expect(rendered.renditions.allSatisfy { $0.format == RDN_FORMAT_PNG })
    }

    @Test(
        "TGS, Lottie and WebM masters: rdn_render gives StickerRenderer's bytes (vector art drawn at each size, not resampled)",
        arguments: [
            "lottie/rlottie/polystar_line_clockwise_trim.tgs", "lottie/lottie-android/LayerBlend_0.json",
            "webm/made/vp9-alpha-64x64-vfr.webm",
        ])
    func renderVectorAndVideoMatchSwift(fixture: String) throws {
        let bytes = try Repository.fixture(fixture)
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        for scales in [RDN_SCALE_2X | RDN_SCALE_1X, RDN_SCALE_3X | RDN_SCALE_1X] {
            let rendered = renderC(
                image,
                renderOptions {
                    $0.scales = scales
                    $0.threads = 2
                })
            #expect(rendered.status == RDN_OK)
            let swiftScales: [StickerScale] = scales & RDN_SCALE_3X != 0 ? [.x3, .x1] : [.x2, .x1]
            let swift = try StickerRenderer(options: RenderOptions(scales: swiftScales)).render(bytes)
            #expect(rendered.renditions.map(\.bytes) == swift.map(\.bytes), "\(fixture), scales \(scales)")
        }
        let format = ImageFormat.sniff(bytes)!
        if format.isVector {
            // What rdn_render did before: the canvas-sized frames resampled. Not the command line's bytes.
            let resampled = try StickerRenderer().render(
                master: try ImageDecoder.decodeAnimation(bytes), inputFormat: format,
                scratch: RenderScratch(options: RenderOptions()))
            #expect(resampled.map(\.bytes) != renderC(image, nil).renditions.map(\.bytes))
            // A resized image is pixels: rendering it resamples those.
            var resized: OpaquePointer?
            #expect(rdn_image_resize(image, 150, 150, nil, &resized, nil) == RDN_OK)
            defer { rdn_image_free(resized) }
            #expect(renderC(resized, nil).renditions.map(\.width) == [100, 50])
        }
    }

    @Test("options: every scale, compression levels, WebP and GIF output, the profile name and threads")
    func renderOptionsApply() throws {
        let bytes = try Repository.fixture(CFixtures.sticker)
        let image = decodeC(bytes)
        defer { rdn_image_free(image) }
        let all = renderC(
            image,
            renderOptions {
                $0.scales = RDN_SCALE_1X | RDN_SCALE_2X | RDN_SCALE_3X
                $0.compression = 0
                $0.profile = nil
            })
        #expect(all.renditions.map(\.scale) == [3, 2, 1] && all.renditions[0].width == 618)
        let level12 = renderC(
            image,
            renderOptions {
                $0.compression = 12
                $0.scales = RDN_SCALE_1X
            })
        let swift12 = try StickerRenderer(options: RenderOptions(scales: [.x1], png: .init(compressionLevel: 12)))
            .render(bytes)
        #expect(level12.renditions.map(\.bytes) == swift12.map(\.bytes))
        #expect(level12.renditions[0].bytes.count < all.renditions[2].bytes.count, "level 12 is smaller than level 0")

        let webp = "apple-messages".withCString { profile in
            renderC(
                image,
                renderOptions {
                    $0.format = RDN_FORMAT_WEBP
                    $0.profile = profile
                    $0.threads = 2
                })
        }
        #expect(
            webp.status == RDN_OK
                && webp.renditions.allSatisfy { $0.format == RDN_FORMAT_WEBP && ImageFormat.sniff($0.bytes) == .webp })
        let webpDecoded = try ImageDecoder.decode(webp.renditions[0].bytes)
        let pngDecoded = try ImageDecoder.decode(renderC(image, nil).renditions[0].bytes)
        #expect(webpDecoded == pngDecoded, "lossless WebP has the PNG rendition's pixels")

        let gif = renderC(image, renderOptions { $0.format = RDN_FORMAT_GIF })
        #expect(gif.renditions.allSatisfy { $0.format == RDN_FORMAT_GIF && ImageFormat.sniff($0.bytes) == .gif })
        let swiftGIF = try GIFEncoder().encode(
            Animation(still: LanczosResampler().resample(try ImageDecoder.decode(bytes), width: 412, height: 412)))
        #expect(gif.renditions[0].bytes == swiftGIF)
    }

    @Test(
        "animations render frame by frame: APNG stays APNG, GIF stays GIF, delays and loop count kept; PNG keeps frame 1"
    )
    func renderAnimations() throws {
        let apngBytes = try Repository.fixture(CFixtures.animation)
        let apng = decodeC(apngBytes)
        let gif = decodeC(try Repository.fixture(CFixtures.gif))
        defer {
            rdn_image_free(apng)
            rdn_image_free(gif)
        }
        let source = try ImageDecoder.decodeAnimation(apngBytes)

        let auto = renderC(apng, nil)
        #expect(auto.renditions.map(\.format) == [RDN_FORMAT_APNG, RDN_FORMAT_APNG])
        #expect(auto.renditions.map(\.bytes) == (try StickerRenderer().render(apngBytes)).map(\.bytes))
        let twoX = try ImageDecoder.decodeAnimation(auto.renditions[0].bytes)
        #expect(twoX.width == 43 && twoX.height == 32 && twoX.loopCount == 3)
        #expect(twoX.frames.map(\.delay) == source.frames.map(\.delay))

        let gifRenditions = renderC(gif, nil)
        #expect(gifRenditions.renditions.map(\.format) == [RDN_FORMAT_GIF, RDN_FORMAT_GIF])
        #expect(try ImageDecoder.decodeAnimation(gifRenditions.renditions[1].bytes).frames.count == 5)

        let still = renderC(apng, renderOptions { $0.format = RDN_FORMAT_PNG })
        let first = try ImageDecoder.decodeAnimation(still.renditions[0].bytes)
        #expect(still.renditions[0].format == RDN_FORMAT_PNG && first.frames.count == 1)
        #expect(first.firstFrame == LanczosResampler().resample(source.firstFrame, width: 43, height: 32))

        let webp = renderC(apng, renderOptions { $0.format = RDN_FORMAT_WEBP })
        let webpBack = try ImageDecoder.decodeAnimation(webp.renditions[1].bytes)
        #expect(webpBack.frames.count == 4 && webpBack.loopCount == 3 && webpBack.width == 21)
    }

    @Test(
        "rdn_image_resize resamples every frame to any size like LanczosResampler; rdn_image_encode writes each format")
    func resizeAndEncode() throws {
        let apngBytes = try Repository.fixture(CFixtures.animation)
        let apng = decodeC(apngBytes)
        defer { rdn_image_free(apng) }
        var resized: OpaquePointer?
        expectOK { rdn_image_resize(apng, 100, 30, nil, &resized, $0) }
        defer { rdn_image_free(resized) }
        let info = infoC(resized)
        #expect(info.width == 100 && info.height == 30 && info.frame_count == 4 && info.loop_count == 3)
        #expect(info.source_format == RDN_FORMAT_APNG)
        let expected = LanczosResampler().resample(try ImageDecoder.decodeAnimation(apngBytes), width: 100, height: 30)

        let auto = encodeC(resized, nil)
        #expect(auto.status == RDN_OK)
        #expect(try ImageDecoder.decodeAnimation(auto.bytes) == expected, "APNG round trip is exact")
        #expect(auto.bytes == (try APNGEncoder().encode(expected)))

        let gif = encodeC(resized, renderOptions { $0.format = RDN_FORMAT_GIF })
        #expect(gif.bytes == (try GIFEncoder().encode(expected)))
        let webp = encodeC(
            resized,
            renderOptions {
                $0.format = RDN_FORMAT_WEBP
                $0.compression = 12
            })
        var method6 = WebPEncoder.Options.lossless
        method6.method = 6
        #expect(webp.bytes == (try WebPEncoder(options: method6).encode(expected)))
        let png = encodeC(
            resized,
            renderOptions {
                $0.format = RDN_FORMAT_PNG
                $0.compression = 3
            })
        #expect(png.bytes == (try PNGEncoder(options: .init(compressionLevel: 3)).encode(expected.firstFrame)))
    }

    @Test("render, resize and encode failures: invalid options, JPEG output, output limits, memory, format limits")
    func renderFailures() throws {
        let image = decodeC(try Repository.fixture(CFixtures.sticker))
        defer { rdn_image_free(image) }
        var out: OpaquePointer?
        var array: UnsafeMutablePointer<rdn_rendition>?
        var count = 7

        var zeroed = rdn_render_options()
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "struct_size is 0") {
            rdn_render(image, &zeroed, &array, &count, $0)
        }
        #expect(array == nil && count == 0)
        let invalid: [(String, rdn_render_options)] = [
            ("filter 3 is unknown", renderOptions { $0.filter = rdn_filter(rawValue: 3) }),
            ("compression must be between 0 and 12, not 13", renderOptions { $0.compression = 13 }),
            ("compression must be between 0 and 12, not -2", renderOptions { $0.compression = -2 }),
            ("format 99 is not an rdn_format", renderOptions { $0.format = rdn_format(rawValue: 99) }),
            ("scales 0x8 has bits", renderOptions { $0.scales = 8 }),
        ]
        for (fragment, var options) in invalid {
            expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: fragment) {
                rdn_render(image, &options, &array, &count, $0)
            }
        }
        "whatsapp".withCString { name in
            var options = renderOptions { $0.profile = name }
            expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "profile \"whatsapp\" is for packs only") {
                rdn_render(image, &options, &array, &count, $0)
            }
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "master is NULL") {
            rdn_render(nil, nil, &array, &count, $0)
        }
        // A fully transparent master: nothing would show, so nothing is rendered.
        let empty = decodeC(try PNGEncoder().encode(Raster(width: 300, height: 300)))
        defer { rdn_image_free(empty) }
        expectFailure(RDN_ERROR_BLANK, containing: "blank: every pixel of every frame is fully transparent") {
            rdn_render(empty, nil, &array, &count, $0)
        }
        #expect(array == nil && count == 0)
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_count is NULL") {
            rdn_render(image, nil, &array, nil, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "target size 0x5 is empty") {
            rdn_image_resize(image, 0, 5, nil, &out, $0)
        }
        expectFailure(RDN_ERROR_INVALID_ARGUMENT, containing: "out_bytes is NULL") { error in
            var length = 0
            return rdn_image_encode(image, nil, nil, &length, error)
        }

        var jpeg = renderOptions { $0.format = RDN_FORMAT_JPEG }
        expectFailure(RDN_ERROR_UNSUPPORTED, containing: "JPEG output is not supported") {
            rdn_render(image, &jpeg, &array, &count, $0)
        }
        #expect(encodeC(image, jpeg).status == RDN_ERROR_UNSUPPORTED)

        var capped = renderOptions { $0.max_output_pixels = 412 * 412 - 1 }
        expectFailure(RDN_ERROR_LIMIT_EXCEEDED, containing: "412x412 output is over the limit of 169743") {
            rdn_render(image, &capped, &array, &count, $0)
        }
        capped.max_output_pixels = 412 * 412
        expectOK { rdn_render(image, &capped, &array, &count, $0) }
        rdn_renditions_free(array, count)
        expectFailure(RDN_ERROR_LIMIT_EXCEEDED, containing: "40000000 pixels") {
            rdn_image_resize(image, 8000, 5001, nil, &out, $0)
        }

        var unlimited = renderOptions { $0.max_output_pixels = .max }
        expectFailure(RDN_ERROR_OUT_OF_MEMORY, containing: "more than can be allocated") {
            rdn_image_resize(image, 1 << 24, 1 << 22, &unlimited, &out, $0)
        }
        expectFailure(RDN_ERROR_OUT_OF_MEMORY, containing: "more bytes than can be addressed") {
            rdn_image_resize(image, 1 << 31, 1 << 31, &unlimited, &out, $0)
        }
        expectFailure(RDN_ERROR_LIMIT_EXCEEDED, containing: "4294967295x4294967295 output") {
            rdn_image_resize(image, .max, .max, &unlimited, &out, $0)
        }
        #expect(out == nil)

        let row = [UInt8](repeating: 0, count: 65_536 * 4)
        for (width, format, fragment) in [
            (16_384, RDN_FORMAT_WEBP, "WebP's limit of 16383"), (65_536, RDN_FORMAT_GIF, "at most 65,535 px per side"),
        ] {
            var wide: OpaquePointer?
            expectOK { error in
                row.withUnsafeBufferPointer {
                    rdn_image_create(
                        UInt32(width), 1, $0.baseAddress, width * 4, width * 4, RDN_ALPHA_PREMULTIPLIED, &wide, error)
                }
            }
            var options = renderOptions { $0.format = format }
            expectFailure(RDN_ERROR_ENCODE, containing: fragment) { error in
                var bytes: UnsafeMutablePointer<UInt8>?
                var length = 0
                defer { #expect(bytes == nil && length == 0) }
                return rdn_image_encode(wide, &options, &bytes, &length, error)
            }
            rdn_image_free(wide)
        }
    }

    @Test("one handle rendered from four threads at once gives the same bytes as from one")
    func sharedHandleAcrossThreads() async throws {
        let image = decodeC(try Repository.fixture(CFixtures.animation))
        defer { rdn_image_free(image) }
        let expected = renderC(image, nil).renditions
        let address = UInt(bitPattern: image)
        let results = await withTaskGroup(of: [CRenditionCopy].self) { group in
            for _ in 0..<4 {
                group.addTask { renderC(OpaquePointer(bitPattern: address), nil).renditions }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4 && results.allSatisfy { $0 == expected })
    }
}
