import Foundation
import RenditionBatch
import RenditionLint
import RenditionPack
import Synchronization

/// How per-sticker results are printed on standard output.
enum ResultFormat: String, CaseIterable, Sendable {
    /// Human lines when standard output is a terminal, JSON lines otherwise.
    case auto
    /// One readable line per sticker.
    case human
    /// One JSON object per line (`"event": "sticker"`, then `"event": "summary"`).
    case jsonl
}

/// Prints batch progress: one line (or JSON object) per sticker on standard output, and a
/// progress bar with rate and ETA on standard error when it is a terminal.
final class BatchConsole: Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var skipped = 0
        var lastBar: UInt64 = 0
    }

    let total: Int
    let jsonLines: Bool
    let quiet: Bool
    let showBar: Bool
    /// Where the text goes.
    let output: ConsoleOutput
    private let started: UInt64
    private let state = Mutex(State())

    /// A console for `total` stickers; `started` (`DispatchTime` nanoseconds) is when the
    /// command started, and `attempt` what earlier attempts of a supervised batch printed: the
    /// counts go on from there.
    init(
        total: Int, format: ResultFormat, quiet: Bool, progress: Bool, started: UInt64? = nil,
        resuming attempt: BatchAttempt? = nil, output: ConsoleOutput = .direct
    ) {
        self.total = total
        self.output = output
        self.started = started ?? DispatchTime.now().uptimeNanoseconds
        if let attempt {
            state.withLock {
                $0.done = attempt.reported
                $0.failed = attempt.reportedFailed
                $0.skipped = attempt.reportedSkipped
            }
        }
        self.quiet = quiet
        switch format {
        case .auto: jsonLines = isatty(STDOUT_FILENO) == 0
        case .human: jsonLines = false
        case .jsonl: jsonLines = true
        }
        showBar = progress && isatty(STDERR_FILENO) != 0
    }

    var elapsedSeconds: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    /// Counts one finished sticker; returns the progress figures.
    private func advance(failed: Bool, skipped: Bool) -> (
        done: Int, failed: Int, rate: Double, eta: Double, drawBar: Bool
    ) {
        state.withLock { state in
            state.done += 1
            if failed { state.failed += 1 }
            if skipped { state.skipped += 1 }
            let now = DispatchTime.now().uptimeNanoseconds
            let draw = showBar && (now - state.lastBar > 100_000_000 || state.done == total)
            if draw { state.lastBar = now }
            let seconds = Double(now - started) / 1e9
            let rate = seconds > 0 ? Double(state.done) / seconds : 0
            let eta = rate > 0 ? Double(total - state.done) / rate : 0
            return (state.done, state.failed, rate, eta, draw)
        }
    }

    /// Reports one finished pack sticker.
    func report(_ result: PackStickerResult) {
        let failed: Bool = if case .failure = result.outcome { true } else { !result.problems.isEmpty }
        let (done, failedCount, rate, eta, drawBar) = advance(failed: failed, skipped: result.skipped)
        if jsonLines {
            var object: [String: Any] = [
                "event": "sticker", "name": result.name, "input": result.inputPath,
                "done": done, "total": total, "rate": rate, "eta_s": eta,
            ]
            switch result.outcome {
            case .success(let files):
                object["status"] = result.skipped ? "up-to-date" : (result.problems.isEmpty ? "ok" : "partial")
                object["files"] = PackEvents.filesInPlace(files)
                if !result.problems.isEmpty { object["problems"] = result.problems }
                if !result.notes.isEmpty { object["notes"] = result.notes }
            case .failure(let error):
                object["status"] = "failed"
                object["error"] = error.description
            }
            printLine(Self.encode(object))
        } else {
            switch result.outcome {
            case .success(let files):
                if !quiet {
                    let lossy = files.filter { !$0.givenUp.isEmpty }
                    var line =
                        "\(result.name)  \(files.count) file(s), \(RenderReport.kilobytes(files.reduce(0) { $0 + $1.bytes }))"
                    if result.skipped { line += "  (up to date)" }
                    if !lossy.isEmpty {
                        line +=
                            "  lossy: "
                            + lossy.map { file in
                                let quality = file.quality.map { "; SSIM \(LintFormat.decimal($0, digits: 3))" } ?? ""
                                let givenUp = file.givenUp.joined(separator: ", ")
                                return "\(PackEvents.humanName(file)) (\(givenUp)\(quality))"
                            }.joined(separator: "; ")
                    }
                    printLine(line)
                    for note in result.notes { printLine("  note: \(note)") }
                }
                for problem in result.problems {
                    clearBar()
                    output.write(.error, "error: \(result.inputPath): \(problem)\n")
                }
            case .failure(let error):
                clearBar()
                output.write(.error, "error: \(error)\n")
            }
        }
        // A line printed above clears the bar: draw it again so it stays on screen.
        let printedLine = jsonLines || !quiet || failed
        if drawBar || (showBar && printedLine) { drawProgress(done: done, failed: failedCount, rate: rate, eta: eta) }
    }

    /// Reports one finished sticker.
    func report(_ result: StickerResult) {
        let isFailure: Bool = if case .failure = result.outcome { true } else { false }
        let (done, failedCount, rate, eta, drawBar) = advance(failed: isFailure, skipped: result.skipped)
        for warning in result.warnings {
            clearBar()
            output.write(.error, "warning: \(result.inputPath): \(warning)\n")
        }
        if jsonLines {
            printLine(jsonLine(for: result, done: done, rate: rate, eta: eta))
        } else {
            switch result.outcome {
            case .success(let written):
                if !quiet {
                    printLine(
                        RenderReport.line(for: result, written: written) + (result.skipped ? "  (up to date)" : ""))
                }
            case .failure(let error):
                clearBar()
                output.write(.error, "error: \(DecodeLimitSetting.message(for: error))\n")
            }
        }
        // A line printed above clears the bar: draw it again so it stays on screen.
        let printedLine = jsonLines || !quiet || isFailure
        if drawBar || (showBar && printedLine) { drawProgress(done: done, failed: failedCount, rate: rate, eta: eta) }
    }

    /// Prints the final summary (a line, or a JSON object) of `results` and of what earlier
    /// attempts of a supervised batch printed.
    func summary(results: [StickerResult], output: String, after attempt: BatchAttempt? = nil) {
        clearBar()
        let failed = results.filter(\.failed).count + (attempt?.reportedFailed ?? 0)
        let skipped = results.filter(\.skipped).count + (attempt?.reportedSkipped ?? 0)
        let total = results.count + (attempt?.reported ?? 0)
        let seconds = elapsedSeconds
        if jsonLines {
            var object: [String: Any] = [
                "event": "summary", "total": total, "rendered": total - failed - skipped,
                "skipped": skipped, "failed": failed, "seconds": seconds, "output": output,
                "stickers_per_second": seconds > 0 ? Double(total) / seconds : 0,
            ]
            if let peak = ProcessMemory.peakResidentBytes() { object["peak_rss_bytes"] = peak }
            printLine(Self.encode(object))
        } else {
            printLine(
                RenderReport.summary(total: total, failed: failed, skipped: skipped, seconds: seconds, output: output))
        }
    }

    /// Prints a pack build's final summary; `skipped` (default: the stickers marked so) counts
    /// the stickers that were up to date.
    func packSummary(_ summary: PackSummary, output: String, skipped: Int? = nil) {
        clearBar()
        let failed = summary.stickers.filter { if case .failure = $0.outcome { true } else { false } }.count
        let skipped = skipped ?? summary.stickers.filter(\.skipped).count
        let seconds = elapsedSeconds
        if jsonLines {
            var object: [String: Any] = [
                "event": "summary", "total": summary.stickers.count, "failed": failed,
                "skipped": skipped, "seconds": seconds, "output": output,
                "sizeClass": summary.sizeClass.rawValue, "platformProblems": summary.platformProblems,
            ]
            if let peak = ProcessMemory.peakResidentBytes() { object["peak_rss_bytes"] = peak }
            printLine(Self.encode(object))
        } else {
            var line =
                "\(summary.stickers.count - failed - skipped) of \(summary.stickers.count) stickers packed into \(output) (\(summary.sizeClass.rawValue) stickers) in \(RenderReport.format(seconds, digits: 2)) s"
            if failed > 0 { line += "; \(failed) failed" }
            if skipped > 0 { line += "; \(skipped) already up to date" }
            printLine(line)
        }
    }

    /// Prints, in JSON lines, where each sticker's platform files went (`PackEvents.placed`).
    func placed(_ summary: PackSummary) {
        guard jsonLines else { return }
        for object in PackEvents.placed(summary) { printLine(Self.encode(object)) }
    }

    private func jsonLine(for result: StickerResult, done: Int, rate: Double, eta: Double) -> String {
        let record = StickerRecord(result, describe: DecodeLimitSetting.message(for:))
        return StickerRecord.jsonLine(StickerEvent(record: record, done: done, total: total, rate: rate, eta: eta))
    }

    static func encode(_ object: [String: Any]) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func drawProgress(done: Int, failed: Int, rate: Double, eta: Double) {
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar =
            String(repeating: "=", count: filled) + (filled < width ? ">" : "")
            + String(repeating: " ", count: max(0, width - filled - 1))
        let percent = total > 0 ? 100 * done / total : 100
        let etaText = eta >= 1 ? String(format: "%d:%02d", Int(eta) / 60, Int(eta) % 60) : "0:00"
        let text =
            String(format: "\r[%@] %d/%d %3d%%  %.1f stickers/s  ETA %@", bar, done, total, percent, rate, etaText)
            + (failed > 0 ? "  \(failed) failed" : "")
        output.write(.error, text)
    }

    /// Clears the bar's row (carriage return, then erase the whole line), so that what is
    /// printed next starts at column 0 of an empty row.
    private func clearBar() {
        if showBar { output.write(.error, "\r\u{1B}[2K") }
    }

    /// Prints a message to standard error on a line of its own: the progress bar is cleared
    /// first, so the message never runs on from it.
    func message(_ text: String) {
        clearBar()
        output.write(.error, text + "\n")
    }

    private func printLine(_ text: String) {
        clearBar()
        output.write(.standard, text + "\n")
    }
}

/// A sticker line of `render --log jsonl`: the sticker's `StickerRecord` (the keys every face
/// writes) with `"event": "sticker"` and the progress figures.
struct StickerEvent: Encodable {
    let record: StickerRecord
    let done: Int
    let total: Int
    let rate: Double
    let eta: Double

    private enum Keys: String, CodingKey {
        case event, done, total, rate
        case eta = "eta_s"
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("sticker", forKey: .event)
        try container.encode(done, forKey: .done)
        try container.encode(total, forKey: .total)
        try container.encode(rate, forKey: .rate)
        try container.encode(eta, forKey: .eta)
    }
}
