/// What `rendition serve` is asked for: where to listen, where the masters and the disk cache
/// are, and the limits that keep one request or many from taking the server down.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (`127.0.0.1` by default: only this machine).
    public var host = "127.0.0.1"
    /// The TCP port (8080 by default; 0 picks a free one).
    public var port = 8080
    /// The folder `GET /v1/stickers/...` renders from, or nil for none (those requests 404).
    public var mastersFolder: String?
    /// The folder renditions are cached in across restarts, or nil for memory only.
    public var cacheFolder: String?
    /// The largest request body accepted, in bytes (8 MB by default); more is 413.
    public var maxUploadBytes = 8_000_000
    /// Jobs (renders, lints, previews, packs) run at once; 0 means one per core.
    public var workers = 0
    /// Jobs that may wait for a worker; one more is refused with 503 and `Retry-After`.
    public var queueLength = 64
    /// The longest a request may take before it is answered with 503 (its job, once started,
    /// still finishes and its result is cached).
    public var requestTimeout: Duration = .seconds(60)
    /// The most bytes of renditions kept in memory; older ones are dropped first.
    public var memoryCacheBytes = 256 * 1024 * 1024
    /// The most files one `POST /v1/packs` may carry.
    public var maxPackFiles = 200

    /// The defaults.
    public init() {}

    /// The workers actually used: `workers`, or the number of cores for 0.
    public var workerCount: Int {
        workers > 0 ? workers : max(1, ProcessInfoCores.count)
    }
}
