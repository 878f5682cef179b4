import Synchronization

/// Answers within a time limit: `run` returns the operation's result, or throws
/// `ServerError.timedOut` once `timeout` has passed. The operation itself is not stopped (a
/// job on a worker thread cannot be): it finishes in the background, and what it caches is
/// kept for the next request; a job still waiting for a worker sees its `Abandonment` and
/// does not start.
struct Deadline: Sendable {
    /// The limit.
    let timeout: Duration

    /// The result of `operation`, or `ServerError.timedOut` after `timeout`.
    func run<T: Sendable>(_ operation: @escaping @Sendable (Abandonment) async throws -> T) async throws -> T {
        let timeout = self.timeout
        let abandonment = Abandonment()
        return try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            let resume: @Sendable (Result<T, any Error>) -> Void = { once.resume(with: $0) }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled {
                    abandonment.abandon()
                    resume(.failure(ServerError.timedOut(after: timeout)))
                }
            }
            Task {
                let result = await Result(catching: { try await operation(abandonment) })
                timer.cancel()
                resume(result)
            }
        }
    }
}

/// Set once a request has been answered with a timeout: its job need not run any more.
final class Abandonment: Sendable {
    private let flag = Atomic(false)

    /// Marks the request as answered.
    func abandon() { flag.store(true, ordering: .relaxed) }

    /// Whether the request has been answered already.
    var isAbandoned: Bool { flag.load(ordering: .relaxed) }
}

/// A continuation resumed by whichever of two tasks comes first.
private final class ResumeOnce<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T, any Error>?>

    init(_ continuation: CheckedContinuation<T, any Error>) {
        self.continuation = Mutex(continuation)
    }

    func resume(with result: Result<T, any Error>) {
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
