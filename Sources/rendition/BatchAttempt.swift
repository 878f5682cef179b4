import Foundation
import RenditionPack
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `render` or `pack` in the child process `BatchSupervisor` starts: what earlier
/// attempts of the same command found, and the journal through which this one tells the
/// supervisor which inputs are in flight and which it has reported.
///
/// The plan arrives as JSON in `RENDITION_BATCH_ATTEMPT` (an internal variable set by the
/// supervisor). Journal lines, each one `write` to a pipe (atomic under `PIPE_BUF`):
/// `s INDEX` before an input is read, `e INDEX R` once its result is made (R 1 when it wrote
/// files), `r INDEX STATUS` once it was printed (STATUS `o` ok, `u` up to date, `f` failed).
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
            willStart: { Self.write("s \($0)\n", to: journal) },
            didFinish: { Self.write("e \($0) \($1 ? 1 : 0)\n", to: journal) })
    }

    /// Whether input `index` (not printed by an earlier attempt) counts as up to date: found so
    /// in the manifest, and not rendered by an earlier attempt of this run.
    func skipped(index: Int, found: Bool) -> Bool {
        found && !renderedEarlier.contains(index)
    }

    /// Records that input `index` was printed with `status` (`o`, `u` or `f`).
    func reportedLine(index: Int, status: Character) {
        Self.write("r \(index) \(status)\n", to: journal)
    }

    /// Appends `line` to the journal. When the supervisor is gone (killed), the write fails
    /// with SIGPIPE or EPIPE and this process ends too, within one sticker.
    private static func write(_ line: String, to descriptor: Int32) {
        guard descriptor >= 0 else { return }
        var line = line
        let written = line.withUTF8 { bytes in Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
        if written < 0 && errno == EPIPE { kill(getpid(), SIGKILL) }
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
