import Hummingbird

/// Reads request bodies under a byte limit: a `Content-Length` over it is refused before any
/// byte is read, and a body without one (chunked) is counted as it arrives and refused as soon
/// as it passes the limit, so no more than the limit is ever held.
struct BodyReader: Sendable {
    /// The most bytes a body may have.
    let limit: Int

    /// The whole body, or `ServerError.tooLarge`.
    func read(_ request: Request) async throws -> [UInt8] {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw ServerError.tooLarge(limit: limit)
        }
        var bytes: [UInt8] = []
        for try await buffer in request.body {
            guard buffer.readableBytes <= limit - bytes.count else { throw ServerError.tooLarge(limit: limit) }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }
}
