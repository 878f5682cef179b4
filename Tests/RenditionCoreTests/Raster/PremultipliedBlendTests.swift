import RenditionTestSupport
import Testing

@testable import RenditionCore

@Suite("Premultiplied OVER")
struct PremultipliedBlendTests {
    /// Premultiplied pixels whose alphas follow `alphas` (0, 255 or anything), colours random
    /// but valid (at most alpha).
    private static func pixels(alphas: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        alphas.flatMap { a -> [UInt8] in
            (0..<3).map { _ in UInt8.random(in: 0...a, using: &generator) } + [a]
        }
    }

    @Test("the vector kernel gives the per-pixel result on opaque, clear, translucent and mixed groups of every length")
    func kernelMatchesReference() {
        var generator = SplitMix64(seed: 0x0BE5)
        let patterns: [[UInt8]] = [[255], [0], [128], [255, 0], [0, 255, 255, 0], [255, 255, 255, 17], [1, 254]]
        var compared = 0
        for pattern in patterns {
            for count in 0...37 {
                let alphas = (0..<count).map { i -> UInt8 in
                    let a = pattern[i % pattern.count]
                    return a == 0 || a == 255 ? a : UInt8.random(in: 1...254, using: &generator)
                }
                let source = Self.pixels(alphas: alphas, using: &generator)
                let destination = Self.pixels(
                    alphas: (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }, using: &generator)
                var fast = destination, slow = destination
                source.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer { d in
                        if count > 0 {
                            PremultipliedBlend.over(source: s.baseAddress!, destination: d.baseAddress!, count: count)
                        }
                    }
                    slow.withUnsafeMutableBufferPointer { d in
                        if count > 0 {
                            PremultipliedBlend.overReference(
                                source: s.baseAddress!, destination: d.baseAddress!, count: count)
                        }
                    }
                }
                #expect(fast == slow, "pattern \(pattern), \(count) pixels")
                compared += count
            }
        }
        #expect(compared == patterns.count * (0...37).reduce(0, +))
    }

    @Test("OVER is s + round(d * (255 - sa) / 255): opaque replaces, clear keeps, half covers half")
    func formula() {
        let source: [UInt8] = [200, 100, 0, 255, 9, 9, 9, 0, 64, 32, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255]
        var destination: [UInt8] = [1, 2, 3, 4, 50, 60, 70, 80, 200, 100, 50, 255, 7, 7, 7, 7, 0, 0, 0, 0]
        source.withUnsafeBufferPointer { s in
            destination.withUnsafeMutableBufferPointer { d in
                PremultipliedBlend.over(source: s.baseAddress!, destination: d.baseAddress!, count: 5)
            }
        }
        // 200 * 127 / 255 = 99.6 → 100; 100 * 127 / 255 = 49.8 → 50; 50 * 127 / 255 = 24.9 → 25.
        #expect(destination == [200, 100, 0, 255, 50, 60, 70, 80, 164, 82, 25, 255, 7, 7, 7, 7, 10, 20, 30, 255])
    }
}
