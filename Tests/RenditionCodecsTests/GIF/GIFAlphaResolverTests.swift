import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("GIF alpha resolution, runs and colour count")
struct GIFAlphaResolverTests {
    /// Premultiplied rows with runs of one colour, opaque and clear groups, and edge pixels of
    /// every alpha; rows padded past the pixels when `padding` is set.
    static func raster(width: Int, height: Int, padding: Int, seed: UInt64) -> Raster {
        var generator = SplitMix64(seed: seed)
        let stride = width * 4 + padding
        var bytes = [UInt8](repeating: 0, count: stride * height)
        var color: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for y in 0..<height {
            for x in 0..<width {
                if generator.next() % 5 == 0 {
                    let kind = generator.next() % 4
                    let a: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: generator.next())
                    func channel() -> UInt8 { a == 0 ? 0 : UInt8(generator.next() % (UInt64(a) + 1)) }
                    color = (channel(), channel(), channel(), a)
                }
                let o = y * stride + 4 * x
                (bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]) = color
            }
        }
        return Raster(width: width, height: height, bytesPerRow: stride, premultipliedBytes: bytes)
    }

    @Test(
        "the fused C kernel gives the Swift reference's pixels (as maximal runs), counts and transparency, with and without a matte",
        arguments: [GIFEncoder.Matte.bubbleMidpoint, .none, .color(255, 255, 255)])
    func kernelMatchesReference(matte: GIFEncoder.Matte) {
        for (index, (width, height, padding)) in [
            (1, 1, 0), (3, 5, 4), (4, 4, 0), (17, 9, 8), (412, 30, 0), (206, 13, 12),
        ].enumerated() {
            for threshold: UInt8 in [1, 128, 255] {
                let raster = Self.raster(
                    width: width, height: height, padding: padding, seed: UInt64(index * 7 + Int(threshold)))
                let resolver = GIFAlphaResolver(threshold: threshold, matte: matte)
                var fused = GIFColorHistogram()
                var scratch: [UInt64] = []
                let fast = resolver.resolve(raster, counting: &fused, scratch: &scratch)
                var reference = GIFColorHistogram()
                let expected = resolver.resolve(raster)
                expected.withUnsafeBufferPointer { reference.add($0) }
                #expect(fast.expanded() == expected, "\(width)x\(height) threshold \(threshold)")
                // Runs are maximal: as many as the places where the pixel changes, plus one.
                #expect(fast.runs == GIFResolvedFrame(pixels: expected).runs)
                #expect(fast.runs.count == 1 + zip(expected, expected.dropFirst()).filter { $0 != $1 }.count)
                #expect(fused.cells == reference.cells)
                #expect(
                    fused.sawTransparent == reference.sawTransparent && fused.sawTransparent == expected.contains(0))
            }
        }
    }

    @Test("a clear pixel whose colour bytes are not zero still resolves to transparent")
    func clearPixelWithColor() {
        // Not a valid premultiplied raster, but a caller could hand one over: alpha decides.
        var bytes = [UInt8](repeating: 0, count: 8 * 4)
        for i in 0..<8 {
            bytes[4 * i] = 9
            bytes[4 * i + 3] = i % 2 == 0 ? 0 : 255
        }
        let raster = Raster(width: 8, height: 1, premultipliedBytes: bytes)
        var histogram = GIFColorHistogram()
        var scratch: [UInt64] = []
        let resolved = GIFAlphaResolver(threshold: 128, matte: .bubbleMidpoint).resolve(
            raster, counting: &histogram, scratch: &scratch)
        #expect(resolved.expanded() == (0..<8).map { $0 % 2 == 0 ? 0 : 0xFF00_0009 })
        #expect(histogram.sawTransparent)
    }
}

@Suite("GIF frames as runs")
struct GIFResolvedFrameTests {
    @Test("runs of a frame expand back to its pixels, and map to one byte per pixel")
    func roundTrip() {
        var generator = SplitMix64(seed: 11)
        for count in [0, 1, 2, 7, 100, 5000] {
            let pixels: [UInt32] = (0..<count).map { _ in
                generator.next() % 3 == 0 ? 0 : 0xFF00_0000 | UInt32(generator.next() % 4)
            }
            let frame = GIFResolvedFrame(pixels: pixels)
            #expect(frame.expanded() == pixels && frame.pixelCount == count)
            #expect(frame.runs.allSatisfy { GIFResolvedFrame.length($0) >= 1 })
            #expect(
                frame.mapped { UInt8(truncatingIfNeeded: $0 & 0xFF) + ($0 == 0 ? 9 : 0) }
                    == pixels.map { UInt8(truncatingIfNeeded: $0 & 0xFF) + ($0 == 0 ? 9 : 0) })
        }
    }
}
