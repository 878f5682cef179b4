/// One result slot per index for `DispatchQueue.concurrentPerform` workers. Each index is
/// written by exactly one worker and read only after `concurrentPerform` has returned (which
/// orders every write before the reads), so no lock is needed — and none that a thread
/// sanitizer could misread.
package final class IndexedResults<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// Stores the value of `index`; called once per index, by the worker that owns it.
    package func store(_ value: Value, at index: Int) { slots[index] = value }

    /// All values in index order, once every worker has finished.
    package func collect() -> [Value] {
        slots.map { value in
            guard let value else { preconditionFailure("a worker left its slot empty") }
            return value
        }
    }
}
