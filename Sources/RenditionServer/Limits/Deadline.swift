import Synchronization

/// Answers within a time limit: `run` returns the operation's result, or throws
/// `ServerError.timedOut` once `timeout` has passed. A job still waiting for a worker sees
/// its `Abandonment` and does not start; a job running in a worker process is ended with it.
struct Deadline: Sendable {
    /// The limit.
    let timeout: Duration

    /// The result of `operation`, or `ServerError.timedOut` after `limit` (`timeout` when nil).
    func run<T: Sendable>(
        limit: Duration? = nil, _ operation: @escaping @Sendable (Abandonment) async throws -> T
    ) async throws -> T {
        let timeout = limit ?? self.timeout
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

/// Set once a request has been answered with a timeout: its job need not run any more, and
/// the worker process running it is ended (`onAbandon`).
final class Abandonment: Sendable {
    private struct State {
        var abandoned = false
        var actions: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Marks the request as answered and runs the actions registered so far.
    func abandon() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.abandoned else { return [] }
            state.abandoned = true
            defer { state.actions = [] }
            return state.actions
        }
        actions.forEach { $0() }
    }

    /// Runs `action` when the request is abandoned, or at once if it already is.
    func onAbandon(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.abandoned { return true }
            state.actions.append(action)
            return false
        }
        if now { action() }
    }

    /// Whether the request has been answered already.
    var isAbandoned: Bool { state.withLock { $0.abandoned } }
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
