import Foundation
import NIOCore
import RenditionServer
import RenditionTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A crash, a hang or a runaway allocation in a job ends its worker process only: the
/// request gets a typed error and the server goes on. The faults are injected by file name
/// through the test-only variables the worker reads (`FaultInjection`).
@Suite("Server: decoders and encoders run in worker processes")
struct WorkerIsolationTests {
    static let master = ServerTest.stillMaster

    /// Sets `variable` for the workers started from now on (each test uses its own file name).
    static func inject(_ variable: String, _ name: String) {
        let current = ProcessInfo.processInfo.environment[variable].map { $0 + "," } ?? ""
        setenv(variable, current + name, 1)
    }

    @Test("A worker that traps answers 500 worker-crashed; the next render of the same bytes works")
    func crash() async throws {
        Self.inject("RENDITION_TEST_TRAP_DECODING", "isolation-crash.png")
        let server = try ServerTest.server()
        let master = try Fixtures.bytes(Self.master)
        try await ServerTest.withClient(server) { client in
            let crashed = try await client.execute(
                uri: "/v1/render?scale=1&name=isolation-crash.png", method: .post, body: ByteBuffer(bytes: master))
            #expect(crashed.status == .internalServerError)
            let json = try ServerTest.json(crashed)
            #expect(json["type"] as? String == "worker-crashed")
            #expect((json["error"] as? String)?.contains("signal") == true)
            let after = try await client.execute(
                uri: "/v1/render?scale=1&name=isolation-ok.png", method: .post, body: ByteBuffer(bytes: master))
            #expect(after.status == .ok)
            #expect(ServerTest.bytes(after).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("A worker that hangs is ended when its request times out, and frees its worker")
    func hang() async throws {
        Self.inject("RENDITION_TEST_HANG_DECODING", "isolation-hang.png")
        let server = try ServerTest.server {
            $0.workers = 1
            $0.requestTimeout = .seconds(3)
        }
        let master = try Fixtures.bytes(Self.master)
        try await ServerTest.withClient(server) { client in
            let hung = try await client.execute(
                uri: "/v1/render?scale=1&name=isolation-hang.png", method: .post, body: ByteBuffer(bytes: master))
            #expect(hung.status == .serviceUnavailable)
            #expect(try ServerTest.json(hung)["type"] as? String == "timeout")
            // The only worker is free again once the killed process is reaped.
            var waited = 0
            while server.queue.running > 0 && waited < 100 {
                try await Task.sleep(for: .milliseconds(100))
                waited += 1
            }
            #expect(server.queue.running == 0)
            let after = try await client.execute(
                uri: "/v1/render?scale=1&name=isolation-after-hang.png", method: .post, body: ByteBuffer(bytes: master))
            #expect(after.status == .ok)
        }
    }

    @Test("A worker that allocates without end stops at its memory limit: 422 limit-exceeded")
    func runaway() async throws {
        Self.inject("RENDITION_TEST_RUNAWAY_DECODING", "isolation-grow.png")
        let server = try ServerTest.server()
        let master = try Fixtures.bytes(Self.master)
        try await ServerTest.withClient(server) { client in
            let grown = try await client.execute(
                uri: "/v1/render?scale=1&name=isolation-grow.png", method: .post, body: ByteBuffer(bytes: master))
            #expect(grown.status == .unprocessableContent)
            let json = try ServerTest.json(grown)
            #expect(json["type"] as? String == "limit-exceeded")
            #expect(json["limit"] as? String == "job-memory")
            #expect((json["error"] as? String)?.contains("memory") == true)
        }
    }

    @Test("A 300-byte TGS of 1,000 frames is refused in a pack and a render before any worker starts")
    func tgsBomb() async throws {
        let server = try ServerTest.server()
        let bomb = HostileInputs.tgsBomb(frames: 1000, side: 512)
        try await ServerTest.withClient(server) { client in
            let form = ServerTest.multipart([
                ("sticker", "bomb.tgs", bomb), ("sticker", "ok.png", try Fixtures.bytes(Self.master)),
            ])
            let pack = try await client.execute(
                uri: "/v1/packs?platform=telegram", method: .post,
                headers: [.contentType: form.contentType], body: form.body)
            #expect(pack.status == .unprocessableContent)
            let json = try ServerTest.json(pack)
            #expect(json["type"] as? String == "limit-exceeded")
            #expect(json["limit"] as? String == "max-frames")
            #expect(json["value"] as? Int == 1000)
            let render = try await client.execute(uri: "/v1/render", method: .post, body: ByteBuffer(bytes: bomb))
            #expect(render.status == .unprocessableContent)
            #expect(try ServerTest.json(render)["limit"] as? String == "max-frames")
        }
        let metrics = String(decoding: server.metrics.exposition(), as: UTF8.self)
        #expect(!metrics.contains("rendition_renders_total{kind=\"pack\"}"))
    }
}
