import Foundation
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("WebM: decoding VP8 and VP9 with and without alpha")
struct WebMDecoderTests {
    @Test(
        "decoded planes match ffmpeg's libvpx decoding bit for bit, frame for frame", arguments: WebMReference.fixtures)
    func planesMatchFFmpeg(file: String, name: String) throws {
        let bytes = try Fixtures.bytes("webm/" + file)
        let reference = try WebMReference(name)
        var hashes: [String] = []
        try WebMDecoder.decodePlanes(bytes) { planes in hashes.append(MD5.hex(planes)) }
        #expect(hashes.count == reference.frames.count)
        for (index, (hash, frame)) in zip(hashes, reference.frames).enumerated() {
            #expect(hash == frame.md5, "\(name) frame \(index)")
        }
    }

    @Test(
        "frame times match the container's timestamps, exactly where the rate is constant",
        arguments: WebMReference.fixtures)
    func timing(file: String, name: String) throws {
        let animation = try WebMDecoder.decode(try Fixtures.bytes("webm/" + file))
        let reference = try WebMReference(name)
        #expect(animation.frames.count == reference.frames.count && animation.loopCount == 0)
        // Each frame starts where ffmpeg says (counted from the first frame), to the
        // millisecond the container stores.
        var start = FrameDelay.zero
        let first = reference.frames[0].pts
        for (frame, expected) in zip(animation.frames, reference.frames) {
            #expect(
                abs(start.seconds * 1000 - Double(expected.pts - first)) <= 0.5 + 1e-9,
                "\(name): a frame at \(start.seconds) s, ffmpeg \(expected.pts) ms")
            start = start + frame.delay
        }
    }

    @Test("constant rates come out exact: 90 frames of 1/30 s last 3 s; 30000/1001 stays NTSC")
    func exactRates() throws {
        let thirty = try WebMDecoder.decode(try Fixtures.bytes("webm/vp9-alpha-512x512-30fps-3s.webm"))
        #expect(thirty.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1, denominator: 30) })
        #expect(thirty.duration == FrameDelay(numerator: 3, denominator: 1))
        let ntsc = try WebMDecoder.decode(try Fixtures.bytes("webm/made/vp9-bt709-full-128x128-ntsc.webm"))
        #expect(ntsc.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1001, denominator: 30000) })
        let info = try WebMDecoder.info(try Fixtures.bytes("webm/vp9-alpha-512x384-24fps-3s.webm"))
        #expect(info.frameRate == FrameRate(numerator: 24, denominator: 1))
    }

    @Test("variable timing keeps each frame's own delay")
    func variableTiming() throws {
        let animation = try WebMDecoder.decode(try Fixtures.bytes("webm/made/vp9-alpha-64x64-vfr.webm"))
        #expect(
            animation.frames.map { Int(($0.delay.seconds * 1000).rounded()) } == [100, 50, 250, 100, 20, 380, 100, 100])
        #expect(try WebMDecoder.info(try Fixtures.bytes("webm/made/vp9-alpha-64x64-vfr.webm")).frameRate == nil)
    }

    @Test(
        "container facts: codec, size, alpha, audio",
        arguments: [
            ("vp9-alpha-512x512-30fps-3s.webm", WebMCodec.vp9, 512, 512, true, false, 90),
            ("vp9-alpha-512x384-24fps-3s.webm", .vp9, 512, 384, true, false, 72),
            ("vp9-opaque-512x512-30fps-3s.webm", .vp9, 512, 512, false, false, 90),
            ("vp8-alpha-512x512-30fps-3s.webm", .vp8, 512, 512, true, false, 90),
            ("vp9-alpha-with-audio-512x512-30fps-2s.webm", .vp9, 512, 512, true, true, 60),
        ])
    func info(file: String, codec: WebMCodec, width: Int, height: Int, alpha: Bool, audio: Bool, frames: Int) throws {
        let bytes = try Fixtures.bytes("webm/" + file)
        #expect(ImageFormat.sniff(bytes) == .webm)
        let info = try WebMDecoder.info(bytes)
        #expect(info.codec == codec && info.width == width && info.height == height)
        #expect(info.hasAlpha == alpha && info.hasAudio == audio && info.blockCount == frames && info.docType == "webm")
        let size = try ImageDimensions(bytes)
        #expect(size.width == width && size.height == height)
    }

    @Test("alpha: transparent corners are (0,0,0,0), frames are premultiplied; opaque video is opaque")
    func alpha() throws {
        let animation = try WebMDecoder.decode(try Fixtures.bytes("webm/vp9-alpha-512x512-30fps-3s.webm"))
        for frame in animation.frames {
            #expect(frame.raster[0, 0] == RGBA(0, 0, 0, 0))
            #expect(frame.raster.bytes.contains(255))
        }
        let raster = animation.frames[45].raster
        var partial = 0
        for i in stride(from: 0, to: raster.bytes.count, by: 4) {
            let a = raster.bytes[i + 3]
            #expect(raster.bytes[i] <= a && raster.bytes[i + 1] <= a && raster.bytes[i + 2] <= a)
            if a > 0 && a < 255 { partial += 1 }
        }
        #expect(partial > 100)
        let opaque = try WebMDecoder.decode(try Fixtures.bytes("webm/vp9-opaque-512x512-30fps-3s.webm"))
        #expect(
            opaque.frames.allSatisfy { frame in
                stride(from: 3, to: frame.raster.bytes.count, by: 4).allSatisfy { frame.raster.bytes[$0] == 255 }
            })
        // The cream background #F2E8CF survives the round trip through BT.601 limited range.
        let corner = opaque.frames[0].raster[2, 2]
        #expect(
            abs(Int(corner.r) - 0xF2) <= 3 && abs(Int(corner.g) - 0xE8) <= 3 && abs(Int(corner.b) - 0xCF) <= 3,
            "\(corner)")
    }

    /// swscale converts with its own fixed-point arithmetic and chroma filter (Rendition
    /// interpolates chroma bilinearly with samples centred in each 2x2 block), so colours are
    /// compared within a tolerance: mean difference under 2.5 levels, PSNR over 33 dB (the
    /// 64 px file, all edges, is the worst at 33.6 dB; the 512 px one reaches 38.9 dB). The
    /// conversion's own arithmetic is checked by `conversionMatchesFormula`.
    @Test(
        "colours match ffmpeg's conversion of the same frame (BT.601 limited, BT.709 full)",
        arguments: [
            ("made/vp9-alpha-171x129-24fps.webm", "vp9-alpha-171x129-24fps", 12),
            ("made/vp8-opaque-96x96-10fps.webm", "vp8-opaque-96x96-10fps", 5),
            ("made/vp9-bt709-full-128x128-ntsc.webm", "vp9-bt709-full-128x128-ntsc", 15),
            ("made/vp9-alpha-64x64-vfr.webm", "vp9-alpha-64x64-vfr", 4),
            ("vp9-alpha-512x512-30fps-3s.webm", "vp9-alpha-512x512-30fps-3s", 45),
        ])
    func coloursMatchFFmpeg(file: String, name: String, frame: Int) throws {
        let animation = try WebMDecoder.decode(try Fixtures.bytes("webm/" + file))
        let ours = animation.frames[frame].raster.straightRGBA()
        let reference = try #require(
            ImageDecoder.decodeSource(try Fixtures.bytes("webm/expected/\(name).f\(frame).png")).straightValues)
        #expect(reference.width == animation.width && reference.height == animation.height)
        var total = 0, over = 0, samples = 0, squares = 0
        for i in stride(from: 0, to: ours.count, by: 4) {
            let alpha = Int(reference.bytes[i + 3])
            #expect(Int(ours[i + 3]) == alpha, "alpha differs at pixel \(i / 4)")
            // Colour under low alpha is not kept by premultiplied storage.
            guard alpha >= 128 else { continue }
            for c in 0..<3 {
                let d = abs(Int(ours[i + c]) - Int(reference.bytes[i + c]))
                total += d
                squares += d * d
                samples += 1
                if d > 4 { over += 1 }
            }
        }
        let mean = Double(total) / Double(max(samples, 1))
        let psnr = 10 * log10(255.0 * 255.0 / max(Double(squares) / Double(max(samples, 1)), 1e-9))
        print(
            "colours vs ffmpeg \(name) frame \(frame): mean \(mean), PSNR \(psnr) dB, over 4: \(Double(over) / Double(max(samples, 1)))"
        )
        #expect(samples > 0 && mean < 2.5, "\(name): mean colour difference \(mean)")
        #expect(psnr > 33, "\(name): PSNR \(psnr) dB")
    }

    /// The fixed-point kernel against the formula in floating point, from the same decoded
    /// planes: BT.601 limited range, chroma interpolated bilinearly from samples centred in
    /// each 2x2 block (weights 9/16, 3/16, 3/16, 1/16), edges repeated.
    @Test(
        "colour conversion matches the BT.601 formula with centred bilinear chroma, within 1 level",
        arguments: ["made/vp9-alpha-171x129-24fps.webm", "made/vp8-opaque-96x96-10fps.webm"])
    func conversionMatchesFormula(file: String) throws {
        let bytes = try Fixtures.bytes("webm/" + file)
        let info = try WebMDecoder.info(bytes)
        let (w, h) = (info.width, info.height)
        let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
        var planes: [[UInt8]] = []
        try WebMDecoder.decodePlanes(bytes) { planes.append($0) }
        let frames = try WebMDecoder.decode(bytes).frames
        var worst = 0
        #expect(frames.count == planes.count)
        for index in [0, frames.count / 2] {
            let plane = planes[index]
            let rgba = frames[index].raster.straightRGBA()
            func chroma(_ offset: Int, _ x: Int, _ y: Int) -> Double {
                Double(plane[offset + min(max(y, 0), ch - 1) * cw + min(max(x, 0), cw - 1)])
            }
            func upsampled(_ offset: Int, _ x: Int, _ y: Int) -> Double {
                let cx = (Double(x) + 0.5) / 2 - 0.5, cy = (Double(y) + 0.5) / 2 - 0.5
                let x0 = Int(cx.rounded(.down)), y0 = Int(cy.rounded(.down))
                let fx = cx - Double(x0), fy = cy - Double(y0)
                return (1 - fx) * (1 - fy) * chroma(offset, x0, y0) + fx * (1 - fy) * chroma(offset, x0 + 1, y0)
                    + (1 - fx) * fy * chroma(offset, x0, y0 + 1) + fx * fy * chroma(offset, x0 + 1, y0 + 1)
            }
            for y in 0..<h {
                for x in 0..<w {
                    let alpha = info.hasAlpha ? Int(plane[w * h + 2 * cw * ch + y * w + x]) : 255
                    guard alpha == 255 else { continue }
                    let luma = 255.0 / 219 * (Double(plane[y * w + x]) - 16)
                    let u = upsampled(w * h, x, y) - 128, v = upsampled(w * h + cw * ch, x, y) - 128
                    let expected = [
                        luma + 1.402 * 255 / 224 * v,
                        luma - 0.344136 * 255 / 224 * u - 0.714136 * 255 / 224 * v,
                        luma + 1.772 * 255 / 224 * u,
                    ].map { Int(min(255, max(0, $0)).rounded()) }
                    for c in 0..<3 { worst = max(worst, abs(Int(rgba[4 * (y * w + x) + c]) - expected[c])) }
                }
            }
        }
        #expect(worst <= 1, "\(file): largest difference \(worst)")
    }

    @Test("the colour matrix follows the bitstream, else the track, else BT.601 limited")
    func matrices() {
        #expect(YCbCrMatrix.bt601().toRGB.r_v == 104_597)
        let full = YCbCrMatrix.bt709(fullRange: true)
        #expect(full.toRGB.y_scale == 65_536 && full.toRGB.y_offset == 0)
        // Converting there and back stays within one level for every grey and primary.
        for rgb in [(0, 0, 0), (255, 255, 255), (128, 128, 128), (255, 0, 0), (0, 255, 0), (0, 0, 255)] {
            for matrix in [YCbCrMatrix.bt601(), .bt709(), .bt2020(), .bt601(fullRange: true)] {
                let forward = matrix.toYCbCr, back = matrix.toRGB
                func f(_ a: Int32, _ b: Int32, _ c: Int32) -> Double {
                    Double(a * Int32(rgb.0) + b * Int32(rgb.1) + c * Int32(rgb.2)) / 65536
                }
                let y = Double(forward.y_offset) + f(forward.y_r, forward.y_g, forward.y_b)
                let u = f(forward.u_r, forward.u_g, forward.u_b), v = f(forward.v_r, forward.v_g, forward.v_b)
                let luma = Double(back.y_scale) / 65536 * (y - Double(back.y_offset))
                let r = luma + Double(back.r_v) / 65536 * v
                let g = luma - Double(back.g_u) / 65536 * u - Double(back.g_v) / 65536 * v
                let b = luma + Double(back.b_u) / 65536 * u
                #expect(
                    abs(r - Double(rgb.0)) < 0.6 && abs(g - Double(rgb.1)) < 0.6 && abs(b - Double(rgb.2)) < 0.6,
                    "\(matrix) \(rgb)")
            }
        }
    }

    @Test("frame by frame decoding hands over the same frames as decoding whole")
    func frameByFrame() throws {
        let bytes = try Fixtures.bytes("webm/made/vp9-alpha-64x64-vfr.webm")
        var frames: [AnimationFrame] = []
        let outline = try ImageDecoder.decodeFrames(bytes) { frames.append($0) }
        #expect(outline.frameCount == 8 && outline.width == 64)
        let same = frames == (try ImageDecoder.decodeAnimation(bytes)).frames
        #expect(same)
    }
}
