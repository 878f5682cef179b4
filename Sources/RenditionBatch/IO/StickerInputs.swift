import RenditionCodecs

/// Finds the sticker images named on a command line: files as given, folders searched
/// (recursively) for files with an image extension (and JSON files that are Lottie).
public enum StickerInputs {
    /// File extensions treated as images when searching folders, in the order help texts
    /// list them: every registered format's (`FormatRegistry.imageExtensions`).
    public static let orderedImageExtensions = FormatRegistry.imageExtensions

    /// File extensions treated as images when searching folders.
    public static let imageExtensions = Set(orderedImageExtensions)

    /// The extension of Lottie JSON animations: such files count as images in folders only
    /// when they look like Lottie (`ImageFormat.sniff`), so other JSON files are passed over.
    public static let lottieExtension = "json"

    /// Extensions whose files a folder search sniffs before taking them
    /// (`FormatRegistry.sniffedExtensions`: `json`).
    public static let sniffedExtensions = Set(FormatRegistry.sniffedExtensions)

    /// What a folder search takes, for help texts: `.png, .apng, .jpg, .jpeg, .gif, .webp,
    /// .tgs, .webm and .lottie files, and .json files that are Lottie animations`.
    public static var searchedFilesDescription: String {
        let listed = orderedImageExtensions.map { "." + $0 }
        return listed.dropLast().joined(separator: ", ")
            + " and \(listed.last!) files, and .\(lottieExtension) files that are Lottie animations"
    }

    /// Expands `paths` into image files, in a stable order (arguments in order, folder
    /// contents sorted by path). Missing paths throw.
    public static func expand(_ paths: [String]) throws(FileError) -> [String] {
        var files: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                try collect(folder: path, into: &files)
            } else if FileSystem.exists(path) {
                files.append(path)
            } else {
                throw FileError(path: path, operation: "find", reason: "no such file or folder")
            }
        }
        return files
    }

    private static func collect(folder: String, into files: inout [String]) throws(FileError) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        for name in try FileSystem.contents(of: folder) where !name.hasPrefix(".") {
            let path = "\(base)/\(name)"
            if FileSystem.isDirectory(path) {
                try collect(folder: path, into: &files)
            } else if isStickerFile(path) {
                files.append(path)
            }
        }
    }

    /// Whether a folder search takes the file at `path`: it has an image extension, or it is
    /// a `.json` file that starts like a Lottie document (its first MiB is read): any file
    /// whose extension a registered format marks as needing sniffing, and that sniffs as it.
    public static func isStickerFile(_ path: String) -> Bool {
        if hasImageExtension(path) { return true }
        guard let name = fileExtension(path), sniffedExtensions.contains(name),
            let head = try? FileSystem.read(path, upTo: FormatRegistry.sniffedBytes),
            let format = ImageFormat.sniff(head)
        else { return false }
        return format.decoder.fileExtensions.contains(name)
    }

    /// Whether the file name has one of `imageExtensions` (case-insensitive).
    public static func hasImageExtension(_ path: String) -> Bool {
        fileExtension(path).map(imageExtensions.contains) ?? false
    }

    /// The lower-cased extension of the file name at the end of `path`, if it has one.
    static func fileExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// For each input whose sticker name an earlier input already has, that earlier input's
    /// path (by index): one batch cannot write two stickers' renditions under one name, so
    /// the later one fails.
    public static func earlierInputsWithSameName(_ paths: [String]) -> [Int: String] {
        var firstByName: [String: String] = [:]
        var earlier: [Int: String] = [:]
        for (index, path) in paths.enumerated() {
            let name = stickerName(for: path)
            if let first = firstByName[name] { earlier[index] = first } else { firstByName[name] = path }
        }
        return earlier
    }

    /// The sticker's name from its file path: the file name without its extension and
    /// without a trailing `@3x`.
    public static func stickerName(for path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        if name.hasSuffix("@3x") { name = String(name.dropLast(3)) }
        return name
    }
}
