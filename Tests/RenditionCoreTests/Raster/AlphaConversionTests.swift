import RenditionCore
import RenditionTestSupport
import Testing

@Suite("Straight and premultiplied alpha")
struct AlphaConversionTests {
    @Test("premultiply rounds value * alpha / 255 to nearest, for all 65,536 pairs")
    func premultiplyIsExact() {
        for alpha in 0...255 {
            for value in 0...255 {
                let expected = UInt8((Double(value * alpha) / 255).rounded(.toNearestOrAwayFromZero))
                #expect(AlphaConversion.premultiply(UInt8(value), alpha: UInt8(alpha)) == expected)
            }
        }
    }

    @Test("premultiplied → straight → premultiplied is the identity for every valid pair")
    func premultipliedRoundTripIsExact() {
        var failures = 0
        for alpha in 0...255 {
            for value in 0...alpha {
                let straight = AlphaConversion.unpremultiply(UInt8(value), alpha: UInt8(alpha))
                let back = AlphaConversion.premultiply(straight, alpha: UInt8(alpha))
                if back != UInt8(value) { failures += 1 }
            }
        }
        #expect(failures == 0)
    }

    @Test("straight → premultiplied → straight is exact at alpha 255 and within round(127.5 / alpha) elsewhere")
    func straightRoundTripBound() {
        for alpha in 0...255 {
            let bound = alpha == 0 ? 255 : Int((127.5 / Double(alpha)).rounded())
            for value in 0...255 {
                let p = AlphaConversion.premultiply(UInt8(value), alpha: UInt8(alpha))
                let back = Int(AlphaConversion.unpremultiply(p, alpha: UInt8(alpha)))
                if alpha == 255 {
                    #expect(back == value)
                } else if alpha == 0 {
                    #expect(back == 0)
                } else {
                    #expect(abs(back - value) <= bound, "value \(value) alpha \(alpha) came back as \(back)")
                }
            }
        }
    }

    @Test("unpremultiply clamps invalid (colour > alpha) values to 255")
    func unpremultiplyClamps() {
        #expect(AlphaConversion.unpremultiply(200, alpha: 100) == 255)
        #expect(AlphaConversion.unpremultiply(7, alpha: 0) == 0)
    }

    @Test("bulk conversions match the per-value ones and keep transparent pixels (0,0,0,0)")
    func bulkConversions() {
        var straight: [UInt8] = []
        for alpha in stride(from: 0, through: 255, by: 5) {
            for value in stride(from: 0, through: 255, by: 17) {
                straight += [UInt8(value), UInt8(255 - value), UInt8(value / 2), UInt8(alpha)]
            }
        }
        let count = straight.count / 4
        let raster = Raster(width: count, height: 1, straightRGBA: straight)
        for i in 0..<count {
            let a = straight[i * 4 + 3]
            #expect(raster.bytes[i * 4] == AlphaConversion.premultiply(straight[i * 4], alpha: a))
            #expect(raster.bytes[i * 4 + 3] == a)
            if a == 0 { #expect(raster[i, 0] == RGBA(0, 0, 0, 0)) }
        }
        let back = raster.straightRGBA()
        for i in 0..<count where straight[i * 4 + 3] == 255 {
            #expect(Array(back[(i * 4)..<(i * 4 + 4)]) == Array(straight[(i * 4)..<(i * 4 + 4)]))
        }
        // The bulk path (with its opaque and transparent shortcuts) is the per-value table.
        for i in 0..<count {
            let a = raster.bytes[i * 4 + 3]
            let expected = (0..<3).map { AlphaConversion.unpremultiply(raster.bytes[i * 4 + $0], alpha: a) } + [a]
            #expect(Array(back[(i * 4)..<(i * 4 + 4)]) == expected)
        }
    }

    @Test(
        "bulk unpremultiply over mixed opaque, transparent and translucent pixels, every length up to 19, in place too"
    )
    func bulkUnpremultiplyMixed() {
        var generator = SplitMix64(seed: 42)
        for count in 1...19 {
            for _ in 0..<50 {
                var premultiplied: [UInt8] = []
                for _ in 0..<count {
                    // Mostly opaque or transparent, as stickers are, so that four-pixel groups
                    // of each kind and mixed groups all occur.
                    let pick = Int.random(in: 0..<8, using: &generator)
                    let alpha: UInt8 = pick < 3 ? 255 : pick < 6 ? 0 : UInt8.random(in: 1...254, using: &generator)
                    for _ in 0..<3 { premultiplied.append(UInt8.random(in: 0...alpha, using: &generator)) }
                    premultiplied.append(alpha)
                }
                let expected = (0..<count).flatMap { i in
                    let a = premultiplied[i * 4 + 3]
                    return (0..<3).map { AlphaConversion.unpremultiply(premultiplied[i * 4 + $0], alpha: a) } + [a]
                }
                var separate = [UInt8](repeating: 0xA5, count: count * 4)
                premultiplied.withUnsafeBufferPointer { source in
                    separate.withUnsafeMutableBufferPointer { destination in
                        AlphaConversion.unpremultiply(
                            source.baseAddress!, into: destination.baseAddress!, pixelCount: count)
                    }
                }
                #expect(separate == expected)
                var inPlace = premultiplied
                inPlace.withUnsafeMutableBufferPointer { buffer in
                    AlphaConversion.unpremultiply(buffer.baseAddress!, into: buffer.baseAddress!, pixelCount: count)
                }
                #expect(inPlace == expected)
            }
        }
    }
}
