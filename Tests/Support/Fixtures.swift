import Foundation
import RenditionCodecs
import RenditionCore

/// Locates and loads files under the repository's `Fixtures/` folder, for the test targets.
public enum Fixtures {
    /// The absolute path of `Fixtures/`.
    public static let root: String = {
        let file = URL(fileURLWithPath: #filePath)
        return file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }()

    /// The absolute path of a fixture.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// A fixture's bytes.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// Any file's bytes, by absolute path.
    public static func bytesAt(_ absolute: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: absolute)))
    }

    /// A fixture decoded to a premultiplied raster.
    public static func raster(_ relative: String) throws -> Raster {
        try ImageDecoder.decode(try bytes(relative))
    }

    /// The names of the files in a fixture folder with an extension, sorted.
    public static func files(in folder: String, extension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(folder))
            .filter { $0.hasSuffix("." + ext) }.sorted()
    }
}
