import Hummingbird

/// A route the server registered: its method and its path as openapi.json writes it.
package struct RegisteredRoute: Sendable, Hashable, CustomStringConvertible {
    /// `GET`, `POST`, ...
    package let method: String
    /// The path, e.g. `/v1/stickers/{file}`.
    package let path: String

    /// `GET /path`.
    package var description: String { "\(method) \(path)" }
}

/// Registers handlers on the router and remembers each one, so that the routes served and
/// the OpenAPI document can be compared (Hummingbird's `{name}` parameters are written as
/// OpenAPI writes them).
struct RouteTable {
    let router: Router<BasicRequestContext>
    private(set) var registered: [RegisteredRoute] = []

    init(router: Router<BasicRequestContext>) {
        self.router = router
    }

    /// Adds `handler` for `method` on `path`.
    mutating func add(
        _ method: HTTPRequest.Method, _ path: String,
        _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        registered.append(RegisteredRoute(method: method.rawValue, path: path))
    }

    /// The methods a client may try on a path that has other methods.
    static let otherMethods: [HTTPRequest.Method] =
        [.get, .head, .post, .put, .delete, .patch, .options, .trace, .connect]
        + [HTTPRequest.Method("QUERY")].compactMap { $0 }

    /// Answers every method a registered path does not take with 405 and `Allow` (these are
    /// not routes of the API, so they are not in `registered`). HEAD is taken wherever GET is
    /// (the router answers it from the GET handler).
    func refuseOtherMethods() {
        let paths = Dictionary(grouping: registered, by: \.path)
        for (path, routes) in paths {
            var allowed = routes.map(\.method)
            if allowed.contains("GET") { allowed.append("HEAD") }
            let allow = allowed.joined(separator: ", ")
            for method in Self.otherMethods where !allowed.contains(method.rawValue) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    var error = ServerError(
                        .methodNotAllowed, type: "method-not-allowed", "\(path) takes \(allow), not \(method.rawValue)")
                    error.headers[.allow] = allow
                    throw error
                }
            }
        }
    }
}
