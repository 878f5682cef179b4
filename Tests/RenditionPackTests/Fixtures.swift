import Foundation
import RenditionCodecs
import RenditionCore

/// Locates and loads files under the repository's `Fixtures/` folder.
enum Fixtures {
    static let root: String = {
        let file = URL(fileURLWithPath: #filePath)
        return file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    static func bytesAt(_ absolute: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: absolute)))
    }

    static func raster(_ relative: String) throws -> Raster {
        try ImageDecoder.decode(try bytes(relative))
    }

    static func files(in folder: String, extension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(folder))
            .filter { $0.hasSuffix("." + ext) }.sorted()
    }
}
