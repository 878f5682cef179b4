import Benchmark
import BenchmarkSupport
import RenditionCore

/// Reusable output rasters and scratch memory for one resampling benchmark, so the measured
/// loop is the resampler's steady state (weight tables cached, buffers reused).
final class ResampleJob {
    let master: Raster
    let workspace = ResampleWorkspace()
    var targets: [Raster]

    init(master: Raster, sizes: [(width: Int, height: Int)]) {
        self.master = master
        targets = sizes.map { Raster(width: $0.width, height: $0.height) }
    }

    func run() {
        let resampler = LanczosResampler()
        for index in targets.indices {
            resampler.resample(master, into: &targets[index], workspace: workspace)
        }
        blackHole(targets)
    }
}

/// Lanczos-3 from decoded premultiplied pixels, per (source, target) size pair, and both
/// renditions of the 618 px sticker together (the figure the peers are compared on).
///
/// These run without CPU time, peak memory and instructions, whose sampling allocates, so
/// that the allocation count is the resampler's own, held at exactly what the thresholds
/// recorded (0 in the steady state); a companion benchmark reports every metric for the 618 pair.
let benchmarks: @Sendable () -> Void = {
    let configuration = BenchmarkSettings.configuration(
        metrics: BenchmarkSettings.exactAllocationMetrics, allocations: .exact)
    let masters = [BenchmarkFixtures.openMoji618, BenchmarkFixtures.master408, BenchmarkFixtures.master300]
    for path in masters {
        let master = BenchmarkFixtures.raster(path)
        for scale in [StickerScale.x2, .x1] {
            let size = StickerGeometry.renditionSize(
                masterWidth: master.width, masterHeight: master.height, scale: scale)
            let job = ResampleJob(master: master, sizes: [size])
            Benchmark("Resample-\(master.width)-to-\(size.width)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations { job.run() }
            }
        }
    }

    let master = BenchmarkFixtures.raster(BenchmarkFixtures.openMoji618)
    let sizes = [StickerScale.x2, .x1].map {
        StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: $0)
    }
    let both = ResampleJob(master: master, sizes: sizes)
    Benchmark("Resample-618-to-412+206", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { both.run() }
    }
    Benchmark("Resample-618-to-412+206-all-metrics", configuration: BenchmarkSettings.configuration()) { benchmark in
        for _ in benchmark.scaledIterations { both.run() }
    }
}
