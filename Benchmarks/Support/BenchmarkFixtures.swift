import Foundation
import RenditionCodecs
import RenditionCore

/// Finds and loads the repository's `Fixtures/` for the benchmark suites.
///
/// The folder is looked up, in order: the `RENDITION_FIXTURES` environment variable, the
/// repository this source file was compiled from (`Benchmarks/Support/` → `../../Fixtures`),
/// then the current directory and its parents. So the suites run from a fresh clone
/// whatever directory the benchmark plugin starts them in.
public enum BenchmarkFixtures {
    /// The single @3x sticker every single-sticker benchmark uses (OpenMoji "grimacing face",
    /// a palette PNG of median size in `stickers/openmoji-618`). The peer comparison uses the same file.
    public static let openMoji618 = "stickers/openmoji-618/1F62C.png"
    /// A 512 px Noto Emoji sticker with soft alpha (RGBA PNG).
    public static let noto512 = "stickers/noto-512/emoji_u1f431.png"
    /// A 408 px master (derived from OpenMoji art).
    public static let master408 = "stickers/derived/1F354-408.png"
    /// A 300 px master (derived from OpenMoji art).
    public static let master300 = "stickers/derived/1F337-300.png"

    /// The absolute path of the `Fixtures` folder.
    public static let root: String = locateRoot()

    /// The bytes of `relativePath` under `Fixtures/`; exits with a message when missing.
    public static func bytes(_ relativePath: String) -> [UInt8] {
        let path = root + "/" + relativePath
        guard let data = FileManager.default.contents(atPath: path) else {
            fail("cannot read fixture \(path)")
        }
        return [UInt8](data)
    }

    /// The decoded (premultiplied) pixels of `relativePath`; exits with a message when it does not decode.
    public static func raster(_ relativePath: String) -> Raster {
        do {
            return try ImageDecoder.decode(bytes(relativePath))
        } catch {
            fail("cannot decode fixture \(relativePath): \(error)")
        }
    }

    /// Absolute paths of the image files in `Fixtures/<folder>`, sorted by name.
    public static func files(in folder: String) -> [String] {
        let directory = root + "/" + folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            fail("cannot list fixture folder \(directory)")
        }
        return names.filter { $0.hasSuffix(".png") }.sorted().map { directory + "/" + $0 }
    }

    private static func locateRoot() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["RENDITION_FIXTURES"], !explicit.isEmpty {
            return explicit
        }
        var candidates: [URL] = []
        // <repo>/Benchmarks/Support/BenchmarkFixtures.swift → <repo>
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<4 {
            candidates.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        for candidate in candidates {
            let fixtures = candidate.appendingPathComponent("Fixtures")
            if FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("stickers").path) {
                return fixtures.standardizedFileURL.path
            }
        }
        fail(
            "cannot find Fixtures/ (looked next to \(source.path) and above the current directory); set RENDITION_FIXTURES"
        )
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("benchmark setup: \(message)\n".utf8))
        exit(1)
    }
}
