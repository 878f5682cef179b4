import RenditionBatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The top-level folders of a pack's output that the builder writes and owns: Apple's
/// (`AppleMessages.folders`) when Apple's pack is built, and one per platform, named by its
/// identifier. Each build records the ones that exist in `.rendition-pack-folders`, one name
/// per line (and shows them in `pack-report.json`'s `"folders"`, which is written, never read);
/// the next build, when it made every folder it was asked for and nothing failed, removes the
/// recorded folders it no longer makes (a platform left out this time) and nothing else: not a
/// folder no build recorded, nor any file beside them. A build that failed or did not make all
/// it was asked for (a platform with too few stickers for a pack) removes nothing.
enum PackOwnedFolders {
    /// The key of the list in `pack-report.json`.
    static let reportKey = "folders"

    /// The record's name in the pack's output folder.
    static let recordName = ".rendition-pack-folders"

    /// The folders a build with `options` is asked to write, in order: Apple's first, then the
    /// platforms'.
    static func asked(by options: PackOptions) -> [String] {
        var folders = options.includesApple ? AppleMessages.folders : []
        for platform in options.platforms where !folders.contains(platform.id) { folders.append(platform.id) }
        return folders
    }

    /// The folders the last build recorded in `output`: none when there is no record or it
    /// cannot be read. A name that is not one plain folder inside `output` (empty, hidden,
    /// `..`, or with a `/`) is never taken.
    static func recorded(in output: String) -> [String] {
        guard let bytes = try? FileSystem.read("\(output)/\(recordName)", upTo: 1 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("/")
        }
    }

    /// What an unsharded build owns once it is done, and what it removes.
    /// - Parameters:
    ///   - asked: the folders the build was asked to write (`asked(by:)`).
    ///   - made: those of `asked` it wrote this time, in the same order.
    ///   - recorded: the folders the last build recorded (`recorded(in:)`).
    ///   - failed: whether anything of the build failed (`PackSummary.hasFailures`).
    /// - Returns: the folders removed (only when nothing failed and every folder asked for was
    ///   made: a build that fails or falls short removes nothing), and the folders to record:
    ///   those made, then those recorded before that still exist.
    static func settle(
        in output: String, asked: [String], made: [String], recorded: [String], failed: Bool
    ) -> (removed: [String], owned: [String]) {
        let complete = !failed && asked.allSatisfy(made.contains)
        let removed = complete ? removeAbandoned(in: output, recorded: recorded, made: made) : []
        let kept = recorded.filter { !made.contains($0) && FileSystem.isDirectory("\(output)/\($0)") }
        return (removed, made + kept)
    }

    /// Records `folders` as the ones the build in `output` owns (written atomically).
    static func record(_ folders: [String], in output: String) throws(FileError) {
        try AtomicFile.write(Array(folders.map { $0 + "\n" }.joined().utf8), to: "\(output)/\(recordName)")
    }

    /// Removes from `output` each folder of `recorded` that is not in `made`.
    /// - Returns: the folders removed, in the order recorded.
    static func removeAbandoned(in output: String, recorded: [String], made: [String]) -> [String] {
        var removed: [String] = []
        for name in recorded where !made.contains(name) {
            let path = "\(output)/\(name)"
            guard FileSystem.isDirectory(path) else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
        }
        return removed
    }
}
