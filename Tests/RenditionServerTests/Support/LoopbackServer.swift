import Hummingbird
import Logging
import ServiceLifecycle

/// Serves a router over HTTP/1.1 on a free port of 127.0.0.1 for as long as a test's body
/// runs, then shuts the server down gracefully and waits for it to stop.
///
/// A real socket rather than an in-memory channel: every connection is closed when its request
/// ends, so nothing is left for LeakSanitizer to report under `Scripts/sanitize address`.
enum LoopbackServer {
    /// The server stopped before it listened.
    struct NotListening: Error {}

    /// Runs `body` with a client of `router` served on a free loopback port.
    static func serve<T>(
        _ router: Router<BasicRequestContext>, logger: Logger, _ body: (LoopbackClient) async throws -> T
    ) async throws -> T {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { announce.yield(port) }
                announce.finish()
            },
            logger: logger)
        let services = ServiceGroup(configuration: .init(services: [application], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { announce.finish() }
                try await services.run()
            }
            guard let port = await ports.first(where: { _ in true }) else {
                // Its error, if it had one.
                try await group.waitForAll()
                throw NotListening()
            }
            let value: T
            do {
                value = try await body(LoopbackClient(port: port))
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return value
        }
    }
}
