import RenditionBatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The top-level folders of a pack's output that the builder writes and owns: Apple's
/// (`AppleMessages.folders`) when Apple's pack is built, and one per platform, named by its
/// identifier. Each build records them in `.rendition-pack-folders`, one name per line (and
/// shows them in `pack-report.json`'s `"folders"`, which is written, never read); the next
/// build removes the recorded folders it no longer makes (a platform left out this time) and
/// nothing else: not a folder no build recorded, nor any file beside them.
enum PackOwnedFolders {
    /// The key of the list in `pack-report.json`.
    static let reportKey = "folders"

    /// The record's name in the pack's output folder.
    static let recordName = ".rendition-pack-folders"

    /// The folders a build with `options` writes, in order: Apple's first, then the platforms'.
    static func made(by options: PackOptions) -> [String] {
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
