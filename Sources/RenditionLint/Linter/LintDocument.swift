#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The top-level JSON object of `rendition lint --json` (schema `rendition-lint/1`, see the
/// README): the profile, one report per file, counts per severity and, with fixes, what each
/// fix did. The C interface's `rdn_lint_bytes` returns the same document.
package struct LintDocument: Encodable {
    /// Counts over every file.
    package struct Summary: Encodable {
        /// Files checked.
        package let files: Int
        /// Error findings.
        package let errors: Int
        /// Warning findings.
        package let warnings: Int
        /// Info findings.
        package let infos: Int
    }

    /// `rendition-lint/1`.
    package let schema: String
    /// The profile's identifier.
    package let profile: String
    /// The profile's byte limit.
    package let maximumBytes: Int
    /// One report per file, in input order.
    package let files: [LintReport]
    /// Counts per severity.
    package let summary: Summary
    /// What `--fix` did, when asked.
    package let fixes: [FixOutcome]?

    enum CodingKeys: String, CodingKey {
        case schema, profile, files, summary, fixes
        case maximumBytes = "maximum_bytes"
    }

    /// The document for `reports` checked against `profile`.
    package init(reports: [LintReport], profile: StickerProfile, fixes: [FixOutcome]? = nil) {
        schema = "rendition-lint/1"
        self.profile = profile.id
        maximumBytes = profile.maximumBytes
        files = reports
        summary = Summary(
            files: reports.count, errors: reports.reduce(0) { $0 + $1.count(.error) },
            warnings: reports.reduce(0) { $0 + $1.count(.warning) }, infos: reports.reduce(0) { $0 + $1.count(.info) })
        self.fixes = fixes
    }

    /// The document as pretty-printed JSON with sorted keys.
    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
