import Foundation
import RenditionCodecs
import RenditionPack

/// The files of a `POST /v1/packs` form, checked and named before any work: each sticker
/// under a safe, unique file name, and the pack's configuration (`pack.json`, `pack.yaml`)
/// rewritten as a canonical `pack.json` whose every file reference names one of those
/// stickers. A configuration may refer only to files of its own upload, by file name: a path,
/// a device, or a name that was not sent is refused with 422 naming the key, so an upload can
/// never make the server open a file of its own.
struct PackUpload: Sendable {
    /// The stickers, by the names they are staged under, in the order they were sent.
    let stickers: [(name: String, bytes: [UInt8])]
    /// The canonical `pack.json`, if the form carried a configuration.
    let configuration: [UInt8]?

    /// Checks and names the parts of a form.
    /// - Throws: 400 for a form without stickers or with two configurations, 415 for a part
    ///   that is no image Rendition reads, 422 (`invalid-pack`) for a configuration that
    ///   cannot be read or names a file that is not in the upload.
    init(parts: [MultipartPart]) throws(ServerError) {
        var stickers: [(name: String, bytes: [UInt8])] = []
        var used: Set<String> = []
        // The client's names (last component, lower-cased) → the staged name.
        var sent: [String: String] = [:]
        var configurationPart: (name: String, bytes: [UInt8])?
        for part in parts {
            let given = UploadNames.lastComponent(part.filename ?? part.name)
            let lowered = given.lowercased()
            if PackConfiguration.fileNames.contains(lowered) {
                guard configurationPart == nil else { throw .badRequest("send one pack configuration, not two") }
                configurationPart = (lowered, part.bytes)
                continue
            }
            guard let format = ImageFormat.sniff(part.bytes) else {
                throw ServerError(
                    .unsupportedMediaType, type: "unsupported-format",
                    "\(given): \(CodecError.unrecognizedFormat.description)")
            }
            var candidate = UploadNames.fileName(given, format: format)
            var counter = 2
            while used.contains(candidate.lowercased()) {
                candidate = "\(UploadNames.baseName(given))-\(counter).\(format.fileExtension)"
                counter += 1
            }
            used.insert(candidate.lowercased())
            stickers.append((candidate, part.bytes))
            if sent[lowered] == nil { sent[lowered] = candidate }
            sent[candidate.lowercased()] = sent[candidate.lowercased()] ?? candidate
        }
        guard !stickers.isEmpty else { throw .badRequest("send at least one sticker file") }
        self.stickers = stickers
        configuration = try configurationPart.map { part throws(ServerError) in
            try Self.canonical(part.bytes, name: part.name, sent: sent)
        }
    }

    /// The configuration in `bytes` as `pack.json`, each file reference replaced by the staged
    /// name of the sticker it names.
    static func canonical(_ bytes: [UInt8], name: String, sent: [String: String]) throws(ServerError) -> [UInt8] {
        var configuration: PackConfiguration
        do throws(PackError) { configuration = try PackConfiguration.decode(bytes, path: name) } catch {
            throw ServerError(.unprocessableContent, type: "invalid-pack", error.description)
        }
        func staged(_ key: String, _ reference: String) throws(ServerError) -> String {
            guard !reference.contains("/"), !reference.contains("\\"), let name = sent[reference.lowercased()] else {
                let shown = reference.count > 80 ? String(reference.prefix(80)) + "…" : reference
                throw ServerError(
                    .unprocessableContent, type: "invalid-pack",
                    "\(name): \(key) \"\(shown)\" names no file of this upload; a pack's configuration may only name the files sent with it, by file name"
                )
            }
            return name
        }
        if var list = configuration.stickers {
            for index in list.indices {
                list[index].file = try staged("stickers[\(index)].file", list[index].file)
            }
            configuration.stickers = list
        }
        if let icon = configuration.icon { configuration.icon = try staged("icon", icon) }
        if let tray = configuration.tray { configuration.tray = try staged("tray", tray) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return Array(try encoder.encode(configuration)) } catch {
            throw .internalError("the pack configuration could not be written again: \(error)")
        }
    }

    /// The parts a worker gets: the configuration first (as `pack.json`), then the stickers.
    var files: [(file: WorkerFile, bytes: [UInt8])] {
        var files: [(file: WorkerFile, bytes: [UInt8])] = []
        if let configuration { files.append((WorkerFile(name: "pack.json", filename: "pack.json"), configuration)) }
        for sticker in stickers {
            files.append((WorkerFile(name: sticker.name, filename: sticker.name), sticker.bytes))
        }
        return files
    }
}
