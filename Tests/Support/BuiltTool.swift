import Foundation

/// The `rendition` executable the tests run: `$RENDITION_CLI` when set, else the one built next
/// to the test bundle (test bundles are built beside the package's executables).
public enum BuiltTool {
    /// The executable's location.
    public static var rendition: URL {
        if let path = ProcessInfo.processInfo.environment["RENDITION_CLI"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("rendition")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("rendition")
    }
}

extension BuiltTool {
    /// The test's environment for a `rendition` run under `strace`: LeakSanitizer (in the
    /// sanitizer builds) cannot run in a traced process and would end it with a fatal error, so
    /// leak detection is turned off there; nothing else changes.
    public static var tracedEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let options = environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        environment["ASAN_OPTIONS"] = options + "detect_leaks=0"
        return environment
    }
}
