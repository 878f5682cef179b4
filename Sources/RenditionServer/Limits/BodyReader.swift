import Hummingbird
import Synchronization

/// Reads request bodies whole, before their job takes a worker, under four bounds: a
/// `Content-Length` over `limit` is refused before any byte is read and a body without one is
/// refused as soon as it passes it (413); the bytes of all bodies held at once stay within
/// `budget` (503 past it); a body must keep arriving at `minBytesPerSecond` once `grace` has
/// passed, and whole within `timeout` (408 otherwise: a watchdog checks every half second,
/// so a client that sends nothing at all is cut off too). A slow client costs a connection
/// and the bytes it has sent, never a worker.
struct BodyReader: Sendable {
    /// The most bytes a body may have.
    let limit: Int
    /// The longest a body may take to arrive.
    var timeout: Duration = .seconds(60)
    /// The slowest a body may arrive after `grace`.
    var minBytesPerSecond = 0
    /// How long a body may arrive at any rate.
    var grace: Duration = .seconds(10)
    /// The bytes of all bodies held at once.
    let budget: ByteBudget

    /// Runs `handler` with the whole body, whose bytes are counted against `budget` until it
    /// returns.
    func withBody<T: Sendable>(_ request: Request, _ handler: ([UInt8]) async throws -> T) async throws -> T {
        let held = HeldBytes(budget: budget)
        defer { held.releaseAll() }
        let body: [UInt8]
        do { body = try await read(request, holding: held) } catch var error as ServerError {
            // The rest of the body is not read: the connection ends with the answer
            // (`ConnectionLimitHandler` closes it), so a refused body cannot keep it open.
            error.headers[.connection] = "close"
            throw error
        }
        return try await handler(body)
    }

    /// The whole body; its bytes are reserved in `held` as they arrive.
    private func read(_ request: Request, holding held: HeldBytes) async throws -> [UInt8] {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw ServerError.tooLarge(limit: limit)
        }
        let limit = self.limit, timeout = self.timeout, rate = self.minBytesPerSecond, grace = self.grace
        let started = ContinuousClock.now
        let body = request.body
        return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                for try await buffer in body {
                    guard buffer.readableBytes <= limit - bytes.count else { throw ServerError.tooLarge(limit: limit) }
                    try held.reserve(buffer.readableBytes)
                    bytes.append(contentsOf: buffer.readableBytesView)
                }
                return bytes
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: .milliseconds(500))
                    let elapsed = ContinuousClock.now - started
                    if elapsed > timeout {
                        throw ServerError(
                            .requestTimeout, type: "timeout",
                            "the request body took longer than \(timeout.components.seconds) s to arrive")
                    }
                    if rate > 0, elapsed > grace {
                        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                        let count = held.count
                        if Double(count) < Double(rate) * seconds {
                            throw ServerError(
                                .requestTimeout, type: "timeout",
                                "the request body arrived at \(Int(Double(count) / seconds)) bytes/s, slower than the \(rate) bytes/s the server waits for"
                            )
                        }
                    }
                }
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let bytes = next { return bytes }
            }
            throw ServerError.badRequest("the request body ended without an answer")
        }
    }
}

/// A count of bytes shared by every request: what is reserved must fit under `capacity`.
final class ByteBudget: Sendable {
    /// The most bytes reserved at once.
    let capacity: Int
    private let used = Mutex(0)

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Bytes reserved now.
    var inUse: Int { used.withLock { $0 } }

    /// Reserves `count` bytes, or returns false when they do not fit.
    func reserve(_ count: Int) -> Bool {
        used.withLock { used in
            guard count <= capacity - used else { return false }
            used += count
            return true
        }
    }

    /// Gives back `count` bytes.
    func release(_ count: Int) {
        used.withLock { $0 -= count }
    }
}

/// The bytes one request has reserved in a `ByteBudget`.
final class HeldBytes: Sendable {
    private let budget: ByteBudget
    private let held = Mutex(0)

    init(budget: ByteBudget) {
        self.budget = budget
    }

    /// Reserves `count` more bytes, or throws 503 when the server holds too many already.
    func reserve(_ count: Int) throws(ServerError) {
        guard budget.reserve(count) else {
            var error = ServerError(
                .serviceUnavailable, type: "queue-full",
                "the server is holding as many uploads as it may (\(budget.capacity / 1_000_000) MB); try again shortly"
            )
            error.headers[.retryAfter] = "2"
            throw error
        }
        held.withLock { $0 += count }
    }

    /// Bytes reserved so far.
    var count: Int { held.withLock { $0 } }

    /// Gives back everything reserved.
    func releaseAll() {
        let count = held.withLock { held in
            defer { held = 0 }
            return held
        }
        budget.release(count)
    }
}
