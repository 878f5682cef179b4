import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import RenditionTestSupport
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
        for file in [
            "stickers/openmoji-618/1F195.png", "stickers/derived/1F601-300.png", "jpeg/emoji_u1f236-on-white.jpg",
        ] {
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
            let master = try ImageDecoder.decode(
                try Fixtures.bytes(
                    name == "1F195"
                        ? "stickers/openmoji-618/1F195.png"
                        : name == "1F601-300" ? "stickers/derived/1F601-300.png" : "jpeg/emoji_u1f236-on-white.jpg"))
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
        #expect(
            written == [
                RenderManifest.fileName, OutputFolderLock.fileName, "1F195@1x.png", "1F195@2x.png", "1F601-300@1x.png",
                "1F601-300@2x.png", "emoji_u1f236-on-white@1x.png", "emoji_u1f236-on-white@2x.png",
            ])
    }

    @Test("an output folder given with trailing slashes gives paths without a doubled slash")
    func trailingSlash() throws {
        let output = try Self.temporaryFolder()
        let batch = BatchRenderer(renderer: StickerRenderer(), outputDirectory: output + "//", threads: 1)
        let results = try batch.run(inputs: [Fixtures.path("stickers/derived/1F601-300.png")])
        let paths = try results[0].outcome.get().map(\.path)
        #expect(paths == ["\(output)/1F601-300@2x.png", "\(output)/1F601-300@1x.png"], "\(paths)")
    }

    @Test("the same bytes come out with 1 and 2 threads")
    func threadCountDoesNotChangeOutput() throws {
        let inputs = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").prefix(6).map {
            Fixtures.path("stickers/openmoji-618/" + $0)
        }
        #expect(inputs.count == 6)
        var outputs: [[String: Data]] = []
        for threads in [1, 2] {
            let output = try Self.temporaryFolder()
            try BatchRenderer(
                renderer: StickerRenderer(options: RenderOptions(scales: [.x3, .x2, .x1])), outputDirectory: output,
                threads: threads
            )
            .run(inputs: Array(inputs))
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output)
            where !name.hasPrefix(".rendition-manifest") {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(name)"))
            }
            #expect(files.count == 18)
            outputs.append(files)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("a second run skips up-to-date stickers, and redoes changed inputs, missing outputs and new options")
    func incrementalRuns() throws {
        let input = try Self.temporaryFolder(), output = try Self.temporaryFolder()
        for name in ["1F195", "1F1E7-1F1F2", "1F300"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/openmoji-618/\(name).png"), toPath: "\(input)/\(name).png")
        }
        let files = try StickerInputs.expand([input])
        let batch = BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2)
        let first = try batch.run(inputs: files)
        #expect(first.allSatisfy { !$0.skipped })
        let before = try Data(contentsOf: URL(fileURLWithPath: "\(output)/1F300@2x.png"))

        let second = try batch.run(inputs: files)
        #expect(second.allSatisfy { $0.skipped })

        // A changed input, a deleted output and a truncated output are all redone.
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F601-300.png"), toPath: "\(input)/changed.png")
        try FileManager.default.removeItem(atPath: "\(input)/1F195.png")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/openmoji-618/1F3AF.png"), toPath: "\(input)/1F195.png")
        try FileManager.default.removeItem(atPath: "\(output)/1F1E7-1F1F2@1x.png")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: "\(output)/1F300@2x.png"))
        let third = try batch.run(inputs: try StickerInputs.expand([input]))
        #expect(third.filter { !$0.skipped }.map(\.name).sorted() == ["1F195", "1F1E7-1F1F2", "1F300", "changed"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(output)/1F300@2x.png")) == before)

        // Different options (compression level) re-render everything.
        let other = BatchRenderer(
            renderer: StickerRenderer(options: RenderOptions(png: .init(compressionLevel: 3))), outputDirectory: output,
            threads: 1)
        #expect(try other.run(inputs: try StickerInputs.expand([input])).allSatisfy { !$0.skipped })
    }

    @Test("shards split a catalog into disjoint parts that cover it")
    func shards() throws {
        let names = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").map { String($0.dropLast(4)) }
        #expect(names.count == 152)
        var seen = Set<String>()
        for i in 1...3 {
            let shard = try #require(Shard(parsing: "\(i)/3"))
            let part = names.filter { shard.contains(stickerNamed: $0) }
            #expect(part.count > names.count / 6)
            #expect(seen.isDisjoint(with: part))
            seen.formUnion(part)
        }
        #expect(seen.count == names.count)
        #expect(Shard(parsing: "0/3") == nil && Shard(parsing: "4/3") == nil && Shard(parsing: "x") == nil)
    }

    @Test("two inputs with the same sticker name: the second is reported, not overwritten")
    func duplicateNames() throws {
        let a = try Self.temporaryFolder(), b = try Self.temporaryFolder(), output = try Self.temporaryFolder()
        try FileManager.default.copyItem(atPath: Fixtures.path("stickers/openmoji-618/1F195.png"), toPath: "\(a)/x.png")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F601-300.png"), toPath: "\(b)/x@3x.png")
        let results = try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2).run(inputs: [
            "\(a)/x.png", "\(b)/x@3x.png",
        ])
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
