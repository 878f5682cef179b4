import Foundation
import Synchronization

/// Where a batch console's text goes: straight to standard output and standard error, or, in
/// an attempt run under `BatchSupervisor`, into a buffer that the attempt hands to the
/// supervisor with each report (`BatchAttempt.reported`), so that the supervisor prints every
/// line exactly once, whichever attempt made it.
///
/// The buffer keeps the order in which text was written across the two streams: on a terminal
/// both show on the same screen, and a progress bar cleared on standard error before a line on
/// standard output must be cleared before that line appears, not after.
final class ConsoleOutput: Sendable {
    /// The two streams.
    enum Stream { case standard, error }

    /// A run of text written to one stream.
    struct Segment: Equatable {
        /// The stream it was written to.
        let stream: Stream
        /// Its bytes.
        var bytes: [UInt8]
    }

    /// Text written to the terminal as it comes.
    static let direct = ConsoleOutput(buffered: false)

    /// Whether text is kept until `take()`.
    let buffered: Bool
    private let buffer = Mutex<[Segment]>([])

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
        buffer.withLock { segments in
            if let last = segments.indices.last, segments[last].stream == stream {
                segments[last].bytes += text.utf8
            } else {
                segments.append(Segment(stream: stream, bytes: Array(text.utf8)))
            }
        }
    }

    /// The text kept since the last call, in the order it was written (nothing when writing
    /// directly).
    func take() -> [Segment] {
        guard buffered else { return [] }
        return buffer.withLock { kept in
            defer { kept = [] }
            return kept
        }
    }
}
