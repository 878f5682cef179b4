#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PackConfiguration {
    /// The names a pack's configuration file may have, in the order a folder is searched.
    package static let fileNames = ["pack.json", "pack.yaml", "pack.yml"]

    /// Decodes the configuration in `bytes`, JSON for `pack.json` and YAML otherwise.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the file's path or name, which says its syntax and appears in errors.
    /// - Throws: `PackError.invalidConfiguration` when the document is malformed.
    package static func decode(_ bytes: [UInt8], path: String) throws(PackError) -> PackConfiguration {
        do {
            if path.lowercased().hasSuffix(".json") {
                return try JSONDecoder().decode(PackConfiguration.self, from: Data(bytes))
            }
            let document = try JSONEncoder().encode(try YAMLDocument.read(bytes))
            return try JSONDecoder().decode(PackConfiguration.self, from: document)
        } catch let error as YAMLDocument.ReadError {
            throw .invalidConfiguration(path: path, reason: error.description)
        } catch {
            throw .invalidConfiguration(path: path, reason: Self.explain(error))
        }
    }

    /// Every file the configuration names, with the key that names it (`stickers[0].file`,
    /// `icon`, `tray`), in document order.
    package var fileReferences: [(key: String, path: String)] {
        var references: [(key: String, path: String)] = []
        for (index, sticker) in (stickers ?? []).enumerated() {
            references.append(("stickers[\(index)].file", sticker.file))
        }
        if let icon { references.append(("icon", icon)) }
        if let tray { references.append(("tray", tray)) }
        return references
    }
}
