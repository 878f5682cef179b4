import ArgumentParser
import RenditionPack
import RenditionBatch

/// A failure while running a well-formed command (a missing input, an empty folder, a file
/// where the output folder should be): printed as `error: MESSAGE` on standard error without
/// the usage line, which is for command lines that are wrong, and the exit status is 1.
func runFailure(_ message: String) -> ExitCode {
    printError("error: \(message)")
    return ExitCode(1)
}

/// The sticker files under `paths`, or a run failure when a path is missing or nothing is found.
func expandStickerInputs(_ paths: [String]) throws -> [String] {
    let files: [String]
    do { files = try StickerInputs.expand(paths) } catch { throw runFailure(error.description) }
    if files.isEmpty { throw runFailure("no image files found in \(paths.joined(separator: ", "))") }
    return files
}
