import ArgumentParser
import RenditionBatch
import RenditionCore

/// A failure while running a well-formed command (a missing input, an empty folder, a file
/// where the output folder should be): printed as `error: MESSAGE` on standard error without
/// the usage line, which is for command lines that are wrong, and the exit status is 1. A
/// message that says nothing is replaced by one that does (`StatedReason`).
func runFailure(_ message: String) -> ExitCode {
    printError("error: \(StatedReason.stated(message, otherwise: StatedReason.unstated))")
    return ExitCode(1)
}

/// The sticker files under `paths`, or a run failure when nothing is found or a path is missing
/// (with `keepingMissing` and at least one path that exists, a missing path is kept, for the
/// batch to report as a failed sticker).
func expandStickerInputs(_ paths: [String], keepingMissing: Bool = false) throws -> [String] {
    var files: [String] = []
    // When every path is missing there is no batch to go on with: that is a run failure.
    let keepingMissing = keepingMissing && paths.contains { FileSystem.exists($0) || FileSystem.isDirectory($0) }
    for path in paths {
        // A path that does not exist stays in the list when asked: the batch then reports it
        // as a failed sticker and goes on with the others.
        if keepingMissing && !FileSystem.exists(path) && !FileSystem.isDirectory(path) {
            files.append(path)
            continue
        }
        do { files += try StickerInputs.expand([path]) } catch { throw runFailure(error.description) }
    }
    if files.isEmpty { throw runFailure("no image files found in \(paths.joined(separator: ", "))") }
    return files
}
