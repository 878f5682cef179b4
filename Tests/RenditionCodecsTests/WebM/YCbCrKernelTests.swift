import CRenditionKernels
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// The vectorised Y'CbCr kernels (`rdn_yuv420_to_rgba`, `rdn_rgba_to_yuv420`) against the
/// plain scalar C they replace (`*_portable`): the same bytes on every size and alpha.
@Suite("Y'CbCr kernels: the vectorised conversions equal the scalar reference")
struct YCbCrKernelTests {
    /// Sizes with every parity of width and height, one-pixel edges and a video frame.
    static let sizes = [(1, 1), (2, 1), (1, 2), (3, 3), (4, 4), (5, 7), (17, 9), (64, 48), (171, 129), (512, 384)]

    /// Alpha patterns: none, random, and all-or-nothing (blocks wholly transparent, whose
    /// chroma is the plain average, next to opaque ones).
    enum AlphaPattern: CaseIterable { case none, random, binary }

    static func bytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test("4:2:0 to RGBA", arguments: AlphaPattern.allCases)
    func toRGBA(_ pattern: AlphaPattern) {
        var random = SplitMix64(seed: 11)
        for matrix in [YCbCrMatrix.bt601(), .bt709(fullRange: true), .bt2020()] {
            var m = matrix.toRGB
            for (width, height) in Self.sizes {
                let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
                let y = Self.bytes(width * height, &random)
                let u = Self.bytes(cw * ch, &random), v = Self.bytes(cw * ch, &random)
                let a: [UInt8]? =
                    switch pattern {
                    case .none: nil
                    case .random: Self.bytes(width * height, &random)
                    case .binary: Self.bytes(width * height, &random).map { $0 < 128 ? 0 : 255 }
                    }
                var scratch = [Int32](repeating: 0, count: 4 * width)
                var fast = [UInt8](repeating: 1, count: width * height * 4)
                var reference = [UInt8](repeating: 2, count: width * height * 4)
                let alpha = a ?? []
                alpha.withUnsafeBufferPointer { ap in
                    let ab = a == nil ? nil : ap.baseAddress
                    rdn_yuv420_to_rgba(
                        y, width, u, cw, v, cw, ab, width, &fast, width * 4, Int32(width), Int32(height), &m, &scratch)
                    rdn_yuv420_to_rgba_portable(
                        y, width, u, cw, v, cw, ab, width, &reference, width * 4, Int32(width), Int32(height), &m,
                        &scratch)
                }
                #expect(fast == reference, "\(width)x\(height) \(pattern)")
            }
        }
    }

    @Test("RGBA to 4:2:0 with alpha-weighted chroma", arguments: AlphaPattern.allCases)
    func toYCbCr(_ pattern: AlphaPattern) {
        var random = SplitMix64(seed: 12)
        var m = YCbCrMatrix.bt601().toYCbCr
        for (width, height) in Self.sizes {
            let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
            var rgba = Self.bytes(width * height * 4, &random)
            for i in stride(from: 3, to: rgba.count, by: 4) {
                switch pattern {
                case .none: rgba[i] = 255
                case .random: break
                case .binary: rgba[i] = rgba[i] < 128 ? 0 : 255
                }
            }
            func planes(
                _ convert: (
                    UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>,
                    UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>
                ) -> Void
            ) -> [[UInt8]] {
                var y = [UInt8](repeating: 0, count: width * height), a = y
                var u = [UInt8](repeating: 0, count: cw * ch), v = u
                convert(&y, &u, &v, &a)
                return [y, u, v, a]
            }
            let fast = planes {
                rdn_rgba_to_yuv420(
                    rgba, width * 4, Int32(width), Int32(height), $0, width, $1, cw, $2, cw, $3, width, &m)
            }
            let reference = planes {
                rdn_rgba_to_yuv420_portable(
                    rgba, width * 4, Int32(width), Int32(height), $0, width, $1, cw, $2, cw, $3, width, &m)
            }
            #expect(fast == reference, "\(width)x\(height) \(pattern)")
        }
    }

    /// The vectorised chroma divides each alpha-weighted sum in double precision; that is the
    /// exact integer quotient for every sum and alpha total a 2x2 block can have.
    @Test("the double-precision division is exact for every 2x2 block's sums")
    func divisionIsExact() {
        var wrong = 0
        for alphaSum in 1...1020 {
            for weighted in 0...(255 * alphaSum) {
                let numerator = weighted + alphaSum / 2
                if Int(Double(numerator) / Double(alphaSum)) != numerator / alphaSum { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
