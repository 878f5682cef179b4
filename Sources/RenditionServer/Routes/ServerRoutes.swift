import Foundation
import Hummingbird
import RenditionCore

extension RenditionServer {
    /// Every route the server answers; each must appear in openapi.json.
    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, "/v1/stickers/{file}") { try await self.sticker($0, $1) }
        // Upload routes read their body whole (`BodyReader`) before their job takes a worker.
        routes.add(.post, "/v1/render") { try await self.render($0, $1) }
        routes.add(.post, "/v1/lint") { try await self.lint($0, $1) }
        routes.add(.post, "/v1/preview") { try await self.preview($0, $1) }
        routes.add(.post, "/v1/packs") { try await self.packs($0, $1) }
        routes.add(.get, "/healthz") { _, _ in self.health() }
        routes.add(.get, "/metrics") { _, _ in
            Responses.bytes(self.metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        routes.add(.get, "/openapi.json") { request, _ in try self.resource("openapi.json", request) }
        routes.add(.get, "/") { request, _ in try self.resource("page/index.html", request) }
        routes.add(.get, "/app.js") { request, _ in try self.resource("page/app.js", request) }
        routes.add(.get, "/style.css") { request, _ in try self.resource("page/style.css", request) }
    }

    /// `GET /healthz`: `{"status": "ok", ...}` with the version, workers and queue depth.
    func health() -> Response {
        let object: [String: Any] = [
            "status": "ok", "version": RenditionVersion.string, "workers": queue.workers, "queued": queue.depth,
            "running": queue.running, "memoryInUse": queue.memoryInUse, "memoryBudget": queue.memoryBudget,
            "connections": connections.count, "isolated": configuration.workerExecutable != nil,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Responses.bytes(Array(data), contentType: "application/json", headers: [.cacheControl: "no-store"])
    }

    /// One of the files read at start with its `ETag` (304 when the client has it), or 404
    /// when the server found none.
    func resource(_ name: String, _ request: Request) throws -> Response {
        guard let bytes = resources.files[name], let etag = resources.etags[name] else {
            throw ServerError.notFound("\(name) is not installed next to the server (see docs/SERVER.md)")
        }
        let headers: HTTPFields = [.cacheControl: "no-cache", .eTag: etag]
        if let ifNoneMatch = request.headers[.ifNoneMatch], CacheKey.matches(ifNoneMatch: ifNoneMatch, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        return Responses.bytes(bytes, contentType: ServerResources.contentType(of: name), headers: headers)
    }
}
