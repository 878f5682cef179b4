import RenditionCore

/// How a batch is followed from outside its process, so that a catalog survives an input that
/// kills the process (a trap in a decoder, a crash inside a C library).
///
/// A supervising process (the `rendition` command's `render` and `pack`) runs the batch in a
/// child process that tells it, through `willStart` and `didFinish`, which inputs are in
/// flight. When the child dies, the inputs in flight are the suspects: one suspect is the
/// input that killed it, and the next attempt lists it in `fatalInputs`; several suspects are
/// worked on one at a time in the next attempt (`oneAtATimeThrough`), so that a second death
/// names its input. Nothing here runs on the normal path of a batch without supervision.
package struct BatchSupervision: Sendable {
    /// Inputs that killed an earlier attempt, with the signal that ended it: each is reported
    /// failed (`StickerError.processDied`) and not read again.
    package var fatalInputs: [Int: Int32]
    /// Inputs from the first up to this index are worked on one at a time; the rest in parallel.
    package var oneAtATimeThrough: Int
    /// The first input to work on (a `BatchRenderer` only): those before it were reported by an
    /// earlier attempt and are left out of the results.
    package var firstIndex: Int
    /// Called on the worker's thread before input `index` is read and decoded.
    package var willStart: @Sendable (_ index: Int) -> Void
    /// Called on the worker's thread once the result of input `index` is made; `rendered` is
    /// true when it wrote its files (neither up to date nor failed).
    package var didFinish: @Sendable (_ index: Int, _ rendered: Bool) -> Void

    /// Describes one attempt of a supervised batch.
    package init(
        fatalInputs: [Int: Int32] = [:], oneAtATimeThrough: Int = -1, firstIndex: Int = 0,
        willStart: @escaping @Sendable (_ index: Int) -> Void,
        didFinish: @escaping @Sendable (_ index: Int, _ rendered: Bool) -> Void
    ) {
        self.fatalInputs = fatalInputs
        self.oneAtATimeThrough = oneAtATimeThrough
        self.firstIndex = firstIndex
        self.willStart = willStart
        self.didFinish = didFinish
    }

    /// The message for an input that was being decoded when the process died of `signal`.
    package static func processDiedReason(path: String, signal: Int32) -> String {
        "the process died (signal \(signal)\(signalName(signal).map { ", \($0)" } ?? "")) while decoding \(path)"
    }

    /// The usual name of a signal that ends a process (`SIGILL`), or nil.
    package static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 8: "SIGFPE"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 13: "SIGPIPE"
        case 15: "SIGTERM"
        case 24: "SIGXCPU"
        case 25: "SIGXFSZ"
        case 31: "SIGSYS"
        default: nil
        }
    }
}

extension BatchSupervision {
    /// `ParallelWork.map(count:threads:worker:reportingInOrder:_:)` over the inputs an attempt
    /// works on: from `firstIndex`, one at a time through `oneAtATimeThrough`, then on `threads`
    /// threads; every input without supervision. Values come back (and are reported) in input
    /// order, from `firstIndex` on.
    package static func map<Worker, Value: Sendable>(
        _ supervision: BatchSupervision?, count: Int, threads: Int,
        worker makeWorker: @escaping @Sendable (_ thread: Int) -> Worker,
        reportingInOrder report: @escaping @Sendable (Value) -> Void,
        _ body: @escaping @Sendable (_ index: Int, _ worker: inout Worker) -> Value
    ) -> [Value] {
        guard let supervision else {
            return ParallelWork.map(
                count: count, threads: threads, worker: makeWorker, reportingInOrder: report, body)
        }
        let first = min(max(0, supervision.firstIndex), count)
        let serialEnd = min(max(supervision.oneAtATimeThrough + 1, first), count)
        var values = ParallelWork.map(
            count: serialEnd - first, threads: 1, worker: makeWorker, reportingInOrder: report
        ) {
            index, worker in body(first + index, &worker)
        }
        values += ParallelWork.map(
            count: count - serialEnd, threads: threads, worker: makeWorker, reportingInOrder: report
        ) { index, worker in body(serialEnd + index, &worker) }
        return values
    }
}
