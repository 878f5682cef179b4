import Foundation
import RenditionCodecs
import RenditionCore
import Testing

@Suite("GIF encoder measurements", .serialized)
struct GIFEncoderMeasurements {
    static let backgrounds: [(String, RGBA)] = [
        ("white", RGBA(255, 255, 255, 255)), ("black", RGBA(0, 0, 0, 255)),
        ("light bubble", RGBA(233, 233, 235, 255)), ("dark bubble", RGBA(38, 38, 40, 255)), ("blue", RGBA(10, 132, 255, 255)),
    ]

    static func over(_ p: RGBA, _ b: RGBA) -> (Double, Double, Double) {
        let a = Double(p.a) / 255
        return (Double(p.r) + Double(b.r) * (1 - a), Double(p.g) + Double(b.g) * (1 - a), Double(p.b) + Double(b.b) * (1 - a))
    }

    /// Mean abs error per channel over pixels with alpha in the source between 1 and 254.
    static func edgeError(_ gif: Raster, _ source: Raster, on b: RGBA) -> Double {
        var sum = 0.0, n = 0
        for y in 0..<source.height {
            for x in 0..<source.width {
                let s = source[x, y]
                guard s.a > 0 && s.a < 255 else { continue }
                let e = over(s, b), g = over(gif[x, y], b)
                sum += abs(e.0 - g.0) + abs(e.1 - g.1) + abs(e.2 - g.2)
                n += 3
            }
        }
        return sum / Double(max(n, 1))
    }

    @Test func mattes() throws {
        let files = StickerAnimations.notoFiles + ["openmoji-618/1F195.png", "derived/1F601-300.png"]
        let mattes: [(String, GIFEncoder.Matte)] = [("none", .none), ("grey128", .bubbleMidpoint), ("white", .colour(255, 255, 255)), ("black", .colour(0, 0, 0))]
        for (name, matte) in mattes {
            for threshold in [UInt8(64), 128, 192] {
                var errors = [Double](repeating: 0, count: Self.backgrounds.count)
                for file in files {
                    let source = try StickerAnimations.resized(file, size: 206)
                    let gif = try GIFDecoder.decode(try GIFEncoder(options: .init(alphaThreshold: threshold, matte: matte)).encode(Animation(still: source))).firstFrame
                    for (i, (_, b)) in Self.backgrounds.enumerated() { errors[i] += Self.edgeError(gif, source, on: b) / Double(files.count) }
                }
                print("MATTE \(name) t=\(threshold): " + zip(Self.backgrounds, errors).map { "\($0.0)=\(String(format: "%.1f", $1))" }.joined(separator: " ") + String(format: " worst=%.1f mean=%.1f", errors.max()!, errors.reduce(0, +) / Double(errors.count)))
            }
        }
    }

    @Test func quality() throws {
        let animations = [("bounce", try StickerAnimations.bouncing("noto-512/emoji_u1f3c2.png", size: 206)),
                          ("slides", try StickerAnimations.slideshow(StickerAnimations.notoFiles, size: 206))]
        for (name, animation) in animations {
            for dithering in [GIFEncoder.Dithering.none, .ordered, .floydSteinberg] {
                let options = GIFEncoder.Options(dithering: dithering)
                let start = Date()
                let bytes = try GIFEncoder(options: options).encode(animation)
                let time = Date().timeIntervalSince(start)
                let decoded = try GIFDecoder.decode(bytes)
                let reference = try GIFDecoder.decode(try GIFEncoder(options: .init(maxColours: 256)).encode(animation))
                _ = reference
                var worst = GIFQualityMeasure(meanError: 0, maxError: 0, alphaMismatches: 0, opaquePixels: 0)
                var mean = 0.0
                for (a, b) in zip(decoded.frames, animation.frames) {
                    let q = GIFQualityMeasure.compare(a.raster, resolvedReference(b.raster))
                    mean += q.meanError / Double(animation.frames.count)
                    worst.maxError = max(worst.maxError, q.maxError)
                    worst.alphaMismatches += q.alphaMismatches
                }
                print("QUALITY \(name) \(dithering): bytes=\(bytes.count) mean=\(String(format: "%.2f", mean)) max=\(worst.maxError) alpha=\(worst.alphaMismatches) time=\(String(format: "%.3f", time))")
            }
        }
    }

    /// The source as a GIF should show it before quantisation: threshold 128, grey matte.
    func resolvedReference(_ r: Raster) -> Raster {
        var out = Raster(width: r.width, height: r.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                let p = r[x, y]
                guard p.a >= 128 else { continue }
                let inv = 255 - p.a
                out[x, y] = RGBA(
                    UInt8(min(255, Int(p.r) + Int(AlphaConversion.premultiply(128, alpha: inv)))),
                    UInt8(min(255, Int(p.g) + Int(AlphaConversion.premultiply(128, alpha: inv)))),
                    UInt8(min(255, Int(p.b) + Int(AlphaConversion.premultiply(128, alpha: inv)))), 255)
            }
        }
        return out
    }
}
