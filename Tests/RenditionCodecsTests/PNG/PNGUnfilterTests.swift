import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("PNG row unfiltering")
struct PNGUnfilterTests {
    /// Random filtered rows (every filter type, random bytes), unfiltered in place, must equal
    /// the specification's byte-by-byte definition (`PNGFilterTests.unfilter`).
    @Test("matches the specification's definition for every filter type and pixel size", arguments: [1, 2, 3, 4, 6, 8])
    func matchesDefinition(bpp: Int) throws {
        var generator = SplitMix64(seed: UInt64(bpp))
        for (width, height) in [(1, 1), (2, 7), (5, 3), (97, 41), (412, 20)] {
            let rowBytes = width * bpp
            var data: [UInt8] = (0..<((rowBytes + 1) * height)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            for y in 0..<height {
                // Every type in turn, with random ones mixed in.
                let type: UInt64 = y % 5 == 0 ? generator.next() % 5 : UInt64(y % 5)
                data[y * (rowBytes + 1)] = UInt8(type)
            }
            let expected = PNGFilterTests.unfilter(data, rowBytes: rowBytes, height: height, bpp: bpp)
            try data.withUnsafeMutableBufferPointer {
                try PNGUnfilter.unfilter($0.baseAddress!, rowBytes: rowBytes, height: height, bpp: bpp)
            }
            var rows: [UInt8] = []
            for y in 0..<height {
                let start = y * (rowBytes + 1) + 1
                rows += data[start..<(start + rowBytes)]
            }
            #expect(rows == expected, "\(width)x\(height)")
        }
    }

    @Test("a filter type above 4 is a corrupt-file error naming the row")
    func invalidType() {
        var data: [UInt8] = [4, 1, 2, 3, 4, 0, 9, 9, 9, 9, 7, 0, 0, 0, 0]
        #expect {
            try data.withUnsafeMutableBufferPointer {
                try PNGUnfilter.unfilter($0.baseAddress!, rowBytes: 4, height: 3, bpp: 4)
            }
        } throws: { error in
            guard case CodecError.corrupt(_, let reason) = error else { return false }
            return reason == "invalid filter type 7 in row 2"
        }
    }
}
