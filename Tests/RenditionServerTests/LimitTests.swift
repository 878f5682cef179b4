import Dispatch
import Foundation
import Hummingbird
import RenditionServer
import RenditionTestSupport
import Testing

@Suite("Server: limits and bad input")
struct LimitTests {
    @Test("Server: a body over --max-upload is 413, with or without Content-Length")
    func oversizedBody() async throws {
        let server = try ServerTest.server { $0.maxUploadBytes = 1000 }
        let body = ByteBuffer(bytes: [UInt8](repeating: 7, count: 5000))
        try await ServerTest.withClient(server) { client in
            for route in ["/v1/render", "/v1/lint", "/v1/preview"] {
                // Chunked, so the server has only the bytes it counts to go by.
                let counted = try await client.execute(
                    uri: route, method: .post, headers: [.transferEncoding: "chunked"], body: body)
                #expect(counted.status == .contentTooLarge, "\(route)")
                #expect(try ServerTest.json(counted)["type"] as? String == "too-large")
                let declared = try await client.execute(
                    uri: route, method: .post, headers: [.contentLength: "5000"], body: body)
                #expect(declared.status == .contentTooLarge, "\(route)")
            }
        }
    }

    @Test("Server: garbage is 415 and a damaged PNG is 422, with the typed error as JSON")
    func badImages() async throws {
        let master = try Fixtures.bytes(ServerTest.stillMaster)
        // The signature and the header are intact; the image data is cut short.
        let truncated = Array(master.prefix(200))
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let garbage = ByteBuffer(bytes: Array("this is not an image at all".utf8))
            for route in ["/v1/render", "/v1/render?scale=1", "/v1/lint", "/v1/preview"] {
                let response = try await client.execute(uri: route, method: .post, body: garbage)
                #expect(response.status == .unsupportedMediaType, "\(route)")
                let json = try ServerTest.json(response)
                #expect(json["type"] as? String == "unsupported-format")
                #expect((json["error"] as? String)?.isEmpty == false)
            }
            let damaged = try await client.execute(
                uri: "/v1/render?scale=1", method: .post, body: ByteBuffer(bytes: truncated))
            #expect(damaged.status == .unprocessableContent)
            #expect(try ServerTest.json(damaged)["type"] as? String == "corrupt-image")
            // lint and preview answer as the command line: a finding, a card saying why.
            let lint = try await client.execute(uri: "/v1/lint", method: .post, body: ByteBuffer(bytes: truncated))
            #expect(lint.status == .ok)
            #expect(String(decoding: ServerTest.bytes(lint), as: UTF8.self).contains("\"unreadable\""))
            let preview = try await client.execute(
                uri: "/v1/preview", method: .post, body: ByteBuffer(bytes: truncated))
            #expect(preview.status == .ok)
            #expect(preview.headers[.contentType] == "image/png")
            // The server is still up.
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("Server: with every worker busy and the queue full, a job is refused with 503 and Retry-After")
    func queueFull() async throws {
        let server = try ServerTest.server {
            $0.workers = 1
            $0.queueLength = 0
        }
        let (blocker, release) = await Self.occupy(server.queue)
        let master = try Fixtures.bytes(ServerTest.stillMaster)
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/render?scale=1", method: .post, body: ByteBuffer(bytes: master))
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(try ServerTest.json(response)["type"] as? String == "queue-full")
            release.signal()
            try await blocker.value
            let after = try await client.execute(
                uri: "/v1/render?scale=1", method: .post, body: ByteBuffer(bytes: master))
            #expect(after.status == .ok)
            let metrics = String(
                decoding: ServerTest.bytes(try await client.execute(uri: "/metrics", method: .get)), as: UTF8.self)
            #expect(metrics.contains("rendition_jobs_refused_total 1"))
            #expect(metrics.contains("rendition_http_requests_total{"))
            #expect(metrics.contains("rendition_http_request_duration_seconds_bucket{"))
        }
    }

    @Test("Server: a job that waits in the queue runs when a worker is free")
    func queueWaits() async throws {
        let queue = WorkQueue(workers: 1, queueLength: 4)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<5 { group.addTask { try await queue.run { index * 2 } } }
            var all: [Int] = []
            for try await value in group { all.append(value) }
            return all.sorted()
        }
        #expect(results == [0, 2, 4, 6, 8])
        #expect(queue.depth == 0)
    }

    @Test("Server: a request that takes longer than the timeout is answered with 503")
    func timeout() async throws {
        let server = try ServerTest.server {
            $0.workers = 1
            $0.queueLength = 4
            $0.requestTimeout = .milliseconds(200)
        }
        let (blocker, release) = await Self.occupy(server.queue)
        let master = try Fixtures.bytes(ServerTest.stillMaster)
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/render?scale=1", method: .post, body: ByteBuffer(bytes: master))
            #expect(response.status == .serviceUnavailable)
            #expect(try ServerTest.json(response)["type"] as? String == "timeout")
            release.signal()
            try await blocker.value
            // The job that timed out while it waited never runs.
            let after = try await client.execute(uri: "/healthz", method: .get)
            #expect(try ServerTest.json(after)["queued"] as? Int == 0)
            try await Task.sleep(for: .milliseconds(200))
            let metrics = String(
                decoding: ServerTest.bytes(try await client.execute(uri: "/metrics", method: .get)), as: UTF8.self)
            #expect(!metrics.contains("rendition_renders_total{kind=\"render\"}"))
        }
    }

    @Test("Server: on a real socket, a declared oversized body is refused with 413 and the server stays up")
    func oversizedBodyLive() async throws {
        let server = try ServerTest.server { $0.maxUploadBytes = 10_000 }
        let router = server.router().router
        try await LoopbackServer.serve(router, logger: server.logger) { client in
            let body = ByteBuffer(bytes: [UInt8](repeating: 1, count: 200_000))
            let response = try await client.execute(uri: "/v1/lint", method: .post, body: body)
            #expect(response.status == .contentTooLarge)
        }
        try await LoopbackServer.serve(router, logger: server.logger) { client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    /// Starts a job that holds one worker of `queue` until the returned semaphore is signalled,
    /// and returns once it runs.
    static func occupy(_ queue: WorkQueue) async -> (Task<Void, any Error>, DispatchSemaphore) {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let blocker = Task {
            try await queue.run {
                started.signal()
                release.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        return (blocker, release)
    }

    @Test("Server: --max-upload sizes parse in decimal and binary units")
    func byteSizes() {
        #expect(ByteSize.parse("8MB") == 8_000_000)
        #expect(ByteSize.parse("512KB") == 512_000)
        #expect(ByteSize.parse("8MiB") == 8 * 1024 * 1024)
        #expect(ByteSize.parse("1000") == 1000)
        #expect(ByteSize.parse(" 2 mb ") == 2_000_000)
        #expect(ByteSize.parse("lots") == nil)
        #expect(ByteSize.parse("8XB") == nil)
        #expect(ByteSize.parse("99999999999999999999GB") == nil)
    }
}
