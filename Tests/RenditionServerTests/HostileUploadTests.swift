import Foundation
import Hummingbird
import RenditionServer
import RenditionTestSupport
import Testing

@Suite("Server: hostile uploads")
struct HostileUploadTests {
    static let cases = HostileFixtures.cases(in: "lottie") + HostileFixtures.cases(in: "webm")

    @Test("Server: the hostile fixtures' lists are read")
    func casesFound() {
        #expect(Self.cases.count > 20)
    }

    @Test(
        "Server: crafted files get the decoder's typed error as 415/422 JSON, and the server stays up", arguments: cases
    )
    func hostileUpload(_ hostile: HostileFixtures.Case) async throws {
        let bytes = try Fixtures.bytes(hostile.path)
        let server = try ServerTest.server()
        try await ServerTest.withClient(server) { client in
            let response = try await client.execute(
                uri: "/v1/render?scale=1", method: .post, body: ByteBuffer(bytes: bytes))
            if hostile.phrase == "loads" {
                #expect(response.status == .ok, "\(hostile)")
            } else {
                #expect(
                    [.unsupportedMediaType, .unprocessableContent].contains(response.status),
                    "\(hostile): \(response.status)")
                let message = try ServerTest.json(response)["error"] as? String ?? ""
                #expect(message.contains(hostile.phrase), "\(hostile): \(message)")
            }
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }
}
