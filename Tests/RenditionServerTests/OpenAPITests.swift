import Foundation
import RenditionServer
import RenditionTestSupport
import Testing

@Suite("Server: OpenAPI document")
struct OpenAPITests {
    /// The committed document: docs/openapi.json.
    static func document() throws -> [String: Any] {
        let path = Fixtures.root + "/../docs/openapi.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    @Test("Server: every route the router registers is in openapi.json, with the statuses it can answer")
    func routesDocumented() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: Any])
        let server = try ServerTest.server()
        let routes = server.router().routes
        #expect(routes.count >= 10)
        // The statuses each kind of route can answer.
        let expected: [String: Set<String>] = [
            "GET /v1/stickers/{file}": ["200", "304", "400", "404", "415", "422", "500", "503"],
            "POST /v1/render": ["200", "400", "408", "413", "415", "422", "500", "503"],
            "POST /v1/lint": ["200", "400", "408", "413", "415", "500", "503"],
            "POST /v1/preview": ["200", "400", "408", "413", "415", "422", "500", "503"],
            "POST /v1/packs": ["200", "400", "408", "413", "415", "422", "500", "503"],
        ]
        for route in routes {
            let operations = paths[route.path] as? [String: Any]
            let operation = operations?[route.method.lowercased()] as? [String: Any]
            #expect(operation != nil, "\(route) is not in openapi.json")
            let responses = Set((operation?["responses"] as? [String: Any] ?? [:]).keys)
            #expect(responses.contains("200"), "\(route)")
            if let statuses = expected[route.description] {
                #expect(statuses.isSubset(of: responses), "\(route): \(statuses.subtracting(responses)) undocumented")
            }
        }
        // And nothing in the document that the router does not serve.
        let documented = Set(
            paths.flatMap { path, value in
                (value as? [String: Any] ?? [:]).keys.map { "\($0.uppercased()) \(path)" }
            })
        #expect(documented == Set(routes.map(\.description)))
    }

    @Test("Server: /openapi.json serves the committed document, identical to docs/openapi.json")
    func servedDocument() async throws {
        let committed = try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/../docs/openapi.json"))
        let resource = try Data(
            contentsOf: URL(fileURLWithPath: Fixtures.root + "/../Sources/RenditionServer/Resources/openapi.json"))
        #expect(committed == resource)
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(Data(ServerTest.bytes(response)) == committed)
        }
    }

    @Test("Server: the page, its script and style, /healthz and /metrics answer")
    func pageAndProbes() async throws {
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(decoding: ServerTest.bytes(page), as: UTF8.self)
            #expect(html.contains("/app.js") && html.contains("/style.css"))
            #expect(!html.contains("http://") && !html.contains("https://"))
            for (uri, type) in [
                ("/app.js", "text/javascript; charset=utf-8"), ("/style.css", "text/css; charset=utf-8"),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
            }
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(try ServerTest.json(health)["status"] as? String == "ok")
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.status == .ok)
            let missing = try await client.execute(uri: "/nothing-here", method: .get)
            #expect(missing.status == .notFound)
        }
    }
}

@Suite("Server: methods")
struct MethodTests {
    @Test("Server: a method a path does not take is 405 with Allow")
    func methodNotAllowed() async throws {
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let put = try await client.execute(uri: "/healthz", method: .put)
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, HEAD")
            let head = try await client.execute(uri: "/healthz", method: .head)
            #expect(head.status == .ok)
            let get = try await client.execute(uri: "/v1/render", method: .get)
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
            #expect(try ServerTest.json(get)["type"] as? String == "method-not-allowed")
        }
    }
}
