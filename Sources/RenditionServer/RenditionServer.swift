import Hummingbird
import Logging
import NIOCore

/// `rendition serve`: renditions on demand from a masters folder with a content-addressed
/// cache, lint, preview, renders and packs of uploads, and the pack maker's page, over HTTP.
/// A thin face over the same engine calls as the command line, so it answers with the same
/// bytes.
///
/// Every CPU-bound job goes through one bounded `WorkQueue`; request bodies are bounded by
/// `ServerConfiguration.maxUploadBytes` before they are held; requests are answered within
/// `ServerConfiguration.requestTimeout`.
public final class RenditionServer: Sendable {
    /// What the server was asked for.
    public let configuration: ServerConfiguration
    /// The jobs' queue.
    public let queue: WorkQueue
    /// The renditions' cache.
    public let cache: RenditionCache
    /// The masters folder, if any.
    public let masters: MasterFolder?
    /// The metrics served at `/metrics`.
    public let metrics: ServerMetrics
    /// The page and the OpenAPI document.
    public let resources: ServerResources
    /// The access log and server messages.
    public let logger: Logger
    let bodies: BodyReader
    let inFlight = InFlightRenders()
    let uploadSlots: UploadSlots
    let deadline: Deadline

    /// Prepares a server: opens the masters folder and the cache folder (creating the cache
    /// folder when missing) and reads the page's files.
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "rendition.serve")) throws {
        self.configuration = configuration
        self.logger = logger
        let metrics = ServerMetrics()
        self.metrics = metrics
        queue = WorkQueue(
            workers: configuration.workerCount, queueLength: configuration.queueLength,
            depthChanged: { metrics.queue(depth: $0) })
        cache = try RenditionCache(memoryBudget: configuration.memoryCacheBytes, folder: configuration.cacheFolder)
        masters = try configuration.mastersFolder.map { try MasterFolder(path: $0) }
        resources = ServerResources.load()
        bodies = BodyReader(limit: configuration.maxUploadBytes, timeout: configuration.requestTimeout)
        uploadSlots = UploadSlots(capacity: configuration.workerCount + configuration.queueLength)
        deadline = Deadline(timeout: configuration.requestTimeout)
    }

    /// The router with every route, and the list of what it registered (method and OpenAPI
    /// path), which the tests hold against openapi.json.
    public func router() -> (router: Router<BasicRequestContext>, routes: [RegisteredRoute]) {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessMiddleware(metrics: metrics, logger: logger))
        var routes = RouteTable(router: router)
        addRoutes(to: &routes)
        routes.refuseOtherMethods()
        return (router, routes.registered)
    }

    /// The Hummingbird application: the router on HTTP/1.1 at the configured address, idle
    /// connections closed after 30 s.
    public func application() -> some ApplicationProtocol {
        Application(
            router: router().router,
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "rendition"),
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting connections and lets the requests
    /// in flight finish (Hummingbird's graceful shutdown through swift-service-lifecycle).
    public func run() async throws {
        try await application().runService()
    }

    /// Runs `job` on the work queue within the request timeout, counting it as a `kind` job.
    func perform<T: Sendable>(_ kind: String, _ job: @escaping @Sendable () throws -> T) async throws -> T {
        let queue = self.queue, metrics = self.metrics
        do {
            let timeout = deadline.timeout
            return try await deadline.run { abandonment in
                try await queue.run {
                    // Answered with a timeout while it waited: no one wants the result.
                    guard !abandonment.isAbandoned else { throw ServerError.timedOut(after: timeout) }
                    metrics.job(kind)
                    return try job()
                }
            }
        } catch let error as ServerError where error.type == "queue-full" {
            metrics.refusedJob()
            throw error
        }
    }
}
