import RenditionCore

extension StickerLinter {
    /// Lints the files at `paths` on up to `threads` threads: one report per path, in the
    /// order of `paths`, whatever the thread count. Each report is also passed to `report`
    /// as soon as the reports of every earlier path have been — from whichever thread
    /// completed them, one call at a time — so a command can print results while later
    /// files are still being checked. A file that cannot be read or decoded gets a report
    /// with that finding, as `lint(path:)` gives it.
    public func lint(paths: [String], threads: Int, report: @escaping @Sendable (LintReport) -> Void = { _ in })
        -> [LintReport]
    {
        ParallelWork.map(count: paths.count, threads: threads, reportingInOrder: report) { index in
            lint(path: paths[index])
        }
    }
}
