import Dispatch
import Synchronization

/// The worker loop behind every parallel step of Rendition: stickers of a batch or a pack,
/// frames of an animation, the scales of one rendition, APNG frame regions, preview cards,
/// linted files, benchmark passes.
///
/// The indices `0..<count` are handed out one at a time, in increasing order, to up to
/// `threads` workers (`DispatchQueue.concurrentPerform` over an atomic counter), so a slow
/// item never holds up the rest. Each worker thread first makes its own state with
/// `worker(thread)` — a resampling workspace, a compressor, anything that must not be shared
/// — and then takes indices until none is left. Results are kept per index, so they come back
/// in index order whatever the thread count and whichever thread finished first; the calls
/// return once every worker has.
///
/// `thread` is the worker's number, `0..<workerCount(items:threads:)`; with no items no worker
/// is started.
package enum ParallelWork {
    /// How many worker threads `count` items get on at most `threads`: at least 1, never more
    /// than there are items (`threads` below 1 counts as 1).
    package static func workerCount(items count: Int, threads: Int) -> Int {
        max(1, min(threads, count))
    }

    /// Calls `body(index, &worker)` once for every index in `0..<count`, on up to `threads`
    /// threads, each with the state that `worker` made for it.
    package static func forEach<Worker>(
        count: Int, threads: Int,
        worker makeWorker: @Sendable (_ thread: Int) -> Worker,
        _ body: @Sendable (_ index: Int, _ worker: inout Worker) -> Void
    ) {
        run(count: count, threads: threads, worker: makeWorker) { index, worker in
            body(index, &worker)
            return true
        }
    }

    /// `body(index, &worker)` for every index in `0..<count`, computed on up to `threads`
    /// threads (each with the state that `worker` made for it), in index order.
    ///
    /// When `body` throws, no further index is handed out; the items already taken finish,
    /// and the error of the lowest failing index is thrown. Indices are taken in increasing
    /// order, so every index below a failing one has run: the error thrown is the one a
    /// single thread running the indices in order would have met first, whatever the thread
    /// count. A `body` that cannot throw makes the call non-throwing.
    package static func map<Worker, Value: Sendable, Failure: Error>(
        count: Int, threads: Int,
        worker makeWorker: @Sendable (_ thread: Int) -> Worker,
        _ body: @Sendable (_ index: Int, _ worker: inout Worker) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        let results = IndexedResults<Result<Value, Failure>>(count: count)
        run(count: count, threads: threads, worker: makeWorker) { index, worker in
            do throws(Failure) {
                results.store(.success(try body(index, &worker)), at: index)
                return true
            } catch {
                results.store(.failure(error), at: index)
                return false
            }
        }
        var values: [Value] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            guard let result = results.value(at: index) else {
                preconditionFailure("index \(index) was skipped although no earlier index failed")
            }
            values.append(try result.get())
        }
        return values
    }

    /// `body(index)` for every index in `0..<count`, computed on up to `threads` threads, in
    /// index order; errors as in `map(count:threads:worker:_:)`.
    package static func map<Value: Sendable, Failure: Error>(
        count: Int, threads: Int,
        _ body: @Sendable (_ index: Int) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        try map(count: count, threads: threads, worker: { _ in () }) {
            (index, _: inout Void) throws(Failure) -> Value in
            try body(index)
        }
    }

    /// `body(index, &worker)` for every index in `0..<count`, computed on up to `threads`
    /// threads (each with the state that `worker` made for it), in index order; each value
    /// is also passed to `report`, in index order, as soon as every earlier one has been —
    /// from whichever worker completed that prefix, one call at a time — so progress can be
    /// shown while later items still run.
    package static func map<Worker, Value: Sendable>(
        count: Int, threads: Int,
        worker makeWorker: @Sendable (_ thread: Int) -> Worker,
        reportingInOrder report: @escaping @Sendable (Value) -> Void,
        _ body: @Sendable (_ index: Int, _ worker: inout Worker) -> Value
    ) -> [Value] {
        let results = OrderedResults<Value>(count: count, report: report)
        run(count: count, threads: threads, worker: makeWorker) { index, worker in
            results.deliver(body(index, &worker), at: index)
            return true
        }
        return results.results()
    }

    /// `body(index)` for every index in `0..<count`, computed on up to `threads` threads, in
    /// index order, each value passed to `report` as in
    /// `map(count:threads:worker:reportingInOrder:_:)`.
    package static func map<Value: Sendable>(
        count: Int, threads: Int,
        reportingInOrder report: @escaping @Sendable (Value) -> Void,
        _ body: @Sendable (_ index: Int) -> Value
    ) -> [Value] {
        map(count: count, threads: threads, worker: { _ in () }, reportingInOrder: report) { index, _ in body(index) }
    }

    /// The loop itself: workers take indices until there are none left or `body` has
    /// returned `false` for one (no index is handed out after that; those taken finish).
    private static func run<Worker>(
        count: Int, threads: Int,
        worker makeWorker: @Sendable (_ thread: Int) -> Worker,
        _ body: @Sendable (_ index: Int, _ worker: inout Worker) -> Bool
    ) {
        guard count > 0 else { return }
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: workerCount(items: count, threads: threads)) { thread in
            var worker = makeWorker(thread)
            while !stopped.load(ordering: .relaxed) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if index >= count { break }
                if !body(index, &worker) { stopped.store(true, ordering: .relaxed) }
            }
        }
    }
}
