import Foundation
import RenditionCore
import Testing

/// Pillow as an independent APNG decoder: a `python3` subprocess that dumps every frame
/// Pillow composites (straight RGBA8) with its durations and loop count.
///
/// Pillow lists an APNG's default image as frame 0 even when it is not part of the
/// animation; the script drops it then. Tests that need the oracle fail (never silently
/// pass) when Python or Pillow is missing.
enum PillowOracle {
    /// What Pillow decoded from one file.
    struct Result {
        /// Frames, premultiplied for comparison with Rendition's rasters.
        let frames: [Raster]
        /// Each frame's duration in milliseconds as Pillow reports it.
        let durations: [Double]
        /// Pillow's `info["loop"]` (0 when absent).
        let loopCount: Int
    }

    enum Failure: Error, CustomStringConvertible {
        case unavailable(String)
        var description: String {
            switch self {
            case .unavailable(let detail):
                "Pillow is not available to the tests (\(detail)): run Scripts/install-dependencies"
            }
        }
    }

    private static let script = """
        import json, sys
        from PIL import Image
        for path in sys.argv[1:]:
            image = Image.open(path)
            durations, data = [], bytearray()
            for i in range(getattr(image, "n_frames", 1)):
                image.seek(i)
                if i == 0 and image.info.get("default_image"):
                    continue
                data += image.convert("RGBA").tobytes()
                durations.append(float(image.info.get("duration") or 0))
            with open(path + ".frames", "wb") as f:
                f.write(data)
            with open(path + ".json", "w") as f:
                json.dump({"width": image.size[0], "height": image.size[1],
                           "durations": durations, "loop": image.info.get("loop", 0)}, f)
        """

    private struct Metadata: Decodable {
        let width: Int
        let height: Int
        let durations: [Double]
        let loop: Int
    }

    /// Decodes each file (given as bytes) with Pillow, in one Python process.
    static func decode(_ files: [[UInt8]]) throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rendition-pillow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try files.enumerated().map { index, bytes in
            let path = folder.appendingPathComponent("\(index).png").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure.unavailable("python3 could not be started: \(error)")
        }
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            if errorText.contains("No module named 'PIL'") { throw Failure.unavailable("no module named PIL") }
            throw Failure.unavailable("python3 failed: \(errorText)")
        }
        return try paths.map { path in
            let metadata = try JSONDecoder().decode(
                Metadata.self, from: Data(contentsOf: URL(fileURLWithPath: path + ".json")))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".frames")))
            let frameBytes = metadata.width * metadata.height * 4
            let frames = (0..<metadata.durations.count).map { i in
                Raster(
                    width: metadata.width, height: metadata.height,
                    straightRGBA: Array(bytes[(i * frameBytes)..<((i + 1) * frameBytes)]))
            }
            return Result(frames: frames, durations: metadata.durations, loopCount: metadata.loop)
        }
    }
}
