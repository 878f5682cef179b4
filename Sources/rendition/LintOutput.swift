import Foundation
import RenditionLint

/// Formats `lint` results for people and for machines.
enum LintOutput {
    /// The human block for one file: a header line, then one line per finding.
    static func human(_ report: LintReport, verbose: Bool) -> String {
        var header = report.path
        var facts: [String] = []
        if let format = report.format { facts.append(format.uppercased()) }
        if let w = report.width, let h = report.height {
            facts.append("\(w)x\(h)" + (report.sizeClass.map { " (\($0))" } ?? ""))
        }
        if let frames = report.frames, frames > 1 {
            var text = "\(frames) frames"
            if let ms = report.durationMilliseconds { text += ", \(LintFormat.decimal(ms / 1000, digits: 3)) s" }
            if let loops = report.loopCount { text += loops == 0 ? ", loops forever" : ", plays \(loops)x" }
            facts.append(text)
        }
        facts.append(LintFormat.kilobytes(report.bytes))
        header += "  " + facts.joined(separator: "  ")
        if report.findings.isEmpty { return header + "  ok" }
        var lines = [header]
        for finding in report.findings {
            var line = "  \(finding.severity.rawValue) \(finding.code.rawValue): \(finding.message)"
            if verbose && !finding.values.isEmpty {
                line +=
                    "  ["
                    + finding.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                    + "]"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// What fixing one file did, for people.
    static func fixLine(_ outcome: FixOutcome) -> String {
        guard let output = outcome.output else {
            return "fix \(outcome.input): failed: \(outcome.error ?? "unknown error")"
        }
        var lines = ["fixed \(outcome.input) -> \(output)"]
        lines += outcome.steps.map { "  \($0)" }
        if let after = outcome.after {
            lines.append(
                after.findings.isEmpty
                    ? "  now: no findings" : "  now: " + after.codes.map(\.rawValue).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// The closing line without fixes: files, counts per severity (with fixes:
    /// `LintFixTally.summary`).
    static func summary(_ reports: [LintReport]) -> String {
        let errors = reports.reduce(0) { $0 + $1.count(.error) }
        let warnings = reports.reduce(0) { $0 + $1.count(.warning) }
        let infos = reports.reduce(0) { $0 + $1.count(.info) }
        let failing = reports.filter(\.hasErrors).count
        let n = counted
        var line = "\(n(reports.count, "file")): \(n(errors, "error")), \(n(warnings, "warning")), \(n(infos, "info"))"
        if failing > 0 { line += " (\(failing) file\(failing == 1 ? "" : "s") with errors)" }
        return line
    }

    /// `count` and `word`, with an `s` unless the count is 1: `1 error`, `0 infos`.
    static func counted(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// The JSON document (schema in docs/LINT.md, section JSON); the same text `rdn_lint_bytes`
    /// returns.
    static func json(_ reports: [LintReport], profile: StickerProfile, fixes: [FixOutcome]?) throws -> String {
        try LintDocument(reports: reports, profile: profile, fixes: fixes).json()
    }
}
