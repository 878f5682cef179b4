/// What `rendition serve` is asked for: where to listen, where the masters and the disk cache
/// are, and the limits that keep one request or many from taking the server down.
///
/// The limits agree with each other: the largest pack the defaults admit fits inside its
/// timeout (`packTimeout` is derived from `requestTimeout` and `maxPackFiles`), every job the
/// per-request limits admit fits inside `maxJobMemory`, and `maxJobMemory` fits inside
/// `memoryBudget`.
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
    package var maxUploadBytes = 8_000_000
    /// Jobs (renders, lints, previews, packs) run at once; 0 means one per core.
    package var workers = 0
    /// Jobs that may wait for a worker; one more is refused with 503 and `Retry-After`.
    package var queueLength = 64
    /// The longest a request for one image may take (60 s by default); past it the request is
    /// answered with 503 and its worker process is ended.
    package var requestTimeout: Duration = .seconds(60)
    /// Seconds a pack request may take per sticker it is allowed to carry, on top of
    /// `requestTimeout` (see `packTimeout`).
    package var packSecondsPerSticker = 0.5
    /// The most bytes of renditions kept in memory; older ones are dropped first.
    package var memoryCacheBytes = 256 * 1024 * 1024
    /// The most files one `POST /v1/packs` may carry.
    package var maxPackFiles = 200

    /// The executable that runs jobs in worker processes (`rendition`, started as
    /// `rendition serve-worker`), or nil to run them in the server's own process. A decoder
    /// crash, a runaway allocation or a hang then ends the server rather than one worker: nil
    /// is for embedding in tests and tools, never for a server on a network.
    public var workerExecutable: String?
    /// The memory all running jobs may have together, by their estimates (2 GiB by default);
    /// a job waits in the queue until its estimate fits.
    package var memoryBudget = 2 << 30
    /// The largest estimate one job may have (1.5 GiB by default); a larger one is refused
    /// with 422 (`max-job-memory`).
    package var maxJobMemory = 3 << 29
    /// The largest still image accepted, in pixels (25 MP by default, a 24 MP photo fits);
    /// imgproxy's `IMGPROXY_MAX_SRC_RESOLUTION`.
    package var maxSourcePixels = 25_000_000
    /// The most frames an animation may have (300 by default: 5 s at 60 fps).
    package var maxFrames = 300
    /// The most pixels an animation may have summed over its frames (120 MP by default: 300
    /// frames of 618 x 618 or of 512 x 512 with room to spare).
    package var maxAnimationPixels = 120_000_000
    /// The most connections open at once; more are closed as soon as they are accepted.
    package var maxConnections = 512
    /// The slowest a request body may arrive, in bytes per second, once `bodyGracePeriod`
    /// has passed (8 KB/s by default); a slower client gets 408.
    package var minUploadBytesPerSecond = 8_000
    /// How long a body may arrive at any rate before `minUploadBytesPerSecond` applies.
    package var bodyGracePeriod: Duration = .seconds(10)
    /// The most bytes of request bodies held at once, read or waiting for a worker (512 MB by
    /// default); a body that would pass it is refused with 503.
    package var bodyMemoryBudget = 512_000_000

    /// The defaults.
    public init() {}

    /// The workers actually used: `workers`, or the number of cores for 0.
    package var workerCount: Int {
        workers > 0 ? workers : max(1, ProcessInfoCores.count)
    }

    /// The timeout of `POST /v1/packs`: `requestTimeout` plus `packSecondsPerSticker` for
    /// each of `maxPackFiles`, so the largest pack the limits admit can finish (160 s with
    /// the defaults).
    package var packTimeout: Duration {
        requestTimeout + .milliseconds(Int((packSecondsPerSticker * 1000).rounded()) * maxPackFiles)
    }
}
