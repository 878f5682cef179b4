import Synchronization

/// Bounds the request bodies held at once: every upload route holds a slot from before it
/// reads its body until it has answered, and a request that finds every slot taken is refused
/// at once with 503 (`queue-full`). With one slot per worker and per queue place, uploads never
/// hold more than (workers + queue length) × the upload limit in memory, however many clients
/// send at once.
final class UploadSlots: Sendable {
    /// Slots in all.
    let capacity: Int
    private let taken = Mutex(0)

    /// Creates `capacity` slots (at least 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Runs `body` holding a slot, or calls `refused` and throws `ServerError.queueFull` when
    /// none is free.
    func hold<T: Sendable>(refused: () -> Void, _ body: () async throws -> T) async throws -> T {
        let granted = taken.withLock { taken in
            guard taken < capacity else { return false }
            taken += 1
            return true
        }
        guard granted else {
            refused()
            throw ServerError.queueFull(retryAfterSeconds: 1)
        }
        defer { taken.withLock { $0 -= 1 } }
        return try await body()
    }
}
