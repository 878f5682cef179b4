import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPack
import Testing

@Suite("Batch rendering")
struct BatchRendererTests {
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "rendition-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("renders @2x and @1x PNGs that equal the resampled master, and goes on past a bad file")
    func rendersFolderWithBadFile() throws {
        let input = try Self.temporaryFolder()
        let output = try Self.temporaryFolder()
        for file in ["stickers/openmoji-618/1F195.png", "stickers/derived/1F601-300.png", "jpeg/emoji_u1f236-on-white.jpg"] {
            let name = file.split(separator: "/").last!
            try FileManager.default.copyItem(atPath: Fixtures.path(file), toPath: "\(input)/\(name)")
        }
        try FileManager.default.copyItem(atPath: Fixtures.path("pngsuite/xhdn0g08.png"), toPath: "\(input)/broken.png")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(input)/notes.png"))

        let batch = BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2)
        let results = try batch.run(inputs: try StickerInputs.expand([input]))
        #expect(results.map(\.name) == ["1F195", "1F601-300", "broken", "emoji_u1f236-on-white", "notes"])
        let failed = results.filter { if case .failure = $0.outcome { true } else { false } }.map(\.name)
        #expect(failed == ["broken", "notes"])

        let expectedSizes = ["1F195": (412, 206), "1F601-300": (200, 100), "emoji_u1f236-on-white": (341, 171)]
        for (name, sizes) in expectedSizes {
            let master = try ImageDecoder.decode(try Fixtures.bytes(
                name == "1F195" ? "stickers/openmoji-618/1F195.png" : name == "1F601-300" ? "stickers/derived/1F601-300.png" : "jpeg/emoji_u1f236-on-white.jpg"))
            for (scale, side) in [("@2x", sizes.0), ("@1x", sizes.1)] {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(name)\(scale).png")))
                let decoded = try PNGDecoder.decode(bytes)
                #expect(decoded.width == side && decoded.height == side)
                #expect(decoded == LanczosResampler().resample(master, width: side, height: side))
            }
            #expect(!FileManager.default.fileExists(atPath: "\(output)/\(name)@3x.png"))
        }
        // Nothing else (no temporary files, nothing for the bad inputs).
        let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(written == ["1F195@1x.png", "1F195@2x.png", "1F601-300@1x.png", "1F601-300@2x.png", "emoji_u1f236-on-white@1x.png", "emoji_u1f236-on-white@2x.png"])
    }

    @Test("the same bytes come out with 1 and 2 threads")
    func threadCountDoesNotChangeOutput() throws {
        let inputs = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").prefix(6).map { Fixtures.path("stickers/openmoji-618/" + $0) }
        var outputs: [[String: Data]] = []
        for threads in [1, 2] {
            let output = try Self.temporaryFolder()
            try BatchRenderer(renderer: StickerRenderer(options: RenderOptions(scales: [.x3, .x2, .x1])), outputDirectory: output, threads: threads)
                .run(inputs: Array(inputs))
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output) {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(name)"))
            }
            #expect(files.count == 18)
            outputs.append(files)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("two inputs with the same sticker name: the second is reported, not overwritten")
    func duplicateNames() throws {
        let a = try Self.temporaryFolder(), b = try Self.temporaryFolder(), output = try Self.temporaryFolder()
        try FileManager.default.copyItem(atPath: Fixtures.path("stickers/openmoji-618/1F195.png"), toPath: "\(a)/x.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("stickers/derived/1F601-300.png"), toPath: "\(b)/x@3x.png")
        let results = try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2).run(inputs: ["\(a)/x.png", "\(b)/x@3x.png"])
        guard case .failure(.duplicateName) = results[1].outcome else {
            Issue.record("expected a duplicate-name failure")
            return
        }
        let decoded = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(output)/x@2x.png"))))
        #expect(decoded.width == 412)
    }

    @Test("sticker names drop the extension and a trailing @3x")
    func names() {
        #expect(StickerInputs.stickerName(for: "/a/b/cat@3x.png") == "cat")
        #expect(StickerInputs.stickerName(for: "dog.jpeg") == "dog")
        #expect(StickerInputs.stickerName(for: ".hidden") == ".hidden")
        #expect(throws: FileError.self) { _ = try StickerInputs.expand(["/no/such/path"]) }
    }

    @Test("atomic writes replace files whole and leave no temporary file behind")
    func atomicWrite() throws {
        let folder = try Self.temporaryFolder()
        let path = folder + "/file.bin"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write(Array(repeating: 7, count: 100_000), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 100_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file.bin"])
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: folder + "/missing/dir/file.bin") }
    }
}
