import Foundation
import Hummingbird
import RenditionCodecs
import RenditionCore

/// An error the server answers with: an HTTP status and a JSON body
/// `{"error": "what went wrong", "type": "kind"}`, where `type` is a stable word a client can
/// act on (listed in openapi.json).
package struct ServerError: HTTPResponseError, Sendable, CustomStringConvertible {
    /// The status of the response.
    package let status: HTTPResponse.Status
    /// The stable kind of error, e.g. `corrupt-image` or `queue-full`.
    package let type: String
    /// One sentence for people.
    package let message: String
    /// Extra response headers (e.g. `Retry-After`).
    package var headers: HTTPFields = [:]
    /// For `limit-exceeded`: the limit's name (`max-frames`, `max-job-memory`, ...), its value
    /// and the value found, written into the JSON body as `limit`, `maximum` and `value`.
    package var limit: LimitFacts?

    /// The facts of a limit that a request passed.
    package struct LimitFacts: Sendable, Codable, Equatable {
        /// The limit's name, as the server's options and docs/SERVER.md name it.
        package let name: String
        /// The limit.
        package let maximum: Int
        /// What the request had (or would have needed); `nil` when only "more than
        /// `maximum`" is known (reading stopped at the limit).
        package let value: Int?
    }

    /// Creates an error; a `message` that says nothing is replaced by one that does (`StatedReason`).
    package init(_ status: HTTPResponse.Status, type: String, _ message: String) {
        self.status = status
        self.type = type
        self.message = StatedReason.stated(message, otherwise: "the request failed (\(type)): \(StatedReason.unstated)")
    }

    /// The message.
    package var description: String { message }

    /// The JSON body.
    var body: [UInt8] {
        var object: [String: Any] = ["error": message, "type": type]
        if let limit {
            object["limit"] = limit.name
            object["maximum"] = limit.maximum
            if let value = limit.value { object["value"] = value }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }

    /// The response: the status, the JSON body and the extra headers.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension ServerError {
    /// 404: nothing by that name.
    static func notFound(_ message: String) -> ServerError { ServerError(.notFound, type: "not-found", message) }

    /// 400: the request itself is malformed.
    static func badRequest(_ message: String) -> ServerError { ServerError(.badRequest, type: "bad-request", message) }

    /// 413: the body is over `--max-upload`.
    static func tooLarge(limit: Int) -> ServerError {
        ServerError(.contentTooLarge, type: "too-large", "the request body is over the limit of \(limit) bytes")
    }

    /// 422 `limit-exceeded`: the request is over the limit called `name` (a per-request limit
    /// of the server's, checked before any work). A decoding limit's facts come from its
    /// ``ExceededLimit`` instead (``init(_:)``), named by its `--limit` key.
    static func limitExceeded(_ name: String, maximum: Int, value: Int, _ message: String) -> ServerError {
        var error = ServerError(.unprocessableContent, type: "limit-exceeded", message)
        error.limit = LimitFacts(name: name, maximum: maximum, value: value)
        return error
    }

    /// 503 with `Retry-After`: every worker is busy and the queue is full.
    static func queueFull(retryAfterSeconds: Int) -> ServerError {
        var error = ServerError(
            .serviceUnavailable, type: "queue-full", "the server is busy: every worker is taken and the queue is full")
        error.headers[.retryAfter] = String(retryAfterSeconds)
        return error
    }

    /// 503: the request took longer than the request timeout.
    static func timedOut(after duration: Duration) -> ServerError {
        var error = ServerError(
            .serviceUnavailable, type: "timeout", "the request took longer than \(duration.components.seconds) s")
        error.headers[.retryAfter] = "5"
        return error
    }

    /// The answer for a decoder's or encoder's typed error: 415 for a format Rendition does not
    /// read or a feature it does not handle, 422 for damaged input or input over a decoding
    /// limit or an image that would render to nothing, 500 when an encoder fails.
    init(_ error: CodecError) {
        switch error {
        case .unrecognizedFormat: self.init(.unsupportedMediaType, type: "unsupported-format", error.description)
        case .unsupported: self.init(.unsupportedMediaType, type: "unsupported-feature", error.description)
        case .corrupt: self.init(.unprocessableContent, type: "corrupt-image", error.description)
        case .limitExceeded(_, let limit):
            self.init(.unprocessableContent, type: "limit-exceeded", error.description)
            if let key = limit.key, let maximum = limit.maximum {
                self.limit = LimitFacts(name: key.rawValue, maximum: maximum, value: limit.found)
            }
        case .encodingFailed: self.init(.internalServerError, type: "encoding-failed", error.description)
        case .blank: self.init(.unprocessableContent, type: "blank-image", error.description)
        }
    }
}
