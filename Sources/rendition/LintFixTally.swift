import RenditionLint

/// Where a `lint --fix` run stands: each file counts by its fixed version when one was
/// written and linted again, else by its own report; the findings a fix took away are counted
/// apart. The summary line and the exit status both read it, so they cannot disagree.
struct LintFixTally {
    /// The report each file stands by, in input order.
    let standing: [LintReport]
    /// Findings of the inputs that their fixed versions no longer have, per severity.
    let fixed: [LintSeverity: Int]
    /// Files that could not be fixed (an animation, an unreadable file...).
    let unfixable: Int

    /// The tally of `reports` (the inputs) and `fixes` (one outcome per input, same order).
    init(reports: [LintReport], fixes: [FixOutcome]) {
        var standing: [LintReport] = []
        var fixed: [LintSeverity: Int] = [:]
        var unfixable = 0
        for (index, report) in reports.enumerated() {
            let outcome = index < fixes.count ? fixes[index] : nil
            if outcome?.error != nil { unfixable += 1 }
            guard let after = outcome?.after else {
                standing.append(report)
                continue
            }
            standing.append(after)
            // A finding is fixed when the fixed file has fewer findings of its code.
            var left: [LintCode: Int] = [:]
            for finding in after.findings { left[finding.code, default: 0] += 1 }
            for finding in report.findings {
                if let count = left[finding.code], count > 0 {
                    left[finding.code] = count - 1
                } else {
                    fixed[finding.severity, default: 0] += 1
                }
            }
        }
        self.standing = standing
        self.fixed = fixed
        self.unfixable = unfixable
    }

    /// Whether the run fails: a file still has an error, or a file could not be fixed.
    var fails: Bool { unfixable > 0 || standing.contains(where: \.hasErrors) }

    /// The closing line, e.g. `1 file after fixes: 0 errors, 0 warnings, 0 infos; fixed: 1 error`.
    var summary: String {
        let errors = standing.reduce(0) { $0 + $1.count(.error) }
        let warnings = standing.reduce(0) { $0 + $1.count(.warning) }
        let infos = standing.reduce(0) { $0 + $1.count(.info) }
        let n = LintOutput.counted
        var line =
            "\(n(standing.count, "file")) after fixes: \(n(errors, "error")), \(n(warnings, "warning")), \(n(infos, "info"))"
        let fixedParts = [(LintSeverity.error, "error"), (.warning, "warning"), (.info, "info")].compactMap {
            severity, word -> String? in
            guard let count = fixed[severity], count > 0 else { return nil }
            return n(count, word)
        }
        line += "; fixed: " + (fixedParts.isEmpty ? "none" : fixedParts.joined(separator: ", "))
        var failures: [String] = []
        let failing = standing.filter(\.hasErrors).count
        if failing > 0 { failures.append("\(n(failing, "file")) with errors") }
        if unfixable > 0 { failures.append("\(n(unfixable, "file")) not fixed") }
        if !failures.isEmpty { line += " (" + failures.joined(separator: ", ") + ")" }
        return line
    }
}
