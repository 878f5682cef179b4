#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the files a pack's configuration names (`stickers[].file`, `icon`, `tray`) are, and
/// whether the pack may read them: only files inside its source folder, unless the build
/// allows others (`PackOptions.allowsPathsOutsideSource`, `--allow-outside-paths`).
///
/// A configured path is relative to the source folder. It is refused when it is absolute, or
/// when the place it leads to is not the source folder or inside it, every symbolic link on the
/// way resolved (the folder's own links too). A path whose end does not exist yet is resolved
/// as far as it exists and the rest is taken as written (`..` removes the name before it),
/// as Python's `os.path.realpath` does: `missing/../../x.png` is refused, and `missing.png` is
/// let through for the build to report as missing. A path through a loop of links is refused.
///
/// The check is made when the pack is planned and again when the icon and tray images are
/// opened; a link that is changed between the check and the read is not seen.
package struct PackPathResolver: Sendable {
    /// Where a configured path leads.
    package enum Placement: Sendable, Hashable {
        /// Into the source folder, or the folder itself.
        case inside
        /// Out of the source folder, as the path is written (`../x.png`).
        case outside
        /// Out of the source folder through a symbolic link, though the path as written stays in it.
        case outsideThroughLink
        /// Nowhere: an absolute path, which the pack's configuration does not take.
        case absolute
        /// Nowhere: more than `maximumLinks` symbolic links on the way (a loop).
        case linkLoop
        /// Nowhere: a name with a NUL character, which the system would cut short there.
        case containsNUL
    }

    /// The most symbolic links one path may go through, as Linux allows (`MAXSYMLINKS`).
    package static let maximumLinks = 40

    /// The pack's source folder, as given.
    package let source: String
    /// The configuration file named in errors (`SRC/pack.json`).
    package let configurationFile: String
    /// Whether paths outside the source folder are taken: absolute ones as they are, relative
    /// ones from the source folder.
    package let allowsPathsOutsideSource: Bool

    /// Creates a resolver for the pack in `source`, whose configuration is `configurationFile`.
    package init(source: String, configurationFile: String, allowsPathsOutsideSource: Bool = false) {
        self.source = source
        self.configurationFile = configurationFile
        self.allowsPathsOutsideSource = allowsPathsOutsideSource
    }

    /// The path to read for `value`, which the configuration gives under `key`
    /// (`stickers[2].file`, `icon` or `tray`): `SOURCE/value`, or `value` itself when it is
    /// absolute and paths outside the folder are allowed. Refuses a path outside the source
    /// folder with `PackError.invalidConfiguration` naming `key` and the value, and a path with
    /// a NUL character even when paths outside are allowed.
    package func path(of value: String, key: String) throws(PackError) -> String {
        let optOut = "(pass --allow-outside-paths to use it)"
        let reason: String
        switch allowsPathsOutsideSource && !value.utf8.contains(0) ? Placement.inside : placement(of: value) {
        case .inside: return value.hasPrefix("/") ? value : "\(source)/\(value)"
        case .outside: reason = "\"\(value)\" is outside the pack's folder \(optOut)"
        case .outsideThroughLink:
            reason = "\"\(value)\" leads outside the pack's folder through a symbolic link \(optOut)"
        case .absolute: reason = "\"\(value)\" is an absolute path; paths are relative to the pack's folder \(optOut)"
        case .linkLoop: reason = "\"\(value)\" goes through more than \(Self.maximumLinks) symbolic links (a loop)"
        case .containsNUL: reason = "contains a NUL character"
        }
        throw .invalidConfiguration(path: configurationFile, reason: "\(key) \(reason)")
    }

    /// Where `value`, taken from the source folder, leads (whatever `allowsPathsOutsideSource` says).
    package func placement(of value: String) -> Placement {
        if value.utf8.contains(0) { return .containsNUL }
        if value.hasPrefix("/") { return .absolute }
        let root = Self.realComponents(of: source)
        let parts = Self.components(value)
        guard let real = Self.resolve(parts, from: root) else { return .linkLoop }
        if Self.isWithin(real, root) { return .inside }
        return Self.isWithin(Self.lexical(parts, from: root), root) ? .outsideThroughLink : .outside
    }

    /// The names of `path`, without empty ones (`a//b/` is `a`, `b`).
    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func isWithin(_ path: [String], _ folder: [String]) -> Bool {
        path.count >= folder.count && Array(path.prefix(folder.count)) == folder
    }

    /// `parts` applied to `base` by name only: `.` skipped, `..` removing the name before it.
    static func lexical(_ parts: [String], from base: [String]) -> [String] {
        var result = base
        for part in parts where part != "." {
            if part == ".." {
                if !result.isEmpty { result.removeLast() }
            } else {
                result.append(part)
            }
        }
        return result
    }

    /// The real path of `folder` as names from `/`: `realpath(3)`'s, or for a folder that
    /// cannot be resolved, its absolute path taken as written.
    static func realComponents(of folder: String) -> [String] {
        if let real = realpath(folder, nil) {
            defer { free(real) }
            return components(String(cString: real))
        }
        var parts: [String] = []
        if !folder.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            defer { free(cwd) }
            parts = components(String(cString: cwd))
        }
        return lexical(components(folder), from: parts)
    }

    /// Where `parts` lead from the real folder `base`, every symbolic link on the way followed
    /// (each name is looked at, even after one that does not exist); `nil` past `maximumLinks`.
    static func resolve(_ parts: [String], from base: [String]) -> [String]? {
        var resolved = base
        var pending = Array(parts.reversed())
        var links = 0
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            resolved.append(part)
            guard let target = linkTarget("/" + resolved.joined(separator: "/")) else { continue }
            links += 1
            if links > maximumLinks { return nil }
            resolved.removeLast()
            if target.hasPrefix("/") { resolved = [] }
            pending += components(target).reversed()
        }
        return resolved
    }

    /// What the symbolic link at `path` points to, or `nil` when `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
