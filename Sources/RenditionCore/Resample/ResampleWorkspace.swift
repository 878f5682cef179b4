/// Scratch memory for the resampler, reused from one call to the next so that resampling
/// in a steady state allocates nothing.
///
/// A workspace belongs to one thread at a time: give each worker its own.
public final class ResampleWorkspace {
    private(set) var ring = ScratchBuffer<Float>()
    /// For each ring slot, the pixels `[first, end)` of its source row that are not all zero.
    private(set) var ringSpans = ScratchBuffer<(first: Int, end: Int)>()
    private(set) var pairRow = ScratchBuffer<Float>()
    private(set) var rowsA = ScratchBuffer<UnsafePointer<Float>>()
    private(set) var rowsB = ScratchBuffer<UnsafePointer<Float>>()
    private(set) var passes = ScratchBuffer<ResamplePass>()

    /// Creates an empty workspace; it grows on first use.
    public init() {}

    /// Makes sure the row buffers hold at least the given number of elements (`passes` is
    /// reserved separately, before the passes are filled).
    func reserve(ringRows: Int, rowFloats: Int, pairRowFloats: Int, taps: Int) {
        ring.reserve(ringRows * rowFloats)
        ringSpans.reserve(ringRows)
        // Slack so vector tails may read a little past the end.
        pairRow.reserve(pairRowFloats + 32)
        rowsA.reserve(taps)
        rowsB.reserve(taps)
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
