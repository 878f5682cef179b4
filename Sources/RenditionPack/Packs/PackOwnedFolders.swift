import RenditionBatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The top-level folders of a pack's output that the builder writes and owns: Apple's
/// (`AppleMessages.folders`) when Apple's pack is built, and one per platform, named by its
/// identifier. Each build records them in `pack-report.json` (`"folders"`); the next build
/// removes the recorded folders it no longer makes (a platform left out this time) and nothing
/// else: not a folder no build recorded, nor any file beside them.
enum PackOwnedFolders {
    /// The key of the list in `pack-report.json`.
    static let reportKey = "folders"

    /// The folders a build with `options` writes, in order: Apple's first, then the platforms'.
    static func made(by options: PackOptions) -> [String] {
        var folders = options.includesApple ? AppleMessages.folders : []
        for platform in options.platforms where !folders.contains(platform.id) { folders.append(platform.id) }
        return folders
    }

    /// The folders the last build recorded in `output`'s `pack-report.json`: none when there
    /// is no report, it cannot be read, or it records none. A name that is not one plain folder
    /// inside `output` (empty, hidden, `..`, or with a `/`) is never taken.
    static func recorded(in output: String) -> [String] {
        struct Report: Decodable { let folders: [String]? }
        guard let bytes = try? FileSystem.read("\(output)/\(PackReport.fileName)", upTo: 64 << 20),
            let report = try? JSONDecoder().decode(Report.self, from: Data(bytes))
        else { return [] }
        return (report.folders ?? []).filter { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("/") }
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
