/// A frame as a GIF can show it (opaque little-endian RGBA colours, `0` transparent), held as
/// runs of equal pixels in row-major order: sticker art is flat, so a 412 px frame takes about
/// a seventeenth of the memory of its pixels, and the passes after the palette is chosen
/// (mapping to it, checking whether colours fit) visit each run once.
struct GIFResolvedFrame {
    /// The runs, each `length << 32 | pixel`, lengths at least 1, summing to `pixelCount`.
    let runs: [UInt64]
    /// Pixels in the frame.
    let pixelCount: Int

    /// The frame given pixel by pixel (runs of one pixel each, merged where equal).
    init(pixels: [UInt32]) {
        var runs: [UInt64] = []
        var start = 0
        while start < pixels.count {
            var end = start + 1
            while end < pixels.count && pixels[end] == pixels[start] { end += 1 }
            runs.append(UInt64(end - start) << 32 | UInt64(pixels[start]))
            start = end
        }
        self.init(runs: runs, pixelCount: pixels.count)
    }

    init(runs: [UInt64], pixelCount: Int) {
        self.runs = runs
        self.pixelCount = pixelCount
    }

    @inline(__always)
    static func pixel(_ run: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: run) }

    @inline(__always)
    static func length(_ run: UInt64) -> Int { Int(truncatingIfNeeded: run >> 32) }

    /// Every pixel, row-major.
    func expanded() -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: pixelCount) { out, initialized in
            var at = 0
            for run in runs {
                let n = Self.length(run)
                (out.baseAddress! + at).initialize(repeating: Self.pixel(run), count: n)
                at += n
            }
            initialized = at
        }
    }

    /// One byte per pixel, row-major: `map(pixel)` for each run's pixel, written over its length.
    func mapped(_ map: (UInt32) -> UInt8) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixelCount) { out, initialized in
            var at = 0
            for run in runs {
                let n = Self.length(run)
                (out.baseAddress! + at).initialize(repeating: map(Self.pixel(run)), count: n)
                at += n
            }
            initialized = at
        }
    }
}
