import Synchronization

/// Collects results that `ParallelWork` workers finish in any order and hands them on in
/// index order while the others still run: each result is passed to `report` as soon as
/// every earlier one has been.
///
/// Unlike `IndexedResults`, whose slots are read only after every worker has finished, the
/// ready prefix is read while workers write, so the slots are behind a lock (and `report` is
/// called under it, one result at a time).
package final class OrderedResults<Result: Sendable>: Sendable {
    private struct State {
        var slots: [Result?]
        var next = 0
    }

    private let state: Mutex<State>
    private let report: @Sendable (Result) -> Void

    /// Creates `count` empty slots whose results go to `report` in index order.
    package init(count: Int, report: @escaping @Sendable (Result) -> Void) {
        state = Mutex(State(slots: Array(repeating: nil, count: count)))
        self.report = report
    }

    /// Stores the result of input `index` and reports the ready prefix.
    package func deliver(_ result: Result, at index: Int) {
        state.withLock { state in
            state.slots[index] = result
            while state.next < state.slots.count, let ready = state.slots[state.next] {
                report(ready)
                state.next += 1
            }
        }
    }

    /// Every result delivered so far, in input order.
    package func results() -> [Result] { state.withLock { $0.slots.compactMap { $0 } } }
}
