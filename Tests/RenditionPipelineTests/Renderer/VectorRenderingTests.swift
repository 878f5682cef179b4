import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
import Testing

/// TGS and Lottie renditions: drawn by rlottie at each size, not resampled.
@Suite("Vector renditions (TGS, Lottie)")
struct VectorRenderingTests {
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "rendition-vector-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Differences between two rasters of one size: mean absolute difference per sample,
    /// PSNR over all samples, and the share of pixels whose alpha differs by more than 16.
    static func compare(_ a: Raster, _ b: Raster) -> (mean: Double, psnr: Double, alphaOver16: Double) {
        var total = 0, squares = 0, alphaOver = 0
        for i in 0..<a.bytes.count {
            let d = Int(a.bytes[i]) - Int(b.bytes[i])
            total += abs(d)
            squares += d * d
            if i % 4 == 3 && abs(d) > 16 { alphaOver += 1 }
        }
        let n = Double(a.bytes.count)
        let mse = Double(squares) / n
        return (Double(total) / n, mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), Double(alphaOver) / (n / 4))
    }

    @Test("the default renditions of a TGS are drawn at each size: @2x and @1x equal rlottie's drawing there")
    func defaultsDrawAtEachSize() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/ShapeTypes.tgs")
        let renderer = StickerRenderer(options: RenderOptions(scales: [.x3, .x2, .x1]))
        let renditions = try renderer.render(bytes)
        #expect(renditions.map(\.width) == [100, 67, 33] && renditions.allSatisfy { $0.fileExtension == "png" })
        let composition = try LottieComposition(bytes)
        for rendition in renditions {
            let decoded = try APNGDecoder.decode(rendition.bytes)
            // Identical neighbouring frames are merged into one longer frame; the time stays.
            #expect(decoded.frames.count > 1 && decoded.frames.count <= 200 && decoded.loopCount == 0)
            #expect(decoded.duration == FrameDelay(numerator: 200, denominator: 60))
            // Lossless APNG: every frame is exactly what rlottie drew at that size.
            var start = FrameDelay.zero
            for frame in decoded.frames {
                let index = Int((start.seconds * 60).rounded())
                let drawn = try composition.frame(index, width: rendition.width, height: rendition.height)
                let same = frame.raster == drawn
                #expect(same, "\(rendition.width) px, frame \(index)")
                start = start + frame.delay
            }
        }
    }

    /// Drawing @1x straight from the vector and resampling a @3x drawing with Lanczos-3 agree
    /// inside shapes and on flat gradients; they differ along edges, where the vector drawing
    /// keeps rlottie's one-pixel anti-aliasing and the resampled one spreads each edge over
    /// the filter's support (and rings slightly). The defaults draw at each size.
    @Test(
        "drawing @1x from the vector vs resampling the @3x drawing: where they differ",
        arguments: [
            ("lottie-android/LayerBlend_0.tgs", 60), ("lottie-android/OpacityStops.tgs", 90),
            ("rlottie/polystar_line_clockwise_trim.json", 40),
        ])
    func vectorVersusResampled(file: String, frame: Int) throws {
        let composition = try LottieComposition(try Fixtures.bytes("lottie/\(file)"))
        let size = StickerGeometry.renditionSize(
            masterWidth: composition.width, masterHeight: composition.height, scale: .x1)
        let drawn = try composition.frame(frame, width: size.width, height: size.height)
        let master = try composition.frame(frame, width: composition.width, height: composition.height)
        let resampled = LanczosResampler().resample(master, width: size.width, height: size.height)
        let all = Self.compare(drawn, resampled)
        // Close overall: both are faithful drawings at the same size.
        #expect(all.psnr > 30, "\(file): PSNR \(all.psnr) dB")
        // Split the pixels into edge pixels (alpha strictly between 0 and 255 in either
        // drawing, or next to such a pixel) and interior ones: the differences live at edges.
        var edgeTotal = 0, edgeCount = 0, innerTotal = 0, innerCount = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                var nearEdge = false
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, ny >= 0, nx < size.width, ny < size.height else { continue }
                        let a = drawn[nx, ny].a, b = resampled[nx, ny].a
                        if (a > 0 && a < 255) || (b > 0 && b < 255) || a != b { nearEdge = true }
                    }
                }
                let p = drawn[x, y], q = resampled[x, y]
                let d =
                    abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
                    + abs(Int(p.a) - Int(q.a))
                if nearEdge {
                    edgeTotal += d
                    edgeCount += 1
                } else {
                    innerTotal += d
                    innerCount += 1
                }
            }
        }
        let edgeMean = edgeCount == 0 ? 0 : Double(edgeTotal) / Double(edgeCount * 4)
        let innerMean = innerCount == 0 ? 0 : Double(innerTotal) / Double(innerCount * 4)
        print(
            "vector vs resampled \(file) frame \(frame) at \(size.width)x\(size.height): PSNR \(all.psnr) dB, mean \(all.mean), "
                + "edge pixels \(edgeCount) mean \(edgeMean), interior \(innerCount) mean \(innerMean), alpha>16 \(all.alphaOver16)"
        )
        #expect(innerMean < 2.5, "\(file): interior mean difference \(innerMean)")
        if edgeCount > 0 && innerCount > 0 {
            #expect(edgeMean > innerMean, "\(file): edges \(edgeMean) vs interior \(innerMean)")
        }
    }

    @Test("rendering with two frame threads gives the same bytes as one")
    func threadsDoNotChangeBytes() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/ShapeTypes.tgs")
        for format in [OutputFormat.auto, .gif, .webp, .png] {
            let one = try StickerRenderer(options: RenderOptions(scales: [.x3, .x2, .x1], format: format)).render(bytes)
            let two = try StickerRenderer(
                options: RenderOptions(scales: [.x3, .x2, .x1], format: format, frameThreads: 2)
            ).render(bytes)
            #expect(one.map(\.bytes) == two.map(\.bytes), "\(format)")
            #expect(one.map(\.fileExtension) == [format.fileExtension, format.fileExtension, format.fileExtension])
        }
    }

    @Test("--format png keeps the first frame drawn at each size; GIF and WebP keep every frame")
    func otherFormats() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/ShapeTypes.json")
        let composition = try LottieComposition(bytes)
        let png = try StickerRenderer(options: RenderOptions(format: .png)).render(bytes)
        #expect(try ImageDecoder.decodeAnimation(png[0].bytes).frames.count == 1)
        let first = try ImageDecoder.decode(png[1].bytes) == composition.frame(0, width: 33, height: 33)
        #expect(first)
        for format in [OutputFormat.gif, .webp] {
            let renditions = try StickerRenderer(options: RenderOptions(format: format)).render(bytes)
            let decoded = try ImageDecoder.decodeAnimation(renditions[0].bytes)
            #expect(decoded.width == 67 && decoded.frames.count > 10, "\(format)")
            // WebP keeps milliseconds (17 ms for 1/60 s); GIF has centiseconds only.
            if format == .webp { #expect(abs(decoded.duration.seconds - 200.0 / 60) < 0.1, "\(decoded.duration)") }
        }
    }
}
