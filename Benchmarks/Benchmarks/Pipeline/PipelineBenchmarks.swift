import Benchmark
import BenchmarkSupport
import RenditionCodecs
import RenditionPack
import RenditionPipeline

/// The whole still pipeline for one sticker, in memory: PNG bytes → decode → @2x and @1x
/// → both PNG files' bytes, with one worker's scratch memory reused.
let benchmarks: @Sendable () -> Void = {
    let inputs = [
        ("Pipeline-OpenMoji-618", BenchmarkFixtures.openMoji618),
        ("Pipeline-Noto-512", BenchmarkFixtures.noto512),
    ]
    for (name, path) in inputs {
        let bytes = BenchmarkFixtures.bytes(path)
        let renderer = StickerRenderer()
        Benchmark(name, configuration: BenchmarkSettings.configuration()) { benchmark in
            let scratch = try RenderScratch(options: renderer.options)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let master = try ImageDecoder.decode(bytes, limits: renderer.options.limits)
                blackHole(try renderer.render(master: master, scratch: scratch))
            }
        }
    }
}
