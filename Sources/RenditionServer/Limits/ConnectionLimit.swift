import HummingbirdCore
import NIOCore
import Synchronization

/// Counts the server's open connections and closes a new one at once when `capacity` are
/// open, so sockets, and the memory of the requests on them, stay bounded.
final class ConnectionCounter: Sendable {
    /// The most connections open at once.
    let capacity: Int
    private let open = Atomic(0)

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Connections open now.
    var count: Int { open.load(ordering: .relaxed) }

    /// A handler for one new connection.
    func handler() -> ConnectionLimitHandler {
        ConnectionLimitHandler(counter: self)
    }

    fileprivate func opened() -> Bool {
        open.wrappingAdd(1, ordering: .relaxed).newValue <= capacity
    }

    fileprivate func closed() {
        open.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// The channel handler of one connection: counted while it is in the pipeline, closing the
/// connection when the server already has its capacity, and closing it whole once a response
/// that says `Connection: close` is written. (The HTTP channel would otherwise go on reading,
/// and throwing away, the rest of a body the server refused, so a client trickling a body
/// could keep its connection, one of `capacity`, for as long as it trickles.)
final class ConnectionLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPConnectionStateHandler.InboundIn
    typealias OutboundIn = HTTPConnectionStateHandler.OutboundIn
    typealias OutboundOut = HTTPConnectionStateHandler.OutboundOut

    private let counter: ConnectionCounter
    private var counted = false
    private var closesAfterResponse = false

    init(counter: ConnectionCounter) {
        self.counter = counter
    }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        if !counter.opened() { context.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if counted {
            counted = false
            counter.closed()
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            if response.headerFields[.connection]?.lowercased() == "close" { closesAfterResponse = true }
        case .end where closesAfterResponse:
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }
}
