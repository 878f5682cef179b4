import Dispatch
import Synchronization

/// Runs the server's CPU-bound jobs (renders, lints, previews, packs) on their own threads,
/// at most `workers` at once, with at most `queueLength` more waiting; a job past that is
/// refused at once with 503 (`ServerError.queueFull`), so neither threads nor memory grow
/// with the load.
public final class WorkQueue: Sendable {
    /// Jobs run at once.
    public let workers: Int
    /// Jobs that may wait.
    public let queueLength: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, any Error>] = []
    }

    private let state = Mutex(State())
    private let threads: DispatchQueue
    /// Called with the number of jobs waiting whenever it changes (the queue-depth gauge).
    private let depthChanged: @Sendable (Int) -> Void

    /// Creates a queue.
    public init(workers: Int, queueLength: Int, depthChanged: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.workers = max(1, workers)
        self.queueLength = max(0, queueLength)
        self.depthChanged = depthChanged
        threads = DispatchQueue(label: "rendition.serve.work", attributes: .concurrent)
    }

    /// Jobs waiting now.
    public var depth: Int { state.withLock { $0.waiting.count } }

    /// Runs `job` on a worker thread once one is free and returns its result; throws
    /// `ServerError.queueFull` when `workers` jobs run and `queueLength` wait already.
    public func run<T: Sendable>(_ job: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await withCheckedThrowingContinuation { continuation in
            threads.async { continuation.resume(with: Result { try job() }) }
        }
    }

    private func acquire() async throws {
        enum Admission {
            case run
            case wait(depth: Int)
            case refuse
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let admission: Admission = state.withLock { state in
                if state.running < workers {
                    state.running += 1
                    return .run
                }
                guard state.waiting.count < queueLength else { return .refuse }
                state.waiting.append(continuation)
                return .wait(depth: state.waiting.count)
            }
            switch admission {
            case .run: continuation.resume()
            case .wait(let depth): depthChanged(depth)
            case .refuse: continuation.resume(throwing: ServerError.queueFull(retryAfterSeconds: 1))
            }
        }
    }

    private func release() {
        // The slot passes straight to the first waiting job, if any.
        let (next, depth): (CheckedContinuation<Void, any Error>?, Int) = state.withLock { state in
            if state.waiting.isEmpty {
                state.running -= 1
                return (nil, 0)
            }
            return (state.waiting.removeFirst(), state.waiting.count)
        }
        if let next {
            depthChanged(depth)
            next.resume()
        }
    }
}
