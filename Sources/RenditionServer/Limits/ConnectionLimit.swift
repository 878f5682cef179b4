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

/// The channel handler of one connection: counted while it is in the pipeline, and closing
/// the connection when the server already has its capacity.
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let counter: ConnectionCounter
    private var counted = false

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
}
