#if canImport(Glibc)
    import Glibc
#endif

/// glibc allocator settings for the `rendition` process (the libraries leave the host's
/// allocator alone).
///
/// With glibc's defaults, a freed block of a few megabytes (a decoded frame, a resampled
/// frame, a GIF frame's palette indices) goes back to the kernel, by `munmap` or by trimming
/// the heap, and the next one is faulted in and zeroed page by page again. Rendering an
/// animation allocates dozens of such blocks, so on the 24-frame 618 px peer sticker a third
/// of the time went to page faults. Keeping blocks under 32 MB on the heap and trimming only
/// above 256 MB free made that GIF → GIF render 1.5x faster (161–181 → 106–111 ms) and the
/// APNG one 1.2–1.6x, cut the system time of rendering the 152 OpenMoji stickers from 0.32 to
/// 0.07 s, and left peak memory as it was (37.6 against 38.0 MB).
///
/// The environment wins: `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` set by the user
/// keeps glibc's own handling of that setting.
enum MallocTuning {
    /// Blocks below this size come from the heap, never from a fresh `mmap`.
    static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the top of a heap is returned to the kernel only above this size.
    static let trimThreshold: Int32 = 256 << 20

    /// glibc's `mallopt` parameter numbers (malloc.h), which Swift's Glibc module does not
    /// import, nor `mallopt` itself: it is looked up at run time, so other C libraries are
    /// simply left alone.
    private static let trimThresholdParameter: Int32 = -1  // M_TRIM_THRESHOLD
    private static let mmapThresholdParameter: Int32 = -3  // M_MMAP_THRESHOLD

    static func apply() {
        #if canImport(Glibc)
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(mmapThresholdParameter, mmapThreshold) }
            if getenv("MALLOC_TRIM_THRESHOLD_") == nil { _ = mallopt(trimThresholdParameter, trimThreshold) }
        #endif
    }
}
