import Dispatch
import Synchronization

/// Runs the server's jobs (renders, lints, previews, packs) on their own threads, at most
/// `workers` at once and, together, within `memoryBudget` bytes of estimated memory
/// (`JobCost`); at most `queueLength` more wait, in order of arrival. A job past that is
/// refused at once with 503 (`ServerError.queueFull`), so neither threads nor memory grow
/// with the load, and no mix of jobs can pass the budget.
package final class WorkQueue: Sendable {
    /// Jobs run at once.
    package let workers: Int
    /// Jobs that may wait.
    package let queueLength: Int
    /// The estimated memory the running jobs may have together.
    package let memoryBudget: Int

    private struct Waiter {
        let memory: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var memoryInUse = 0
        var waiting: [Waiter] = []

        /// Whether a job of `memory` bytes may start now.
        func admits(_ memory: Int, workers: Int, budget: Int) -> Bool {
            running < workers && (running == 0 || memoryInUse + memory <= budget)
        }
    }

    private let state = Mutex(State())
    private let threads: DispatchQueue
    /// Called with the number of jobs waiting whenever it changes (the queue-depth gauge).
    private let depthChanged: @Sendable (Int) -> Void

    /// Creates a queue.
    package init(
        workers: Int, queueLength: Int, memoryBudget: Int = Int.max,
        depthChanged: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.workers = max(1, workers)
        self.queueLength = max(0, queueLength)
        self.memoryBudget = max(1, memoryBudget)
        self.depthChanged = depthChanged
        threads = DispatchQueue(label: "rendition.serve.work", attributes: .concurrent)
    }

    /// Jobs waiting now.
    package var depth: Int { state.withLock { $0.waiting.count } }

    /// Jobs running now.
    package var running: Int { state.withLock { $0.running } }

    /// Estimated memory of the running jobs now.
    package var memoryInUse: Int { state.withLock { $0.memoryInUse } }

    /// Runs `job` on a worker thread once a worker is free and `memory` fits in the budget,
    /// and returns its result; throws `ServerError.queueFull` when the queue is full.
    package func run<T: Sendable>(memory: Int = 0, _ job: @escaping @Sendable () throws -> T) async throws -> T {
        let memory = min(max(0, memory), memoryBudget)
        try await acquire(memory)
        defer { release(memory) }
        return try await withCheckedThrowingContinuation { continuation in
            threads.async { continuation.resume(with: Result { try job() }) }
        }
    }

    private func acquire(_ memory: Int) async throws {
        enum Admission {
            case run
            case wait(depth: Int)
            case refuse
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let admission: Admission = state.withLock { state in
                if state.waiting.isEmpty && state.admits(memory, workers: workers, budget: memoryBudget) {
                    state.running += 1
                    state.memoryInUse += memory
                    return .run
                }
                guard state.waiting.count < queueLength else { return .refuse }
                state.waiting.append(Waiter(memory: memory, continuation: continuation))
                return .wait(depth: state.waiting.count)
            }
            switch admission {
            case .run: continuation.resume()
            case .wait(let depth): depthChanged(depth)
            case .refuse: continuation.resume(throwing: ServerError.queueFull(retryAfterSeconds: 1))
            }
        }
    }

    private func release(_ memory: Int) {
        // Waiting jobs start in order, as many as now fit.
        let (started, depth): ([CheckedContinuation<Void, any Error>], Int) = state.withLock { state in
            state.running -= 1
            state.memoryInUse -= memory
            var started: [CheckedContinuation<Void, any Error>] = []
            while let next = state.waiting.first, state.admits(next.memory, workers: workers, budget: memoryBudget) {
                state.waiting.removeFirst()
                state.running += 1
                state.memoryInUse += next.memory
                started.append(next.continuation)
            }
            return (started, state.waiting.count)
        }
        if !started.isEmpty {
            depthChanged(depth)
            started.forEach { $0.resume() }
        }
    }
}
