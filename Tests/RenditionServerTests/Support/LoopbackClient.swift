import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 client for the route tests: each request on a new TCP connection to a server
/// on the loopback interface, its body sent in slices as it would be streamed, and the whole
/// response (status, headers, body) collected.
///
/// The body is framed by a `Content-Length` of its size, unless `headers` carry a
/// `Content-Length` of their own (sent as given, true or not) or `Transfer-Encoding: chunked`
/// (sent in chunks, with no length announced).
struct LoopbackClient: Sendable {
    /// What a request could not get.
    enum Failure: Error, CustomStringConvertible {
        /// No complete response within `timeout` of the request.
        case timedOut(after: TimeAmount)
        /// The server closed the connection before the response ended.
        case closedBeforeResponse
        /// The server's response could not be read as HTTP/1.1.
        case malformedResponse

        var description: String {
            switch self {
            case .timedOut(let after): "no complete response within \(after)"
            case .closedBeforeResponse: "the server closed the connection before the response ended"
            case .malformedResponse: "the response is not HTTP/1.1"
            }
        }
    }

    /// A response as it came.
    struct Response: Sendable {
        /// The status line's code and reason.
        var status: HTTPResponse.Status
        /// The header fields, in order.
        var headers: HTTPFields
        /// The body's bytes (empty for HEAD and 304).
        var body: ByteBuffer
    }

    /// The port the server listens on at 127.0.0.1.
    let port: Int
    /// How long a request may take, from connecting to the response's end.
    var timeout: TimeAmount = .seconds(20)

    /// The size of the slices a body is written in.
    static let sliceBytes = 32 * 1024

    /// Sends one request and returns its response.
    func execute(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> Response {
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
        head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
        for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
        if let body, !head.headers.contains(name: "Content-Length"),
            !head.headers[canonicalForm: "Transfer-Encoding"].contains("chunked")
        {
            head.headers.add(name: "Content-Length", value: String(body.readableBytes))
        }
        head.headers.add(name: "Connection", value: "close")

        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: Response.self)
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(promise: promise))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let timeout = self.timeout
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            promise.fail(Failure.timedOut(after: timeout))
            channel.close(promise: nil)
        }
        // Everything is queued at once and read side by side: a server may answer (413) before
        // it has read the whole body and close the connection, and then the answer counts.
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if var remaining = body {
            while let slice = remaining.readSlice(length: min(remaining.readableBytes, Self.sliceBytes)),
                slice.readableBytes > 0
            {
                channel.write(HTTPClientRequestPart.body(.byteBuffer(slice)), promise: nil)
            }
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer {
            deadline.cancel()
            channel.close(promise: nil)
        }
        return try await promise.futureResult.get()
    }
}

/// Collects the parts of one response into a `LoopbackClient.Response`.
private final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    let promise: EventLoopPromise<LoopbackClient.Response>
    var head: HTTPResponseHead?
    var body = ByteBuffer()

    init(promise: EventLoopPromise<LoopbackClient.Response>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received
        case .body(var bytes):
            body.writeBuffer(&bytes)
        case .end:
            guard let head else { return promise.fail(LoopbackClient.Failure.malformedResponse) }
            var fields = HTTPFields()
            for (name, value) in head.headers {
                guard let name = HTTPField.Name(name) else {
                    return promise.fail(LoopbackClient.Failure.malformedResponse)
                }
                fields.append(HTTPField(name: name, value: value))
            }
            let status = HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase)
            promise.succeed(LoopbackClient.Response(status: status, headers: fields, body: body))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(LoopbackClient.Failure.closedBeforeResponse)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}
