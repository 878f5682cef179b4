import Foundation
import RenditionBatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `render` or `pack` in the child process `BatchSupervisor` starts: what earlier
/// attempts of the same command found, and the journal through which this one tells the
/// supervisor which inputs are in flight and which it has reported.
///
/// The plan arrives as JSON in `RENDITION_BATCH_ATTEMPT` (an internal variable set by the
/// supervisor). Journal records, each written whole to a pipe: `s INDEX` before an input is
/// read, `e INDEX R` once its result is made (R 1 when it wrote files), `r INDEX STATUS N M`
/// followed by the N bytes of standard output and M of standard error its report prints
/// (STATUS `o` ok, `u` up to date, `f` failed), and `o N M` with text printed between reports.
/// Text written to both streams goes ahead of its `r` or `o` record, in the order it was
/// written, as `t S N` records (S 1 for standard output, 2 for standard error) followed by the
/// N bytes, in the same write; the supervisor holds them until that record and prints them
/// then, so each line appears once whichever attempt made it, and a progress bar cleared on
/// standard error is cleared before the next line on standard output appears.
struct BatchAttempt: Codable, Sendable {
    /// The environment variable holding the plan.
    static let environmentKey = "RENDITION_BATCH_ATTEMPT"

    /// The journal's file descriptor (the write end of the supervisor's pipe), or -1.
    var journal: Int32 = -1
    /// When the supervisor started (`DispatchTime` nanoseconds), so times cover every attempt.
    var started: UInt64
    /// How many inputs (the first ones, in input order) earlier attempts printed.
    var reported = 0
    /// How many of them failed.
    var reportedFailed = 0
    /// How many of them were up to date.
    var reportedSkipped = 0
    /// Inputs past `reported` that earlier attempts rendered before dying: up to date now, but
    /// rendered by this run.
    var renderedEarlier: [Int] = []
    /// Inputs that killed an earlier attempt while alone in flight, with the signal.
    var fatal: [Int: Int32] = [:]
    /// Inputs through this index run one at a time.
    var oneAtATimeThrough: Int = -1

    /// The plan of this process, when it is a supervised attempt.
    static let current: BatchAttempt? = ProcessInfo.processInfo.environment[environmentKey].flatMap {
        try? JSONDecoder().decode(BatchAttempt.self, from: Data($0.utf8))
    }

    /// The plan as the environment variable's value.
    func encoded() -> String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The hooks for the batch; `firstIndex` is where a `render` attempt resumes.
    func supervision(firstIndex: Int) -> BatchSupervision {
        let journal = journal
        return BatchSupervision(
            fatalInputs: fatal, oneAtATimeThrough: oneAtATimeThrough, firstIndex: firstIndex,
            willStart: { Self.write(Array("s \($0)\n".utf8), to: journal) },
            didFinish: { Self.write(Array("e \($0) \($1 ? 1 : 0)\n".utf8), to: journal) })
    }

    /// Whether input `index` (not printed by an earlier attempt) counts as up to date: found so
    /// in the manifest, and not rendered by an earlier attempt of this run.
    func skipped(index: Int, found: Bool) -> Bool {
        found && !renderedEarlier.contains(index)
    }

    /// The console output of this process: kept and sent with the journal when supervised.
    static let output = ConsoleOutput(buffered: (current?.journal ?? -1) >= 0)

    /// Sends the console text of input `index`'s report, with its `status` (`o`, `u` or `f`),
    /// to the supervisor, which prints it.
    func reported(index: Int, status: Character) {
        Self.write(Self.textRecords(Self.output.take()) + Array("r \(index) \(status) 0 0\n".utf8), to: journal)
    }

    /// Sends the console text written since the last report (a summary, notes) to the supervisor.
    func flushOutput() {
        let text = Self.output.take()
        guard !text.isEmpty else { return }
        Self.write(Self.textRecords(text) + Array("o 0 0\n".utf8), to: journal)
    }

    /// The `t S N` records carrying `segments`, in order.
    static func textRecords(_ segments: [ConsoleOutput.Segment]) -> [UInt8] {
        segments.flatMap { segment in
            Array("t \(segment.stream == .standard ? 1 : 2) \(segment.bytes.count)\n".utf8) + segment.bytes
        }
    }

    /// Serialises writers, so records longer than `PIPE_BUF` are never interleaved.
    private static let writing = Mutex(())

    /// Appends a record to the journal. When the supervisor is gone (killed), the write fails
    /// with SIGPIPE or EPIPE and this process ends too, within one sticker.
    private static func write(_ record: [UInt8], to descriptor: Int32) {
        guard descriptor >= 0 else { return }
        writing.withLock { _ in
            if DescriptorIO.writeAll(record, to: descriptor) != nil { kill(getpid(), SIGKILL) }
        }
    }
}

/// Numbers a batch's reports: they arrive one at a time, in input order.
final class ReportCounter: Sendable {
    private let next: Mutex<Int>

    /// A counter whose first number is `first`.
    init(first: Int) { next = Mutex(first) }

    /// The index of the report being made.
    func take() -> Int {
        next.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
