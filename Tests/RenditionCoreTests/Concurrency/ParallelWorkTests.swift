import Foundation
import RenditionCore
import Synchronization
import Testing

/// `ParallelWork`, the worker loop every parallel step goes through: each index exactly once,
/// one worker state per thread, results in index order, in-order reporting, and the error of
/// the lowest failing index.
@Suite("Parallel work")
struct ParallelWorkTests {
    /// Counts shared by the workers of one call.
    final class Tally: Sendable {
        let calls: Mutex<[Int]>
        let workersMade = Mutex<[Int]>([])
        let reported = Mutex<[Int]>([])

        init(count: Int) { calls = Mutex(Array(repeating: 0, count: count)) }

        func called(_ index: Int) { calls.withLock { $0[index] += 1 } }
        func made(_ thread: Int) { workersMade.withLock { $0.append(thread) } }
        func report(_ value: Int) { reported.withLock { $0.append(value) } }
    }

    /// An item's error.
    struct ItemFailed: Error, Equatable {
        let index: Int
    }

    /// Sleeps a little, longer for lower indices, so that later indices tend to finish first.
    static func stagger(_ index: Int, of count: Int) {
        usleep(UInt32(((count - index) % 5) * 200))
    }

    @Test(
        "workerCount: at least 1, at most one per item and no more than asked",
        arguments: [(0, 4, 1), (10, 0, 1), (3, 8, 3), (10, 4, 4), (1, 1, 1)])
    func workerCount(items: Int, threads: Int, expected: Int) {
        #expect(ParallelWork.workerCount(items: items, threads: threads) == expected)
    }

    @Test(
        "forEach calls the body once for every index, and makes one worker per thread",
        arguments: [0, 1, 7, 100], [1, 2, 3, 8, 16])
    func everyIndexOnce(count: Int, threads: Int) {
        let tally = Tally(count: count)
        ParallelWork.forEach(
            count: count, threads: threads,
            worker: { thread in
                tally.made(thread)
                return thread
            }
        ) { index, _ in
            tally.called(index)
        }
        #expect(tally.calls.withLock { $0 } == Array(repeating: 1, count: count))
        let made = tally.workersMade.withLock { $0 }.sorted()
        #expect(
            made == (count == 0 ? [] : Array(0..<ParallelWork.workerCount(items: count, threads: threads))),
            "no worker without items, one per thread otherwise, numbered from 0")
    }

    @Test(
        "map returns the values in index order whatever the thread count and finishing order", arguments: [1, 2, 3, 8])
    func mapInOrder(threads: Int) {
        let count = 60
        let values = ParallelWork.map(count: count, threads: threads) { index in
            Self.stagger(index, of: count)
            return index * index
        }
        #expect(values == (0..<count).map { $0 * $0 })
        #expect(ParallelWork.map(count: 0, threads: threads) { $0 }.isEmpty)
    }

    @Test(
        "a worker's state stays with its thread: each worker sees its items one after another, counting up",
        arguments: [1, 2, 4])
    func workerStatePerThread(threads: Int) {
        let count = 50
        let seen = ParallelWork.map(count: count, threads: threads, worker: { thread in (thread: thread, done: 0) }) {
            index, worker in
            Self.stagger(index, of: count)
            defer { worker.done += 1 }
            return (thread: worker.thread, sequence: worker.done)
        }
        let byThread = Dictionary(grouping: seen, by: \.thread)
        #expect(byThread.keys.allSatisfy { $0 < ParallelWork.workerCount(items: count, threads: threads) })
        for (_, items) in byThread {
            #expect(items.map(\.sequence) == Array(0..<items.count), "a worker's items in the order it took them")
        }
        #expect(byThread.values.reduce(0) { $0 + $1.count } == count)
    }

    @Test(
        "reportingInOrder reports every value once, in index order, while returning them all", arguments: [1, 2, 3, 8])
    func reportsInOrder(threads: Int) {
        let count = 40
        let tally = Tally(count: count)
        let values = ParallelWork.map(
            count: count, threads: threads, reportingInOrder: { value in tally.report(value) }
        ) { index in
            Self.stagger(index, of: count)
            return index + 1_000
        }
        #expect(values == (0..<count).map { $0 + 1_000 })
        #expect(tally.reported.withLock { $0 } == values)
    }

    @Test("with a worker, reportingInOrder hands each thread's state to its items")
    func reportsInOrderWithWorkers() {
        let count = 30
        let tally = Tally(count: count)
        let values = ParallelWork.map(
            count: count, threads: 3,
            worker: { thread in
                tally.made(thread)
                return thread * 100
            },
            reportingInOrder: { _ in }
        ) { index, base in
            tally.called(index)
            return base + index
        }
        #expect(values.enumerated().allSatisfy { index, value in value % 100 == index && value / 100 < 3 })
        #expect(tally.calls.withLock { $0 } == Array(repeating: 1, count: count))
        #expect(tally.workersMade.withLock { $0 }.sorted() == [0, 1, 2])
    }

    @Test(
        "a failing item throws the error of the lowest failing index, whatever the thread count",
        arguments: [1, 2, 3, 8])
    func lowestFailureThrown(threads: Int) {
        let count = 40
        #expect(throws: ItemFailed(index: 5)) {
            _ = try ParallelWork.map(count: count, threads: threads) { (index) throws(ItemFailed) -> Int in
                // Index 5 fails late: when the workers do run side by side, 9 has failed by then.
                if index == 5 { usleep(50_000) }
                if index == 5 || index == 9 || index == 31 { throw ItemFailed(index: index) }
                return index
            }
        }
    }

    @Test("after a failure no further index is handed out; the ones below it all run")
    func stopsAfterFailure() {
        let tally = Tally(count: 20)
        #expect(throws: ItemFailed(index: 3)) {
            _ = try ParallelWork.map(count: 20, threads: 1) { (index) throws(ItemFailed) -> Int in
                tally.called(index)
                if index == 3 { throw ItemFailed(index: index) }
                return index
            }
        }
        #expect(tally.calls.withLock { $0 } == [1, 1, 1, 1] + Array(repeating: 0, count: 16))
        let parallel = Tally(count: 200)
        #expect(throws: ItemFailed(index: 10)) {
            _ = try ParallelWork.map(count: 200, threads: 4) { (index) throws(ItemFailed) -> Int in
                parallel.called(index)
                if index == 10 { throw ItemFailed(index: index) }
                usleep(500)
                return index
            }
        }
        let calls = parallel.calls.withLock { $0 }
        #expect(calls[0...10].allSatisfy { $0 == 1 }, "every index up to the failing one ran")
        #expect(calls.allSatisfy { $0 <= 1 })
        #expect(calls.reduce(0, +) < 200, "the workers stopped taking indices")
    }
}
