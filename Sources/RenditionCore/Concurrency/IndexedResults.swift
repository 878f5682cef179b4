/// One result slot per index, filled by `ParallelWork` workers and read once they have all
/// finished.
///
/// Each index is written by exactly one worker (the one that claimed it) and the slots are
/// read only after `DispatchQueue.concurrentPerform` has returned, which orders every write
/// before the reads; so no lock is needed — and none that a thread sanitizer could misread.
/// `OrderedResults` is the variant that also hands each result on, in index order, while the
/// workers still run; that needs a lock.
package final class IndexedResults<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    /// Creates `count` empty slots.
    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// The number of slots.
    package var count: Int { slots.count }

    /// Stores the value of `index`; called once per index, by the worker that owns it.
    package func store(_ value: Value, at index: Int) { slots[index] = value }

    /// The value stored at `index`, or `nil` when none was; only once every worker has finished.
    package func value(at index: Int) -> Value? { slots[index] }

    /// All values in index order, once every worker has finished and every slot is filled.
    package func collect() -> [Value] {
        slots.map { value in
            guard let value else { preconditionFailure("a worker left its slot empty") }
            return value
        }
    }
}
