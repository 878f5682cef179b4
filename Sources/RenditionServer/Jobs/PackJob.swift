import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionPack

/// `rendition pack` over HTTP, as a worker runs it: the files of a checked `PackUpload` are
/// staged in a temporary folder, `PackBuilder` builds the packs into another, and the output
/// folder comes back as a ZIP with `pack-report.json`; both folders are removed afterwards.
/// Neither the report nor an error carries the server's paths: they speak of the pack's
/// files by name.
struct PackJob: Sendable {
    /// The staged files (already safe, unique names) with their bytes; `pack.json` among them.
    let files: [(name: String, bytes: [UInt8])]
    /// The platform names of `?platform=` (comma-separated lists allowed).
    let platforms: [String]
    /// The pack's name (`?name=`), which `rendition pack` takes from its source folder's name;
    /// `pack.json` may give another.
    let name: String
    /// The decoding limits.
    var limits: DecodeLimits = .default

    /// Checks the platforms before any work is queued: unknown names are a 400.
    static func settings(platforms: [String]) throws(ServerError) -> RenditionSettings {
        var settings = RenditionSettings()
        do throws(SettingsError) {
            try settings.setPlatforms(named: platforms)
            try settings.setThreads(1)
        } catch { throw .badRequest(error.message(on: .library)) }
        settings.lintsMasters = true
        return settings
    }

    /// Builds the packs and returns the ZIP of the output folder, with which of the platforms
    /// asked for were made and why the others were not.
    func run() throws(ServerError) -> (zip: [UInt8], outcome: PackOutcome) {
        var settings = try Self.settings(platforms: platforms)
        settings.limits = limits
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The source folder's name is the pack's default name, as on the command line.
        let source = folder.path + "/in/" + UploadNames.baseName(name)
        let output = folder.path + "/out"
        let scrub = PathScrubber(folder: folder.path, source: source, output: output)
        do throws(ServerError) {
            do { try FileSystem.createDirectory(source) } catch { throw .internalError("\(error)") }
            for file in files {
                guard !file.name.contains("/"), !file.name.hasPrefix(".") else {
                    throw .badRequest("\(file.name) is not a file name")
                }
                do { try AtomicFile.write(file.bytes, to: source + "/" + file.name) } catch {
                    throw .internalError("\(error)")
                }
            }
            let summary: PackSummary
            do throws(PackError) {
                summary = try PackBuilder(source: source, output: output, options: settings.packOptions()).build()
            } catch {
                switch error {
                case .file(let fileError): throw .internalError(fileError.description)
                case .invalidConfiguration, .empty, .unknownPlatform:
                    throw ServerError(.unprocessableContent, type: "invalid-pack", error.description)
                }
            }
            try scrub.rewrite(file: output + "/pack-report.json")
            var outcome = PackOutcome.of(summary, settings: settings, output: output)
            outcome.refused = outcome.refused.mapValues(scrub.clean)
            return (try FolderZip.zip(folder: output), outcome)
        } catch {
            var scrubbed = ServerError(error.status, type: error.type, scrub.clean(error.message))
            scrubbed.limit = error.limit
            scrubbed.headers = error.headers
            throw scrubbed
        }
    }
}

/// Which of the platforms asked for a pack build made, and why it did not make the others:
/// what the API's `Rendition-Packs-Made` and `Rendition-Packs-Refused` headers say, and what
/// the page shows next to each platform's box.
struct PackOutcome: Codable, Sendable, Equatable {
    /// Platform identifiers whose packs were written (`apple-messages` for the Xcode catalog).
    var made: [String]
    /// Platform identifier → why its pack was not written.
    var refused: [String: String]

    /// The outcome of a build for `settings` into `output`: a platform is made when its folder
    /// (Apple's: a `.xcstickers` catalog) was written.
    static func of(_ summary: PackSummary, settings: RenditionSettings, output: String) -> PackOutcome {
        var asked: [(id: String, folderExists: Bool, problems: [String])] = []
        if settings.includesApple {
            let catalog = (try? FileSystem.contents(of: output))?.contains { $0.hasSuffix(".xcstickers") } ?? false
            asked.append((AppleMessages.profileID, catalog, summary.platformProblems[AppleMessages.reportKey] ?? []))
        }
        for platform in settings.platforms {
            asked.append(
                (
                    platform.id, FileSystem.isDirectory(output + "/" + platform.id),
                    summary.platformProblems[platform.id] ?? []
                ))
        }
        var outcome = PackOutcome(made: [], refused: [:])
        for platform in asked {
            if platform.folderExists {
                outcome.made.append(platform.id)
            } else {
                outcome.refused[platform.id] =
                    platform.problems.isEmpty
                    ? "no sticker could be made for it (see pack-report.json)"
                    : platform.problems.joined(separator: "; ")
            }
        }
        return outcome
    }
}

/// Takes the server's temporary paths out of what a pack job says: the source folder's files
/// become their names, the output folder's files their paths in the ZIP.
struct PathScrubber: Sendable {
    let folder: String
    let source: String
    let output: String

    /// `text` without the temporary folders' paths.
    func clean(_ text: String) -> String {
        text.replacingOccurrences(of: source + "/", with: "")
            .replacingOccurrences(of: output + "/", with: "")
            .replacingOccurrences(of: source, with: "the pack's folder")
            .replacingOccurrences(of: output, with: "the packs' folder")
            .replacingOccurrences(of: folder, with: "the upload")
    }

    /// Rewrites the JSON file at `path` through `clean` (its paths are JSON strings, written
    /// with `/` unescaped or escaped as `\/`).
    func rewrite(file path: String) throws(ServerError) {
        guard FileSystem.exists(path) else { return }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch { throw .internalError("\(error)") }
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        do { try AtomicFile.write(Array(clean(text).utf8), to: path) } catch { throw .internalError("\(error)") }
    }
}

/// Zips a folder's files, paths relative to it, in sorted order; hidden files (the batch's
/// manifest and lock, any path component starting with a dot) stay out.
enum FolderZip {
    static func zip(folder: String) throws(ServerError) -> [UInt8] {
        var files: [String] = []
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            while let relative = enumerator.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    files.append(relative)
                }
            }
        }
        var archive = ZipArchive()
        do {
            for relative in files.sorted() {
                let bytes: [UInt8]
                do { bytes = try FileSystem.read(folder + "/" + relative) } catch {
                    throw ServerError.internalError("\(error)")
                }
                try archive.add(relative, bytes)
            }
            return try archive.finished()
        } catch let error as ServerError {
            throw error
        } catch {
            throw .internalError("the packs are too large for a ZIP archive")
        }
    }
}
