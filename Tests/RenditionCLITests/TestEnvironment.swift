import Foundation

/// How the test run was built.
enum TestEnvironment {
    /// The sanitizer `Scripts/sanitize` runs the suite under (`address` or `thread`), if any.
    static let sanitizer = ProcessInfo.processInfo.environment["RENDITION_SANITIZER"]

    /// Whether peak-memory bounds are checked: not under a sanitizer, whose shadow memory
    /// (and ASan's quarantine of freed blocks) makes every process several times larger.
    static var checksPeakMemory: Bool { sanitizer == nil }
}
