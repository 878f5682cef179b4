import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionPack

/// `rendition pack` over HTTP: the uploaded stickers (and `pack.json`) are staged in a
/// temporary folder, `PackBuilder` builds the packs into another, and the output folder comes
/// back as a ZIP with `pack-report.json`; both folders are removed afterwards.
struct PackJob: Sendable {
    /// The uploaded files: stickers, and optionally `pack.json`.
    let parts: [MultipartPart]
    /// The platform names of `?platform=` (comma-separated lists allowed).
    let platforms: [String]
    /// The pack's name (`?name=`), which `rendition pack` takes from its source folder's name;
    /// `pack.json` may give another.
    let name: String

    /// The names of the pack description files a source folder may hold.
    static let descriptionNames: Set<String> = ["pack.json", "pack.yaml", "pack.yml"]

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

    /// Builds the packs and returns the ZIP of the output folder.
    func run() throws(ServerError) -> [UInt8] {
        let settings = try Self.settings(platforms: platforms)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The source folder's name is the pack's default name, as on the command line.
        let source = folder.path + "/in/" + UploadNames.baseName(name)
        let output = folder.path + "/out"
        do { try FileSystem.createDirectory(source) } catch { throw .internalError("\(error)") }
        try stage(into: source)
        do throws(PackError) {
            _ = try PackBuilder(source: source, output: output, options: settings.packOptions()).build()
        } catch {
            switch error {
            case .file(let fileError): throw .internalError(fileError.description)
            case .invalidConfiguration, .empty, .unknownPlatform:
                throw ServerError(.unprocessableContent, type: "invalid-pack", error.description)
            }
        }
        return try FolderZip.zip(folder: output)
    }

    /// Writes each sticker under a safe, unique name and the pack description under its own.
    func stage(into source: String) throws(ServerError) {
        var used: Set<String> = []
        var stickers = 0
        for part in parts {
            let given = part.filename ?? part.name
            let lowered = UploadNames.lastComponent(given).lowercased()
            let name: String
            if Self.descriptionNames.contains(lowered) {
                name = lowered
            } else {
                guard let format = ImageFormat.sniff(part.bytes) else {
                    throw ServerError(
                        .unsupportedMediaType, type: "unsupported-format",
                        "\(UploadNames.lastComponent(given)): \(CodecError.unrecognizedFormat.description)")
                }
                var candidate = UploadNames.fileName(given, format: format)
                var counter = 2
                while used.contains(candidate.lowercased()) {
                    candidate = "\(UploadNames.baseName(given))-\(counter).\(format.fileExtension)"
                    counter += 1
                }
                name = candidate
                stickers += 1
            }
            guard !used.contains(name.lowercased()) else { throw .badRequest("\(name) was sent twice") }
            used.insert(name.lowercased())
            do { try AtomicFile.write(part.bytes, to: source + "/" + name) } catch { throw .internalError("\(error)") }
        }
        guard stickers > 0 else { throw .badRequest("send at least one sticker file") }
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
