import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("APNG canvas differences")
struct APNGCanvasDiffTests {
    /// The changed rectangle by brute force: every pixel compared.
    static func bruteForceRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect? {
        var (x0, y0, x1, y1) = (width, height, -1, -1)
        for y in 0..<height {
            for x in 0..<width
            where a[(y * width + x) * 4..<(y * width + x) * 4 + 4] != b[(y * width + x) * 4..<(y * width + x) * 4 + 4] {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        return y1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    @Test("changedRect finds the same rectangle as comparing every pixel, for scattered changes in any byte")
    func matchesBruteForce() {
        var generator = SplitMix64(seed: 42)
        let (width, height) = (37, 23)
        let base = (0..<(width * height * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(APNGCanvasDiff.changedRect(from: base, to: base, width: width, height: height) == nil)
        #expect(APNGCanvasDiff.same(base, base))
        for round in 0..<200 {
            var changed = base
            for _ in 0..<(1 + round % 6) {
                let at = Int(generator.next() % UInt64(changed.count))
                changed[at] &+= UInt8(1 + generator.next() % 255)
            }
            let expected = Self.bruteForceRect(base, changed, width: width, height: height)
            #expect(
                APNGCanvasDiff.changedRect(from: base, to: changed, width: width, height: height) == expected,
                "round \(round)")
            #expect(!APNGCanvasDiff.same(base, changed))
        }
    }
}
