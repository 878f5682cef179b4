import Hummingbird
import Logging
import NIOCore
import RenditionCodecs

#if canImport(Glibc)
    import Glibc
#endif

/// `rendition serve`: renditions on demand from a masters folder with a content-addressed
/// cache, lint, preview, renders and packs of uploads, and the pack maker's page, over HTTP.
/// A thin face over the same engine calls as the command line, so it answers with the same
/// bytes.
///
/// Every request body is read whole, under its own deadline and minimum rate, before its job
/// takes a worker; every job's cost is estimated from its inputs' headers and checked against
/// the per-request limits, then admitted through one `WorkQueue` against the server-wide
/// memory budget; each job runs in a worker process of its own (`WorkerProcess`) under limits
/// set from its estimate, ended when its request times out.
public final class RenditionServer: Sendable {
    /// What the server was asked for.
    public let configuration: ServerConfiguration
    /// The jobs' queue.
    package let queue: WorkQueue
    /// The renditions' cache.
    package let cache: RenditionCache
    /// The masters folder, if any.
    package let masters: MasterFolder?
    /// The metrics served at `/metrics`.
    package let metrics: ServerMetrics
    /// The page and the OpenAPI document.
    package let resources: ServerResources
    /// The access log and server messages.
    package let logger: Logger
    let bodies: BodyReader
    let inFlight = InFlightRenders()
    let deadline: Deadline
    let estimator: JobEstimator
    let connections: ConnectionCounter
    /// The decoding limits every job runs under (`JobEstimator.decodeLimits`).
    let decodeLimits: DecodeLimits
    /// The limits headers are read under: the decoders' defaults, with the jobs' input and
    /// document sizes.
    var headerLimits: DecodeLimits {
        var limits = DecodeLimits.default
        limits.maxInputBytes = decodeLimits.maxInputBytes
        limits.maxDocumentBytes = decodeLimits.maxDocumentBytes
        return limits
    }

    /// Prepares a server: opens the masters folder and the cache folder (creating the cache
    /// folder when missing) and reads the page's files.
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "rendition.serve")) throws {
        self.configuration = configuration
        self.logger = logger
        let metrics = ServerMetrics()
        self.metrics = metrics
        queue = WorkQueue(
            workers: configuration.workerCount, queueLength: configuration.queueLength,
            memoryBudget: configuration.memoryBudget, depthChanged: { metrics.queue(depth: $0) })
        cache = try RenditionCache(memoryBudget: configuration.memoryCacheBytes, folder: configuration.cacheFolder)
        masters = try configuration.mastersFolder.map { try MasterFolder(path: $0) }
        resources = ServerResources.load()
        bodies = BodyReader(
            limit: configuration.maxUploadBytes, timeout: configuration.requestTimeout,
            minBytesPerSecond: configuration.minUploadBytesPerSecond, grace: configuration.bodyGracePeriod,
            budget: ByteBudget(capacity: configuration.bodyMemoryBudget))
        deadline = Deadline(timeout: configuration.requestTimeout)
        estimator = JobEstimator(configuration: configuration)
        decodeLimits = estimator.decodeLimits()
        connections = ConnectionCounter(capacity: configuration.maxConnections)
        // A worker that dies while its job is written must not end the server (EPIPE instead).
        if configuration.workerExecutable != nil { signal(SIGPIPE, SIG_IGN) }
        // Folders that jobs of a server or worker no longer running left behind.
        TemporaryFolder.removeLeftovers()
    }

    /// The router with every route, and the list of what it registered (method and OpenAPI
    /// path), which the tests hold against openapi.json.
    package func router() -> (router: Router<BasicRequestContext>, routes: [RegisteredRoute]) {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessMiddleware(metrics: metrics, logger: logger))
        router.add(middleware: ResponseHardening())
        var routes = RouteTable(router: router)
        addRoutes(to: &routes)
        routes.refuseOtherMethods()
        return (router, routes.registered)
    }

    /// The Hummingbird application: the router on HTTP/1.1 at the configured address, idle
    /// connections closed after 30 s, at most `maxConnections` open.
    package func application() -> some ApplicationProtocol {
        let connections = self.connections
        return Application(
            router: router().router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [connections.handler()], idleTimeout: .seconds(30))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "rendition"),
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting connections and lets the requests
    /// in flight finish (Hummingbird's graceful shutdown through swift-service-lifecycle).
    public func run() async throws {
        try await application().runService()
    }

    /// Runs `request` over `inputs` as a `kind` job: refused when its estimate is over
    /// `maxJobMemory` or its timeout, queued until a worker is free and its estimate fits the memory budget,
    /// then run in a worker process (or in this process without a worker executable), all
    /// within `timeout` (`requestTimeout` when nil). The worker's error becomes the request's.
    func perform(
        _ kind: String, cost: JobCost, timeout: Duration? = nil, request: WorkerRequest, inputs: [[UInt8]]
    ) async throws -> (WorkerResponse, [[UInt8]]) {
        let limit = timeout ?? deadline.timeout
        try estimator.checkAdmission(cost, timeout: limit)
        let queue = self.queue, metrics = self.metrics
        let executable = configuration.workerExecutable
        do {
            let (response, outputs) = try await deadline.run(limit: limit) { abandonment in
                try await queue.run(memory: cost.memoryBytes) { () throws -> (WorkerResponse, [[UInt8]]) in
                    // Answered with a timeout while it waited: no one wants the result.
                    guard !abandonment.isAbandoned else { throw ServerError.timedOut(after: limit) }
                    metrics.job(kind)
                    guard let executable else { return WorkerJobRunner.run(request, inputs: inputs) }
                    let frame = try WorkerFrame.encode(request, blobs: inputs)
                    let answer = try WorkerProcess(executable: executable).run(
                        frame, cost: cost, timeout: limit, abandonment: abandonment)
                    return try WorkerFrame.decode(answer, as: WorkerResponse.self)
                }
            }
            if let failure = response.error { throw failure.error }
            guard outputs.count == response.files.count else {
                throw ServerError.internalError("a worker's answer does not match its files")
            }
            return (response, outputs)
        } catch let error as ServerError where error.type == "queue-full" {
            metrics.refusedJob()
            throw error
        }
    }

    /// The request a job of `job` on one input sends a worker.
    func workerRequest(_ job: WorkerRequest.Job, name: String?, bytes: [UInt8]) -> WorkerRequest {
        WorkerRequest(
            job: job, limits: decodeLimits, files: [WorkerFile(name: "input", filename: name)])
    }

    /// The headers of `bytes` (an upload); a file that cannot be read is refused before any
    /// work. They are read under the decoders' own size limits but the jobs' input and
    /// document limits, so that the server's per-request limits, which name themselves in
    /// the error, judge width, height and frames (`JobEstimator.check`).
    func header(of bytes: [UInt8]) throws(ServerError) -> SourceHeader {
        do throws(CodecError) { return try SourceHeader(bytes, limits: headerLimits) } catch {
            throw ServerError(error)
        }
    }
}
