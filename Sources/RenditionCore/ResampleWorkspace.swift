/// Scratch memory for the resampler, reused from one call to the next so that resampling
/// in a steady state allocates nothing.
///
/// A workspace belongs to one thread at a time: give each worker its own.
public final class ResampleWorkspace {
    private(set) var ring: UnsafeMutablePointer<Float>
    private(set) var ringCapacity: Int
    private(set) var row: UnsafeMutablePointer<Float>
    private(set) var rowCapacity: Int
    private(set) var rowPointers: UnsafeMutablePointer<UnsafePointer<Float>>
    private(set) var rowPointerCapacity: Int

    /// Creates an empty workspace; it grows on first use.
    public init() {
        ringCapacity = 0
        rowCapacity = 0
        rowPointerCapacity = 0
        ring = .allocate(capacity: 1)
        row = .allocate(capacity: 1)
        rowPointers = .allocate(capacity: 1)
    }

    deinit {
        ring.deallocate()
        row.deallocate()
        rowPointers.deallocate()
    }

    /// Makes sure the buffers hold at least the given number of elements.
    func reserve(ringFloats: Int, rowFloats: Int, taps: Int) {
        if ringFloats > ringCapacity {
            ring.deallocate()
            ring = .allocate(capacity: ringFloats)
            ringCapacity = ringFloats
        }
        // The row buffer gets 16 floats of slack so vector tails may read past the end.
        if rowFloats + 16 > rowCapacity {
            row.deallocate()
            row = .allocate(capacity: rowFloats + 16)
            row.initialize(repeating: 0, count: rowFloats + 16)
            rowCapacity = rowFloats + 16
        }
        if taps > rowPointerCapacity {
            rowPointers.deallocate()
            rowPointers = .allocate(capacity: taps)
            rowPointerCapacity = taps
        }
    }
}
