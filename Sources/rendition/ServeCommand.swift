import ArgumentParser
import Dispatch
import Foundation
import Logging
import RenditionServer
import Synchronization

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve renditions, lint, previews and packs over HTTP, with the pack maker's page at /.",
        discussion: """
            GET /v1/stickers/NAME@2x.png renders NAME from the --masters folder on first request \
            (the bytes `rendition render` writes) and serves it from a content-addressed cache \
            afterwards, with an ETag and immutable caching. POST /v1/render, /v1/lint, \
            /v1/preview and /v1/packs work on uploads. /openapi.json describes the API, /metrics \
            has Prometheus metrics, /healthz says the server is up. Bodies over --max-upload are \
            refused with 413; past --workers busy workers and --queue waiting jobs, 503 with \
            Retry-After. Each job runs in a worker process of its own under memory and CPU limits \
            set from its inputs' headers; inputs over --max-pixels, --max-frames or \
            --max-animation-pixels are refused with 422 before any work, and jobs wait until \
            their memory fits in --memory-budget. SIGTERM or SIGINT stops accepting connections \
            and lets requests in flight finish. See docs/SERVER.md.
            """)

    @Option(help: ArgumentHelp("TCP port to listen on (0 picks a free one).", valueName: "port"))
    var port: Int = 8080

    @Option(help: ArgumentHelp("Address to listen on; 0.0.0.0 for every interface.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("Folder of @3x masters served under /v1/stickers/.", valueName: "dir"))
    var masters: String?

    @Option(
        help: ArgumentHelp(
            "Folder to keep rendered renditions in across restarts (created if missing).", valueName: "dir"))
    var cache: String?

    @Option(
        name: .customLong("max-upload"),
        help: ArgumentHelp(
            "Largest request body, e.g. 8MB, 512KB or 8MiB; larger is refused with 413.", valueName: "size"))
    var maxUpload: String = "8MB"

    @Option(help: ArgumentHelp("Jobs run at once, 0 for one per core.", valueName: "n"))
    var workers: Int = 0

    @Option(help: ArgumentHelp("Jobs that may wait for a worker; more get 503 with Retry-After.", valueName: "n"))
    var queue: Int = 64

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp("Seconds a request may take before it is answered with 503.", valueName: "seconds"))
    var timeout: Int = 60

    @Option(
        name: .customLong("memory-budget"),
        help: ArgumentHelp("Memory all running jobs may have together, by their estimates.", valueName: "size"))
    var memoryBudget: String = "2GiB"

    @Option(
        name: .customLong("max-job-memory"),
        help: ArgumentHelp("Largest memory estimate one job may have; more is refused with 422.", valueName: "size"))
    var maxJobMemory: String = "1536MiB"

    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp("Largest image accepted, in pixels (width x height).", valueName: "n"))
    var maxPixels: Int = ServerConfiguration().maxSourcePixels

    @Option(name: .customLong("max-frames"), help: ArgumentHelp("Most frames an animation may have.", valueName: "n"))
    var maxFrames: Int = ServerConfiguration().maxFrames

    @Option(
        name: .customLong("max-animation-pixels"),
        help: ArgumentHelp("Most pixels an animation may have, summed over its frames.", valueName: "n"))
    var maxAnimationPixels: Int = ServerConfiguration().maxAnimationPixels

    @Option(
        name: .customLong("max-pack-files"), help: ArgumentHelp("Most files one pack upload may carry.", valueName: "n")
    )
    var maxPackFiles: Int = ServerConfiguration().maxPackFiles

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp("Most connections open at once; more are closed at once.", valueName: "n"))
    var maxConnections: Int = ServerConfiguration().maxConnections

    @Option(
        name: .customLong("min-upload-rate"),
        help: ArgumentHelp(
            "Slowest a request body may arrive after its first 10 s, e.g. 8KB (per second); 0 for any rate.",
            valueName: "size"))
    var minUploadRate: String = "8KB"

    func validate() throws {
        _ = try serverConfiguration()
    }

    /// The server's configuration from the options.
    func serverConfiguration() throws(ValidationError) -> ServerConfiguration {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0-65535") }
        guard let maxUploadBytes = ByteSize.parse(maxUpload), maxUploadBytes > 0 else {
            throw ValidationError("--max-upload takes a size such as 8MB, 512KB or 8MiB")
        }
        guard workers >= 0 else { throw ValidationError("--workers must be 0 or more") }
        guard queue >= 0 else { throw ValidationError("--queue must be 0 or more") }
        guard timeout >= 1 else { throw ValidationError("--timeout must be at least 1 second") }
        guard let budget = ByteSize.parse(memoryBudget), budget > 0 else {
            throw ValidationError("--memory-budget takes a size such as 2GiB or 512MB")
        }
        guard let jobMemory = ByteSize.parse(maxJobMemory), jobMemory > 0, jobMemory <= budget else {
            throw ValidationError("--max-job-memory takes a size such as 1GiB, at most --memory-budget")
        }
        guard let uploadRate = ByteSize.parse(minUploadRate) else {
            throw ValidationError("--min-upload-rate takes a size per second such as 8KB, or 0")
        }
        for (name, value) in [
            ("--max-pixels", maxPixels), ("--max-frames", maxFrames), ("--max-animation-pixels", maxAnimationPixels),
            ("--max-pack-files", maxPackFiles), ("--max-connections", maxConnections),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        var configuration = ServerConfiguration()
        configuration.memoryBudget = budget
        configuration.maxJobMemory = jobMemory
        configuration.minUploadBytesPerSecond = uploadRate
        configuration.maxSourcePixels = maxPixels
        configuration.maxFrames = maxFrames
        configuration.maxAnimationPixels = maxAnimationPixels
        configuration.maxPackFiles = maxPackFiles
        configuration.maxConnections = maxConnections
        // Jobs run in worker processes of this same executable (`rendition serve-worker`).
        configuration.workerExecutable = Self.executablePath()
        configuration.host = host
        configuration.port = port
        configuration.mastersFolder = masters
        configuration.cacheFolder = cache
        configuration.maxUploadBytes = maxUploadBytes
        configuration.workers = workers
        configuration.queueLength = queue
        configuration.requestTimeout = .seconds(timeout)
        return configuration
    }

    /// This executable's path, every link resolved.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    func run() throws {
        let server: RenditionServer
        // The access log is at info; LOG_LEVEL (trace ... critical) changes the level shown.
        var logger = Logger(label: "rendition.serve")
        if let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) {
            logger.logLevel = level
        }
        do { server = try RenditionServer(configuration: try serverConfiguration(), logger: logger) } catch {
            throw runFailure("\(error)")
        }
        let outcome = ServeOutcome()
        // The command line's commands are synchronous; the server runs on the concurrency pool
        // while this thread waits for it to stop.
        Task {
            do { try await server.run() } catch { outcome.fail("\(error)") }
            outcome.done.signal()
        }
        outcome.done.wait()
        if let message = outcome.failure { throw runFailure(message) }
    }
}

/// How the server's task ended, for the thread waiting for it.
private final class ServeOutcome: Sendable {
    let done = DispatchSemaphore(value: 0)
    private let message = Mutex<String?>(nil)

    func fail(_ text: String) { message.withLock { $0 = text } }

    var failure: String? { message.withLock { $0 } }
}
