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
    /// `strace`, installed by Scripts/install-dependencies.
    public static let strace = "/usr/bin/strace"

    /// Runs `rendition` with `arguments` under `strace -f` (the supervised child followed) with
    /// `straceOptions` (e.g. `-e trace=...`), writing the trace to `trace`, in `folder`, with its
    /// output discarded; returns how the process ended. LeakSanitizer (in the sanitizer builds)
    /// cannot run in a traced process and would end it with a fatal error, so leak detection is
    /// turned off there; nothing else changes.
    public static func traced(
        _ arguments: [String], straceOptions: [String], trace: String, in folder: String
    ) throws -> (reason: Process.TerminationReason, status: Int32) {
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.arguments = ["-f"] + straceOptions + ["-o", trace, rendition.path] + arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }
}
