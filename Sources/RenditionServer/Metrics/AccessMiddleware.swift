import Hummingbird
import Logging

/// Times every request, counts it in the metrics by route and status, and writes one
/// structured access-log line (method, path, route, status, bytes, duration in ms) at `info`.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(
                request, context: context, status: response.status.code, bytes: response.body.contentLength,
                started: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context: context, status: status, bytes: nil, started: started, error: error)
            throw error
        }
    }

    /// A duration in milliseconds, to the microsecond.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1_000_000 + Double(attoseconds / 1_000_000_000_000)).rounded() / 1000
    }

    private func record(
        _ request: Request, context: Context, status: Int, bytes: Int?, started: ContinuousClock.Instant,
        error: (any Error)? = nil
    ) {
        let duration = ContinuousClock.now - started
        let route = context.endpointPath ?? "unmatched"
        metrics.request(route: route, method: request.method.rawValue, status: status, duration: duration)
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "route": "\(route)",
            "status": "\(status)",
            "ms": "\(Self.milliseconds(duration))",
        ]
        if let bytes { metadata["bytes"] = "\(bytes)" }
        if let error = error as? ServerError {
            metadata["error"] = "\(error.type)"
        } else if let error {
            metadata["error"] = "\(error)"
        }
        logger.info("request", metadata: metadata)
    }
}
