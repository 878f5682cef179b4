import CRenditionKernels

/// Scratch memory for the resampler, reused from one call to the next so that resampling
/// in a steady state allocates nothing.
///
/// A workspace belongs to one thread at a time: give each worker its own.
public final class ResampleWorkspace {
    private(set) var ring = ScratchBuffer<Float>()
    /// For each ring slot, the pixels `[first, end)` outside which its floats are all zero.
    private(set) var ringSpans = ScratchBuffer<(first: Int, end: Int)>()
    /// The vertical sums of output rows A and B, and of C and D (8 floats a pixel).
    private(set) var pairRowAB = ScratchBuffer<Float>()
    private(set) var pairRowCD = ScratchBuffer<Float>()
    /// The four vertical windows of a quad of output rows, their row pointers and weights.
    private(set) var windows = ScratchBuffer<rdn_window>()
    private(set) var windowRows = ScratchBuffer<UnsafePointer<Float>?>()
    private(set) var windowWeights = ScratchBuffer<Float>()
    /// The four output rows of a quad.
    private(set) var outputRows = ScratchBuffer<UnsafeMutablePointer<UInt8>>()
    private(set) var passes = ScratchBuffer<ResamplePass>()

    /// Creates an empty workspace; it grows on first use.
    public init() {}

    /// Makes sure the row buffers hold at least the given number of elements (`passes` is
    /// reserved separately, before the passes are filled).
    func reserve(ringRows: Int, rowFloats: Int, pairRowFloats: Int, taps: Int) {
        ring.reserve(ringRows * rowFloats)
        ringSpans.reserve(ringRows)
        // Slack so vector tails may read a little past the end.
        pairRowAB.reserve(pairRowFloats + 32)
        pairRowCD.reserve(pairRowFloats + 32)
        windows.reserve(4)
        windowRows.reserve(4 * taps)
        windowWeights.reserve(4 * taps)
        outputRows.reserve(4)
    }
}

/// A growable, uninitialised-on-growth buffer of trivial values that frees itself.
///
/// The memory is aligned to 64 bytes (a cache line): with malloc's 16-byte alignment the
/// kernels' 32-byte loads from the ring split cache lines or not depending on where the
/// buffer happened to land, and `bench resize` on one sticker took 1.35 or 2.0 ms from one
/// process to the next.
final class ScratchBuffer<Element> {
    private static var alignment: Int { max(64, MemoryLayout<Element>.alignment) }

    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init() {
        pointer = Self.allocate(1)
        capacity = 0
    }

    deinit { UnsafeMutableRawPointer(pointer).deallocate() }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
        UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Element>.stride, alignment: alignment)
            .bindMemory(to: Element.self, capacity: count)
    }

    /// Grows to at least `count` elements (contents are not preserved).
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        UnsafeMutableRawPointer(pointer).deallocate()
        pointer = Self.allocate(count)
        capacity = count
    }
}
