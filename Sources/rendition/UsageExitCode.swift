import ArgumentParser
import Foundation
import RenditionPipeline

extension RenditionCommand {
    /// Exit status for bad usage: unknown options, missing or invalid arguments.
    ///
    /// ArgumentParser exits with `EX_USAGE` (64) for these; Rendition follows the common
    /// convention of command-line tools instead (0 success, 1 failure found, 2 bad usage),
    /// so scripts can tell "lint found errors" (1) from "the command was wrong" (2).
    static let usageExitCode: Int32 = 2

    /// Parses the command line and runs the chosen command, mapping usage errors to
    /// `usageExitCode`; everything else behaves as ArgumentParser's own `main()`.
    static func main() {
        // The usage message is written by a helper and the process exits after the `catch`,
        // so nothing of the parse (the error, the message) is still alive at `exit`, which
        // LeakSanitizer would report as leaked.
        // The server keeps glibc's own trimming, so its memory goes back after each request
        // (its jobs run in worker processes, which are tuned and exit after one job).
        if CommandLine.arguments.dropFirst().first != "serve" { MallocTuning.apply() }
        do {
            var command = try parseAsRoot()
            try command.run()
            return
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            writeUsageMessage(for: error)
        }
        Foundation.exit(usageExitCode)
    }

    /// Writes ArgumentParser's message for a usage error to standard error.
    private static func writeUsageMessage(for error: any Error) {
        let message = fullMessage(for: error)
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
}
