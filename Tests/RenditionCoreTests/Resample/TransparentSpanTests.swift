import RenditionCore
import RenditionTestSupport
import Testing

/// The resampler skips the all-zero pixels around sticker art; these tests hold it to the bytes
/// of summing every pixel.
@Suite("Resampling skips transparent spans without changing a byte")
struct TransparentSpanTests {
    /// The resampler's arithmetic written out plainly over every pixel: vertical sums first
    /// (tap by tap, zero weights skipped), then horizontal sums, in `Float` without fused
    /// multiply-add, then clamped and rounded to nearest even.
    static func everyPixel(_ source: Raster, width: Int, height: Int) -> [UInt8] {
        let horizontal = ResampleWeights(sourceCount: source.width, targetCount: width)
        let vertical = ResampleWeights(sourceCount: source.height, targetCount: height)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var column = [Float](repeating: 0, count: source.width * 4)
        for y in 0..<height {
            for i in column.indices { column[i] = 0 }
            for k in 0..<vertical.taps {
                let w = vertical.weights[y * vertical.taps + k]
                if w == 0 { continue }
                let row = (Int(vertical.starts[y]) + k) * source.bytesPerRow
                for i in column.indices { column[i] = column[i] + Float(source.bytes[row + i]) * w }
            }
            for x in 0..<width {
                var sums = [Float](repeating: 0, count: 4)
                for k in 0..<horizontal.taps {
                    let w = horizontal.weights[x * horizontal.taps + k]
                    let p = (Int(horizontal.starts[x]) + k) * 4
                    for c in 0..<4 { sums[c] = sums[c] + column[p + c] * w }
                }
                let alpha = min(max(sums[3], 0), 255)
                for c in 0..<4 {
                    let value = c == 3 ? alpha : min(max(sums[c], 0), alpha)
                    output[(y * width + x) * 4 + c] = UInt8(value.rounded(.toNearestOrEven))
                }
            }
        }
        return output
    }

    /// A transparent image with a few single pixels: at the corners, on the edges, and a small
    /// block off centre, so spans start and end everywhere, including inside filter windows.
    static func sparse(width: Int, height: Int) -> Raster {
        var raster = Raster(width: width, height: height)
        let points = [
            (0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, 1),
            (1, height / 2), (width / 3, height / 3), (width / 3 + 1, height / 3), (width - 2, height / 2 + 3),
        ]
        for (n, (x, y)) in points.enumerated() {
            let a = UInt8(60 + n * 20)
            let o = y * raster.bytesPerRow + x * 4
            raster.bytes[o] = a / 2
            raster.bytes[o + 1] = a / 3
            raster.bytes[o + 2] = a
            raster.bytes[o + 3] = a
        }
        return raster
    }

    @Test(
        "real stickers and sparse images, down and up, both kernels",
        arguments: [
            ("stickers/openmoji-618/1F195.png", 412, 412),
            ("stickers/openmoji-618/1F195.png", 206, 206),
            ("stickers/derived/1F601-300.png", 100, 100),
            ("", 40, 25),
            ("", 150, 91),
            ("", 7, 3),
        ])
    func sameBytesAsEveryPixel(file: String, width: Int, height: Int) throws {
        let source = file.isEmpty ? Self.sparse(width: 97, height: 61) : try Fixtures.raster(file)
        let expected = Self.everyPixel(source, width: width, height: height)
        #expect(expected.contains { $0 != 0 }, "the image must not resample to nothing")
        for kernels in [LanczosResampler.Kernels.automatic, .portable] {
            let ours = LanczosResampler(kernels: kernels).resample(source, width: width, height: height)
            #expect(ours.bytes == expected, "\(file.isEmpty ? "sparse" : file) → \(width)x\(height), \(kernels)")
        }
    }
}
