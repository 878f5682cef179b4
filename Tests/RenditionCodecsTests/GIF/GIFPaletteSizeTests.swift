import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// The two size levers of the GIF encoder on quantised (more than 255 colours) stickers:
/// the palette stops growing at the colour tolerance, and lossy LZW lengthens matches with
/// nearby palette colours. Both are checked against the exact encode and against Pillow.
@Suite("GIF palette size and lossy LZW")
struct GIFPaletteSizeTests {
    /// RMS error per channel over pixels opaque in both, and pixels whose transparency differs.
    static func rms(_ gif: Animation, _ source: Animation) -> (rms: Double, alphaMismatches: Int) {
        var sum = 0, count = 0, mismatches = 0
        for (a, b) in zip(gif.frames, source.frames) {
            let expected = GIFEncoderTests.resolved(b.raster)
            for y in 0..<a.raster.height {
                for x in 0..<a.raster.width {
                    let p = a.raster[x, y], q = expected[x, y]
                    if (p.a == 0) != (q.a == 0) {
                        mismatches += 1
                        continue
                    }
                    guard p.a != 0 else { continue }
                    for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] { sum += (Int(u) - Int(v)) * (Int(u) - Int(v)) }
                    count += 3
                }
            }
        }
        return ((Double(sum) / Double(max(1, count))).squareRoot(), mismatches)
    }

    @Test("colour tolerance: a smaller palette and file, RMS error near the tolerance, transparency exact")
    func colorTolerance() throws {
        // Flat OpenMoji art: soft edges push it past 255 colours, but it needs far fewer.
        let source = try StickerAnimations.bouncing("openmoji-618/1F604.png", size: 206)
        let full = try GIFEncoder(options: .init(colorTolerance: 0)).encode(source)
        let tolerant = try GIFEncoder().encode(source)
        let fullTable = try #require(GIFStructure(full)).globalTableSize
        let tolerantTable = try #require(GIFStructure(tolerant)).globalTableSize
        #expect(fullTable == 256)
        #expect(tolerantTable < fullTable, "palette \(tolerantTable) entries")
        #expect(tolerant.count < full.count * 9 / 10, "\(tolerant.count) bytes against \(full.count)")
        let fullError = Self.rms(try GIFDecoder.decode(full), source)
        let tolerantError = Self.rms(try GIFDecoder.decode(tolerant), source)
        #expect(fullError.alphaMismatches == 0 && tolerantError.alphaMismatches == 0)
        #expect(fullError.rms < tolerantError.rms)
        // The tolerance is met on the colour histogram; pixels add the spread inside its cells.
        #expect(tolerantError.rms <= 1.6, "RMS \(tolerantError.rms)")
    }

    @Test("lossy LZW: every pixel within the distance of the exact encode, transparency kept, smaller, Pillow agrees")
    func lossyLZW() throws {
        let source = try GIFEncoderTests.bouncing.get()
        let exact = try GIFEncoder(options: .init(colorTolerance: 0)).encode(source)
        let lossy = try GIFEncoder(options: .init(colorTolerance: 0, lossyDistance: 16)).encode(source)
        #expect(lossy.count < exact.count * 9 / 10, "\(lossy.count) bytes against \(exact.count)")
        let a = try GIFDecoder.decode(exact), b = try GIFDecoder.decode(lossy)
        try #require(a.frames.count == b.frames.count)
        var changed = 0
        for (fa, fb) in zip(a.frames, b.frames) {
            #expect(fa.delay == fb.delay)
            for y in 0..<fa.raster.height {
                for x in 0..<fa.raster.width {
                    let p = fa.raster[x, y], q = fb.raster[x, y]
                    #expect(p.a == q.a)
                    let dr = Int(p.r) - Int(q.r), dg = Int(p.g) - Int(q.g), db = Int(p.b) - Int(q.b)
                    #expect(dr * dr + dg * dg + db * db <= 16 * 16)
                    if p != q { changed += 1 }
                }
            }
        }
        #expect(changed > 0)
        let pillow = try PillowOracle.decode([lossy])
        try #require(pillow[0].frames.count == b.frames.count)
        for (k, (ours, theirs)) in zip(b.frames, pillow[0].frames).enumerated() {
            let mismatch = GIFAncellSuiteTests.firstMismatch(ours.raster, theirs)
            #expect(mismatch == nil, "frame \(k): \(mismatch ?? "")")
        }
    }

    @Test("lossy LZW leaves exact palettes exact")
    func lossyKeepsExactPalettes() throws {
        let source = try GIFDecoder.decode(try Fixtures.bytes("gif/wuffs/muybridge.gif"))
        let bytes = try GIFEncoder(options: .init(lossyDistance: 32)).encode(source)
        #expect(bytes == (try GIFEncoder(options: .init(lossyDistance: 0)).encode(source)))
        #expect(try GIFDecoder.decode(bytes).frames == source.frames)
    }

    @Test(
        "the own LZW encoder without loss round-trips 2 to 256 colour noise (code widths, table resets)",
        arguments: [2, 3, 4, 16, 17, 128, 256])
    func lzwRoundTrip(colors: Int) throws {
        var state = UInt64(colors) &* 0x9E37_79B9_7F4A_7C15
        var indices: [UInt8] = []
        for i in 0..<70_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Runs and noise, so that matches grow long and the dictionary fills and clears.
            indices.append(UInt8(i % 23 < 11 ? (i / 11) % colors : Int(state >> 33) % colors))
        }
        let codeSize = max(2, (colors - 1).bitWidth - (colors - 1).leadingZeroBitCount)
        var copy = indices
        let data = GIFLZWEncoder.compress(&copy, minimumCodeSize: codeSize, lossy: nil)
        #expect(copy == indices)
        var decoded = [UInt8](repeating: 0, count: indices.count)
        let count = try data.withUnsafeBufferPointer { input in
            try decoded.withUnsafeMutableBufferPointer {
                try GIFLZWDecoder.decode(input, minimumCodeSize: codeSize, into: $0)
            }
        }
        #expect(count == indices.count)
        #expect(decoded == indices)
    }
}
