import RenditionCore
import RenditionTestSupport
import Testing

@Suite("Lanczos-3 resampler")
struct LanczosResamplerTests {
    /// Largest difference, over every channel of every pixel, between the resampler and the
    /// float64 reference.
    static func maxDifference(_ source: Raster, width: Int, height: Int) -> (max: Int, exact: Double) {
        let ours = LanczosResampler().resample(source, width: width, height: height)
        let reference = ReferenceLanczos.quantized(ReferenceLanczos.resample(source, width: width, height: height))
        var worst = 0
        var same = 0
        for i in 0..<reference.count {
            let d = abs(Int(ours.bytes[i]) - Int(reference[i]))
            worst = max(worst, d)
            if d == 0 { same += 1 }
        }
        return (worst, Double(same) / Double(reference.count))
    }

    @Test(
        "matches the float64 reference within 1 LSB on real stickers",
        arguments: [
            ("stickers/openmoji-618/1F195.png", 412, 412),
            ("stickers/openmoji-618/1F195.png", 206, 206),
            ("stickers/openmoji-618/1F408-200D-2B1B.png", 412, 412),
            ("stickers/openmoji-618/1F408-200D-2B1B.png", 206, 206),
            ("stickers/derived/1F405-408.png", 272, 272),
            ("stickers/derived/1F405-408.png", 136, 136),
            ("stickers/derived/1F601-300.png", 200, 200),
            ("stickers/derived/1F601-300.png", 100, 100),
            ("stickers/noto-512/emoji_u1f302.png", 341, 171),
            ("stickers/noto-512/emoji_u1f302.png", 97, 203),
        ])
    func matchesReference(file: String, width: Int, height: Int) throws {
        let source = try Fixtures.raster(file)
        let result = Self.maxDifference(source, width: width, height: height)
        #expect(result.max <= 1, "\(file) → \(width)x\(height): max difference \(result.max)")
        #expect(result.exact > 0.99, "most samples should match the reference exactly")
    }

    @Test(
        "matches the reference for odd sizes, non-square and upscaling",
        arguments: [
            (211, 157, 97, 61), (37, 23, 80, 50), (50, 50, 49, 51), (7, 5, 3, 2), (1, 1, 5, 3), (5, 1, 1, 1),
            (300, 13, 17, 300),
        ])
    func oddSizes(sw: Int, sh: Int, tw: Int, th: Int) throws {
        let sticker = try Fixtures.raster("stickers/noto-512/emoji_u1f236.png")
        var source = Raster(width: sw, height: sh)
        for y in 0..<sh {
            for x in 0..<sw { source[x, y] = sticker[(x * 7 + 60) % 512, (y * 3 + 100) % 512] }
        }
        let result = Self.maxDifference(source, width: tw, height: th)
        #expect(result.max <= 1, "\(sw)x\(sh) → \(tw)x\(th): max difference \(result.max)")
    }

    @Test("no channel exceeds its alpha and transparent output is (0,0,0,0), even with hard alpha edges")
    func ringingIsClamped() throws {
        // Checkerboard of opaque saturated colours and transparency: maximal ringing.
        var source = Raster(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 where (x / 4 + y / 4) % 2 == 0 { source[x, y] = RGBA(255, 0, 255, 255) }
        }
        for (w, h) in [(43, 43), (21, 21), (128, 100)] {
            let out = LanczosResampler().resample(source, width: w, height: h)
            for i in stride(from: 0, to: out.bytes.count, by: 4) {
                let a = out.bytes[i + 3]
                #expect(out.bytes[i] <= a && out.bytes[i + 1] <= a && out.bytes[i + 2] <= a)
                if a == 0 { #expect(out.bytes[i] == 0 && out.bytes[i + 1] == 0 && out.bytes[i + 2] == 0) }
            }
            // The unclamped reference does overshoot here, so the clamp is exercised.
            let raw = ReferenceLanczos.resample(source, width: w, height: h)
            #expect(raw.contains { $0 > 255.5 || $0 < -0.5 })
        }
    }

    @Test("same size is the identity; constant images stay constant")
    func identityAndConstant() throws {
        let source = try Fixtures.raster("stickers/derived/1F601-300.png")
        #expect(LanczosResampler().resample(source, width: 300, height: 300) == source)
        var flat = Raster(width: 90, height: 60)
        for y in 0..<60 { for x in 0..<90 { flat[x, y] = RGBA(10, 100, 200, 230) } }
        let down = LanczosResampler().resample(flat, width: 31, height: 17)
        for y in 0..<17 { for x in 0..<31 { #expect(down[x, y] == RGBA(10, 100, 200, 230)) } }
    }

    @Test("a reused workspace gives the same bytes as a fresh one, across sizes")
    func workspaceReuse() throws {
        let source = try Fixtures.raster("stickers/openmoji-618/1F195.png")
        let workspace = ResampleWorkspace()
        for (w, h) in [(412, 412), (206, 206), (300, 100), (412, 412)] {
            var reused = Raster(width: w, height: h)
            LanczosResampler().resample(source, into: &reused, workspace: workspace)
            #expect(reused == LanczosResampler().resample(source, width: w, height: h))
        }
    }

    @Test("weights are normalised per output pixel and cached per size pair")
    func weightTables() {
        let table = ResampleWeights.cached(sourceCount: 618, targetCount: 206)
        #expect(table === ResampleWeights.cached(sourceCount: 618, targetCount: 206))
        #expect(table.taps == 18)  // 2 x 3 x 3 source pixels
        for i in 0..<table.targetCount {
            let sum = (0..<table.taps).reduce(Float(0)) { $0 + table.weights[i * table.taps + $1] }
            #expect(abs(sum - 1) < 1e-5)
            #expect(Int(table.starts[i]) >= 0 && Int(table.starts[i]) + table.taps <= 618)
        }
        #expect(ResampleWeights.cached(sourceCount: 618, targetCount: 412).taps == 9)  // 2 x 3 x 1.5
    }
}

@Suite("Resampler kernels")
struct ResamplerKernelTests {
    @Test("this CPU runs the portable kernels and, on x86-64, the AVX2 ones")
    func availableSets() {
        #if arch(x86_64)
            #expect(
                LanczosResampler.availableKernels == [.portable, .avx2],
                "x86-64 machines this project targets have AVX2")
        #else
            #expect(LanczosResampler.availableKernels == [.portable])
        #endif
    }

    /// Every sticker fixture resampled to 2/3, 1/3 and an odd size in one pass with `kernels`,
    /// compared with the portable kernels. The test runs once per set the CPU has, named by it.
    @Test(
        "every kernel set gives the portable kernels' bytes on every sticker fixture",
        arguments: LanczosResampler.availableKernels)
    func kernelSetMatchesPortable(kernels: LanczosResampler.Kernels) throws {
        var compared = 0
        for folder in ["stickers/openmoji-618", "stickers/noto-512", "stickers/derived"] {
            for name in try Fixtures.files(in: folder, extension: "png") {
                let source = try Fixtures.raster("\(folder)/\(name)")
                let sizes = [
                    (source.width * 2 / 3, source.height * 2 / 3), (source.width / 3, source.height / 3), (97, 203),
                ]
                var forced = sizes.map { Raster(width: $0.0, height: $0.1) }
                var portable = forced
                LanczosResampler(kernels: kernels).resample(source, into: &forced, workspace: ResampleWorkspace())
                LanczosResampler(kernels: .portable).resample(source, into: &portable, workspace: ResampleWorkspace())
                for (index, size) in sizes.enumerated() {
                    let differing = zip(forced[index].bytes, portable[index].bytes).count { $0 != $1 }
                    #expect(
                        differing == 0 && forced[index].bytes.count == portable[index].bytes.count,
                        "\(kernels): \(differing) bytes differ on \(folder)/\(name) at \(size)")
                }
                compared += 1
            }
        }
        #expect(compared >= 190)
    }

    @Test(
        "native and portable kernels give identical bytes",
        arguments: [
            ("stickers/openmoji-618/1F195.png", 412, 412), ("stickers/openmoji-618/1F195.png", 206, 206),
            ("stickers/noto-512/emoji_u1f302.png", 341, 171), ("stickers/noto-512/emoji_u1f302.png", 97, 203),
            ("stickers/derived/1F405-408.png", 272, 136), ("stickers/derived/1F601-300.png", 1000, 7),
            ("pngsuite/basn6a08.png", 13, 5), ("pngsuite/s01n3p01.png", 3, 3),
        ])
    func nativeMatchesPortable(file: String, width: Int, height: Int) throws {
        let source = try Fixtures.raster(file)
        let portable = LanczosResampler(kernels: .portable).resample(source, width: width, height: height)
        for kernels in LanczosResampler.availableKernels {
            #expect(
                LanczosResampler(kernels: kernels).resample(source, width: width, height: height) == portable,
                "\(kernels)")
        }
    }

    @Test(
        "several sizes in one pass give the bytes of each size on its own, every kernel set",
        arguments: [
            ("stickers/openmoji-618/1F195.png", [(412, 412), (206, 206)]),
            ("stickers/noto-512/emoji_u1f302.png", [(341, 171), (97, 203), (1000, 7), (512, 512)]),
            ("pngsuite/basn6a08.png", [(13, 5), (64, 64), (1, 1)]),
        ])
    func severalSizesInOnePass(file: String, sizes: [(Int, Int)]) throws {
        let source = try Fixtures.raster(file)
        for kernels in LanczosResampler.availableKernels {
            let resampler = LanczosResampler(kernels: kernels)
            var together = sizes.map { Raster(width: $0.0, height: $0.1) }
            resampler.resample(source, into: &together, workspace: ResampleWorkspace())
            for (raster, size) in zip(together, sizes) {
                #expect(raster == resampler.resample(source, width: size.0, height: size.1), "\(size) \(kernels)")
            }
        }
    }

    @Test("a workspace reused across sources of other sizes and contents gives fresh results")
    func workspaceReuse() throws {
        let workspace = ResampleWorkspace()
        let names = [
            "stickers/openmoji-618/1F195.png", "stickers/noto-512/emoji_u1f302.png",
            "stickers/openmoji-618/1F408-200D-2B1B.png", "stickers/derived/1F601-300.png",
        ]
        for kernels in LanczosResampler.availableKernels {
            for name in names + names.reversed() {
                let source = try Fixtures.raster(name)
                var reused = [Raster(width: 200, height: 150), Raster(width: 61, height: 93)]
                LanczosResampler(kernels: kernels).resample(source, into: &reused, workspace: workspace)
                #expect(
                    reused[0] == LanczosResampler(kernels: .portable).resample(source, width: 200, height: 150),
                    "\(name) \(kernels)")
                #expect(
                    reused[1] == LanczosResampler(kernels: .portable).resample(source, width: 61, height: 93),
                    "\(name) \(kernels)")
            }
        }
    }
}

@Suite("Animation resampling")
struct AnimationResamplingTests {
    @Test("every frame is resampled like a still, delays and loop count kept, same result on any thread count")
    func framesInParallel() throws {
        let names = ["1F195", "1F300", "1F334", "1F335", "1F337"]
        let frames = try names.enumerated().map { i, name in
            AnimationFrame(
                raster: try Fixtures.raster("stickers/openmoji-618/\(name).png"), delay: .centiseconds(i + 3))
        }
        let animation = Animation(width: 618, height: 618, frames: frames, loopCount: 3)
        let serial = LanczosResampler().resample(animation, width: 412, height: 412, threads: 1)
        let parallel = LanczosResampler().resample(animation, width: 412, height: 412, threads: 3)
        #expect(serial == parallel)
        #expect(serial.loopCount == 3 && serial.frames.map(\.delay) == frames.map(\.delay))
        for (frame, source) in zip(serial.frames, frames) {
            #expect(frame.raster == LanczosResampler().resample(source.raster, width: 412, height: 412))
        }
    }
}
