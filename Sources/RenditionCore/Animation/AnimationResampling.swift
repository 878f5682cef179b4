extension LanczosResampler {
    /// Resamples every frame of `animation` to `width` x `height`, keeping delays and the loop
    /// count. With `threads` above 1 frames are resampled in parallel (each thread with its own
    /// workspace); the result does not depend on the thread count.
    public func resample(_ animation: Animation, width: Int, height: Int, threads: Int = 1) -> Animation {
        resample(animation, sizes: [(width, height)], threads: threads)[0]
    }

    /// Resamples every frame of `animation` to each of `sizes` at once (each source row is
    /// widened once for all sizes), keeping delays and the loop count: one animation per
    /// size, in order. With `threads` above 1 frames are resampled in parallel; the result
    /// does not depend on the thread count.
    public func resample(_ animation: Animation, sizes: [(width: Int, height: Int)], threads: Int = 1) -> [Animation] {
        let resampler = self
        let rasters = ParallelWork.map(
            count: animation.frames.count, threads: threads, worker: { _ in ResampleWorkspace() }
        ) { index, workspace in
            var targets = sizes.map { Raster.uninitialized(width: $0.width, height: $0.height) }
            resampler.resample(animation.frames[index].raster, into: &targets, workspace: workspace)
            return targets
        }
        return sizes.indices.map { s in
            let frames = zip(rasters, animation.frames).map { AnimationFrame(raster: $0[s], delay: $1.delay) }
            return Animation(
                width: sizes[s].width, height: sizes[s].height, frames: frames, loopCount: animation.loopCount)
        }
    }
}
