import Dispatch
import Synchronization

extension LanczosResampler {
    /// Resamples every frame of `animation` to `width` x `height`, keeping delays and the loop
    /// count. With `threads` above 1 frames are resampled in parallel (each thread with its own
    /// workspace); the result does not depend on the thread count.
    public func resample(_ animation: Animation, width: Int, height: Int, threads: Int = 1) -> Animation {
        let count = animation.frames.count
        let results = IndexedResults<Raster>(count: count)
        let workers = max(1, min(threads, count))
        let next = Atomic<Int>(0)
        let resampler = self
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let workspace = ResampleWorkspace()
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if index >= count { break }
                var target = Raster(width: width, height: height)
                resampler.resample(animation.frames[index].raster, into: &target, workspace: workspace)
                results.store(target, at: index)
            }
        }
        let frames = zip(results.collect(), animation.frames).map { AnimationFrame(raster: $0, delay: $1.delay) }
        return Animation(width: width, height: height, frames: frames, loopCount: animation.loopCount)
    }
}
