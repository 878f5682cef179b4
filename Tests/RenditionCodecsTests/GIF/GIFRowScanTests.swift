import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("GIF frame planner: row scans")
struct GIFRowScanTests {
    /// Pairs of rows that are equal but for a few pixels (set to the transparent value, or to
    /// another value), at every length around the 16-byte steps and at the row's ends.
    static func rowPairs<Pixel: FixedWidthInteger>(
        _ type: Pixel.Type, transparent: Pixel, seed: UInt64
    ) -> [(a: [Pixel], b: [Pixel])] {
        var generator = SplitMix64(seed: seed)
        var pairs: [(a: [Pixel], b: [Pixel])] = []
        for count in Array(0...70) + [412, 413] {
            for _ in 0..<12 {
                // Few distinct values, transparent among them, so equal pixels are common.
                func value() -> Pixel {
                    generator.next() % 4 == 0 ? transparent : Pixel(truncatingIfNeeded: generator.next() % 3 + 1)
                }
                let a = (0..<count).map { _ in value() }
                var b = a
                let changes = count == 0 ? 0 : Int(generator.next() % 4)
                for _ in 0..<changes {
                    let at = [0, count - 1, Int(generator.next() % UInt64(count))][Int(generator.next() % 3)]
                    b[at] = value()
                }
                pairs.append((a, b))
            }
        }
        return pairs
    }

    func check<Pixel: FixedWidthInteger>(_ type: Pixel.Type, transparent: Pixel) {
        for (a, b) in Self.rowPairs(type, transparent: transparent, seed: UInt64(MemoryLayout<Pixel>.size)) {
            let count = a.count
            let differs = (0..<count).filter { a[$0] != b[$0] }
            let cleared = (0..<count).filter { a[$0] == transparent && b[$0] != transparent }
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    let (x, y) = (pa.baseAddress!, pb.baseAddress!)
                    #expect(GIFRowScan.firstDifference(x, y, count: count) == (differs.first ?? count), "\(a) \(b)")
                    #expect(
                        GIFRowScan.firstCleared(x, y, count: count, transparent: transparent)
                            == (cleared.first ?? count))
                    for from in [0, 1, count / 2, max(0, count - 1)] where from <= count {
                        let lastDiffering = differs.last(where: { $0 >= from }) ?? from - 1
                        let lastCleared = cleared.last(where: { $0 >= from }) ?? from - 1
                        #expect(
                            GIFRowScan.lastDifference(x, y, from: from, count: count) == lastDiffering,
                            "\(a) \(b) from \(from)")
                        #expect(
                            GIFRowScan.lastCleared(x, y, from: from, count: count, transparent: transparent)
                                == lastCleared)
                    }
                }
            }
        }
    }

    @Test("palette index rows: first and last differing and cleared pixels, as a pixel-by-pixel scan finds them")
    func indexRows() {
        check(UInt8.self, transparent: 7)
    }

    @Test("colour rows: first and last differing and cleared pixels, as a pixel-by-pixel scan finds them")
    func colorRows() {
        check(UInt32.self, transparent: 0)
    }
}
