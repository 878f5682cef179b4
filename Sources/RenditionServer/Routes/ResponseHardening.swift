import Hummingbird

/// Headers every response carries, and JSON for every error, including those the router
/// makes itself (no route, 404): a strict Content-Security-Policy (the page's own files only,
/// never framed), `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`.
struct ResponseHardening<Context: RequestContext>: RouterMiddleware {
    /// The page's policy: scripts, styles, images and requests from the server itself, images
    /// also from `blob:` and `data:` URLs (the previews the page makes of dropped files).
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
            + "media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'"
    }

    /// The headers added to every response.
    static var headers: HTTPFields {
        [
            .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
            .init("Referrer-Policy")!: "no-referrer", .init("X-Frame-Options")!: "DENY",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            var response = try await next(request, context)
            for field in Self.headers where response.headers[field.name] == nil { response.headers.append(field) }
            return response
        } catch var error as ServerError {
            for field in Self.headers where error.headers[field.name] == nil { error.headers.append(field) }
            throw error
        } catch let error as any HTTPResponseError {
            var converted: ServerError
            if error.status == .notFound {
                converted = .notFound("no route \(request.method.rawValue) \(request.uri.path); see /openapi.json")
            } else {
                converted = ServerError(error.status, type: Self.type(of: error.status), "\(error.status.reasonPhrase)")
            }
            for field in Self.headers { converted.headers.append(field) }
            throw converted
        }
    }

    /// The error type of a status the router answered with.
    static func type(of status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "not-found"
        case 405: "method-not-allowed"
        case 408: "timeout"
        case 413: "too-large"
        case 500...: "internal"
        default: "bad-request"
        }
    }
}
