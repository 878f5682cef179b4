import Benchmark
import BenchmarkSupport
import RenditionCodecs
import RenditionCore

/// Encoding the @2x rendition as PNG at the default compression level, with the compressor
/// reused as a render worker reuses it.
let benchmarks: @Sendable () -> Void = {
    let inputs = [
        ("Encode-OpenMoji-@2x-412", BenchmarkFixtures.openMoji618),
        ("Encode-Noto-@2x-341", BenchmarkFixtures.noto512),
    ]
    for (name, path) in inputs {
        let master = BenchmarkFixtures.raster(path)
        let size = StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: .x2)
        let twoX = LanczosResampler().resample(master, width: size.width, height: size.height)
        let encoder = PNGEncoder()
        Benchmark(name, configuration: BenchmarkSettings.configuration()) { benchmark in
            let compressor = try DeflateCompressor(level: encoder.options.compressionLevel)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try encoder.encode(twoX, compressor: compressor))
            }
        }
    }
}
