import Foundation
import Synchronization

/// Where a batch console's text goes: straight to standard output and standard error, or, in
/// an attempt run under `BatchSupervisor`, into a buffer that the attempt hands to the
/// supervisor with each report (`BatchAttempt.reported`), so that the supervisor prints every
/// line exactly once, whichever attempt made it.
final class ConsoleOutput: Sendable {
    /// The two streams.
    enum Stream { case standard, error }

    /// Text written to the terminal as it comes.
    static let direct = ConsoleOutput(buffered: false)

    /// Whether text is kept until `take()`.
    let buffered: Bool
    private let buffer = Mutex<(standard: [UInt8], error: [UInt8])>(([], []))

    /// An output that writes directly, or keeps the text until `take()`.
    init(buffered: Bool) {
        self.buffered = buffered
    }

    /// Writes `text` (or keeps it, when buffered).
    func write(_ stream: Stream, _ text: String) {
        guard buffered else {
            (stream == .standard ? FileHandle.standardOutput : FileHandle.standardError).write(Data(text.utf8))
            return
        }
        buffer.withLock {
            if stream == .standard { $0.standard += text.utf8 } else { $0.error += text.utf8 }
        }
    }

    /// The text kept since the last call (nothing when writing directly).
    func take() -> (standard: [UInt8], error: [UInt8]) {
        guard buffered else { return ([], []) }
        return buffer.withLock { kept in
            defer { kept = ([], []) }
            return kept
        }
    }
}
