import Prometheus
import Synchronization

/// The server's Prometheus metrics, served at `/metrics` in the text exposition format:
///
/// - `rendition_http_requests_total{route, method, status}`: requests answered;
/// - `rendition_http_request_duration_seconds{route}`: a latency histogram;
/// - `rendition_renders_total{kind}`: jobs run (`rendition`, `render`, `lint`, `preview`, `pack`);
/// - `rendition_cache_hits_total` and `rendition_cache_misses_total`: sticker lookups;
/// - `rendition_queue_depth`: jobs waiting for a worker; `rendition_jobs_refused_total`: 503s.
///
/// Each server has its own registry (nothing process-wide), so tests can run servers side by side.
package final class ServerMetrics: Sendable {
    /// The registry the metrics live in.
    package let registry = PrometheusCollectorRegistry()
    private let cacheHits: Counter
    private let cacheMisses: Counter
    private let queueDepth: Gauge
    private let refused: Counter

    /// Latency buckets, in seconds: 1 ms to 60 s.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        .seconds(10), .seconds(30), .seconds(60),
    ]

    /// Creates the metrics.
    package init() {
        cacheHits = registry.makeCounter(
            descriptor: Self.name("cache_hits", "total", "Sticker renditions served from the cache."))
        cacheMisses = registry.makeCounter(
            descriptor: Self.name("cache_misses", "total", "Sticker renditions rendered because the cache lacked them.")
        )
        queueDepth = registry.makeGauge(descriptor: Self.name("queue_depth", "", "Jobs waiting for a worker."))
        refused = registry.makeCounter(
            descriptor: Self.name("jobs_refused", "total", "Jobs refused with 503 because the queue was full."))
    }

    /// `rendition_NAME_UNIT` with its help text.
    static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "rendition", metricName: name, unitName: unit, helpText: help)
    }

    /// Counts one answered request and its latency.
    package func request(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.name("http_requests", "total", "HTTP requests answered, by route, method and status."),
            labels: [("route", route), ("method", method), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.name("http_request_duration", "seconds", "HTTP request latency, by route."),
            labels: [("route", route)], buckets: Self.buckets
        ).record(duration)
    }

    /// Counts one job of `kind` run.
    package func job(_ kind: String) {
        registry.makeCounter(descriptor: Self.name("renders", "total", "Jobs run, by kind."), labels: [("kind", kind)])
            .increment()
    }

    /// Counts a cache hit or miss.
    package func cache(hit: Bool) {
        (hit ? cacheHits : cacheMisses).increment()
    }

    /// Sets the queue depth.
    package func queue(depth: Int) { queueDepth.set(Int64(depth)) }

    /// Counts a job refused because the queue was full.
    package func refusedJob() { refused.increment() }

    /// The exposition text.
    package func exposition() -> [UInt8] { registry.emitToBuffer() }
}
