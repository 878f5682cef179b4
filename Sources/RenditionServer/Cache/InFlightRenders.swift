import Synchronization

/// Renders in progress by cache key, so that many requests for a rendition that is not cached
/// yet share one render (and one worker) instead of each starting its own.
final class InFlightRenders: Sendable {
    private let tasks = Mutex<[String: Task<[UInt8], any Error>]>([:])

    /// The result of the render for `key` already running, or of `render` started now.
    func value(for key: String, render: @escaping @Sendable () async throws -> [UInt8]) async throws -> [UInt8] {
        let task = tasks.withLock { tasks in
            if let running = tasks[key] { return running }
            let started = Task {
                defer { self.finish(key) }
                return try await render()
            }
            tasks[key] = started
            return started
        }
        return try await task.value
    }

    private func finish(_ key: String) {
        _ = tasks.withLock { $0.removeValue(forKey: key) }
    }
}
