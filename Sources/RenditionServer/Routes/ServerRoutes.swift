import Foundation
import Hummingbird
import RenditionCore

extension RenditionServer {
    /// Every route the server answers; each must appear in openapi.json.
    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, "/v1/stickers/{file}") { try await self.sticker($0, $1) }
        // Upload routes hold an upload slot while they hold a body (`UploadSlots`).
        routes.add(.post, "/v1/render") { request, context in
            try await self.holdingUpload { try await self.render(request, context) }
        }
        routes.add(.post, "/v1/lint") { request, context in
            try await self.holdingUpload { try await self.lint(request, context) }
        }
        routes.add(.post, "/v1/preview") { request, context in
            try await self.holdingUpload { try await self.preview(request, context) }
        }
        routes.add(.post, "/v1/packs") { request, context in
            try await self.holdingUpload { try await self.packs(request, context) }
        }
        routes.add(.get, "/healthz") { _, _ in self.health() }
        routes.add(.get, "/metrics") { _, _ in
            Responses.bytes(self.metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        routes.add(.get, "/openapi.json") { _, _ in try self.resource("openapi.json") }
        routes.add(.get, "/") { _, _ in try self.resource("page/index.html") }
        routes.add(.get, "/app.js") { _, _ in try self.resource("page/app.js") }
        routes.add(.get, "/style.css") { _, _ in try self.resource("page/style.css") }
    }

    /// Runs an upload route's handler holding an upload slot; a refusal counts as a refused job.
    func holdingUpload(_ handler: () async throws -> Response) async throws -> Response {
        try await uploadSlots.hold(refused: { metrics.refusedJob() }, handler)
    }

    /// `GET /healthz`: `{"status": "ok", ...}` with the version, workers and queue depth.
    func health() -> Response {
        let object: [String: Any] = [
            "status": "ok", "version": RenditionVersion.string, "workers": queue.workers, "queued": queue.depth,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Responses.bytes(Array(data), contentType: "application/json", headers: [.cacheControl: "no-store"])
    }

    /// One of the files read at start, or 404 when the server found none.
    func resource(_ name: String) throws -> Response {
        guard let bytes = resources.files[name] else {
            throw ServerError.notFound("\(name) is not installed next to the server (see docs/SERVER.md)")
        }
        return Responses.bytes(
            bytes, contentType: ServerResources.contentType(of: name), headers: [.cacheControl: "no-cache"])
    }
}
