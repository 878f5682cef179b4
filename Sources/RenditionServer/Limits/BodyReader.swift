import Hummingbird

/// Reads request bodies under a byte limit: a `Content-Length` over it is refused before any
/// byte is read, and a body without one (chunked) is counted as it arrives and refused as soon
/// as it passes the limit, so no more than the limit is ever held. A body still arriving after
/// `timeout` is refused with 408, so a slow client cannot hold an upload slot for long (a
/// client that stops sending is cut off by the connection's idle timeout).
struct BodyReader: Sendable {
    /// The most bytes a body may have.
    let limit: Int
    /// The longest a body may take to arrive.
    var timeout: Duration = .seconds(60)

    /// The whole body, or `ServerError.tooLarge`.
    func read(_ request: Request) async throws -> [UInt8] {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw ServerError.tooLarge(limit: limit)
        }
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        for try await buffer in request.body {
            guard buffer.readableBytes <= limit - bytes.count else { throw ServerError.tooLarge(limit: limit) }
            guard ContinuousClock.now < deadline else {
                throw ServerError(
                    .requestTimeout, type: "timeout",
                    "the request body took longer than \(timeout.components.seconds) s to arrive")
            }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }
}
