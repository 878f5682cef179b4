import Benchmark
import BenchmarkSupport
import RenditionCodecs

/// PNG bytes in memory → premultiplied RGBA8 raster (libpng through the shim, then premultiply).
let benchmarks: @Sendable () -> Void = {
    let inputs = [
        ("Decode-OpenMoji-618-palette", BenchmarkFixtures.openMoji618),
        ("Decode-Noto-512-RGBA", BenchmarkFixtures.noto512),
    ]
    for (name, path) in inputs {
        let bytes = BenchmarkFixtures.bytes(path)
        Benchmark(name, configuration: BenchmarkSettings.configuration()) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try ImageDecoder.decode(bytes))
            }
        }
    }
}
