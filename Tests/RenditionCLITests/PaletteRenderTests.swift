import Foundation
import RenditionCodecs
import RenditionTestSupport
import Testing

/// `rendition render --palette`: lossy dithered palette PNG and APNG renditions.
@Suite("rendition render --palette")
struct PaletteRenderTests {
    /// Runs the executable with extra environment variables.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }

    /// A folder with two stills (Noto, soft alpha; OpenMoji) and a 6-frame APNG, all with more
    /// than 256 colours once resampled.
    static func inputs() throws -> String {
        let folder = try TemporaryFolder.make("rendition-palette-in")
        for file in ["stickers/noto-512/emoji_u1f3c2.png", "stickers/openmoji-618/E04A.png"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path(file), toPath: "\(folder)/\(URL(fileURLWithPath: file).lastPathComponent)")
        }
        let square = try TestAnimations.movingSquare(frames: 6, side: 300)
        try Data(try APNGEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square.png"))
        return folder
    }

    static func render(_ input: String, _ options: [String], environment: [String: String] = [:]) throws -> [String:
        [UInt8]]
    {
        let output = try TemporaryFolder.make("rendition-palette-out")
        let result = try run(["render", input, "-o", output, "--log", "jsonl"] + options, environment: environment)
        #expect(result.status == 0, "\(result.err)")
        return try RenderCommandTests.files(in: output).mapValues { [UInt8]($0) }
    }

    @Test("--palette writes 8-bit palette PNGs and APNGs smaller than the default ones; without it nothing changes")
    func paletteFlag() throws {
        let input = try Self.inputs()
        let truecolour = try Self.render(input, ["--threads", "2"])
        let palette = try Self.render(input, ["--palette", "--threads", "2"])
        #expect(truecolour.count == 6 && palette.keys.sorted() == truecolour.keys.sorted())
        for name in truecolour.keys.sorted() {
            let (t, p) = (truecolour[name]!, palette[name]!)
            #expect(t[25] == 6 && p[25] == 3 && p[24] == 8, "\(name): colour types \(t[25]) and \(p[25])")
            #expect(p.count < t.count * 7 / 10, "\(name): palette \(p.count) B, truecolour \(t.count) B")
        }
        let square = try APNGDecoder.decode(palette["square@2x.png"]!)
        #expect(square.frames.count == 6 && square.width == 200)
    }

    @Test("a floor no palette reaches keeps every rendition truecolour, byte for byte")
    func floorKeepsTruecolour() throws {
        let input = try Self.inputs()
        let truecolour = try Self.render(input, ["--threads", "1"])
        let refused = try Self.render(input, ["--palette", "--palette-similarity", "1", "--threads", "1"])
        let same = refused == truecolour
        #expect(same)
    }

    @Test("--palette gives the same bytes with 1 or 2 worker threads")
    func deterministic() throws {
        let input = try Self.inputs()
        let one = try Self.render(input, ["--palette", "--threads", "1"])
        let two = try Self.render(input, ["--palette", "--threads", "2"])
        let same = one == two
        #expect(same && one.count == 6)
    }

    @Test("a palette floor out of range, or without --palette, is a usage error")
    func usageErrors() throws {
        let input = try Self.inputs()
        let output = try TemporaryFolder.make("rendition-palette-usage")
        for options in [
            ["--palette-similarity", "0.9"], ["--palette", "--palette-similarity", "1.5"],
            ["--palette", "--palette-similarity", "2"],
        ] {
            let result = try Self.run(["render", input, "-o", output] + options)
            #expect(result.status == 2, "\(options): status \(result.status)")
            #expect(result.err.contains("--palette"), "\(options): \(result.err)")
        }
    }
}
