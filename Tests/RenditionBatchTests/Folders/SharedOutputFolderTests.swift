import Foundation
import Glibc
import RenditionBatch
import RenditionPipeline
import RenditionTestSupport
import Testing

@Suite("Several writers in one output folder")
struct SharedOutputFolderTests {
    /// Takes the folder's lock shared, as another process's batch does while it writes.
    static func holdLock(in folder: String) throws -> Int32 {
        let fd = open("\(folder)/\(OutputFolderLock.fileName)", O_RDWR | O_CREAT, 0o644)
        try #require(fd >= 0)
        try #require(flock(fd, LOCK_SH) == 0)
        return fd
    }

    static func manifestLines(_ folder: String) throws -> [String] {
        try String(contentsOfFile: "\(folder)/\(RenderManifest.fileName)", encoding: .utf8).split(separator: "\n").map(
            String.init)
    }

    @Test(
        "while another writer holds the folder, its temporary files stay and the manifest is only appended to; alone, a batch tidies both"
    )
    func anotherWriterAtWork() throws {
        let output = try BatchRendererTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let inFlight = "\(output)/.other@2x.png.tmp-AbC123"
        try Data("half a file".utf8).write(to: URL(fileURLWithPath: inFlight))
        // Another process's line, in the manifest before this batch starts.
        let other = #"{"inputHash":"00","name":"other","optionsHash":"00","outputs":[]}"#
        try Data((other + "\n").utf8).write(to: URL(fileURLWithPath: "\(output)/\(RenderManifest.fileName)"))

        let fd = try Self.holdLock(in: output)
        let batch = BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2)
        let inputs = [Fixtures.path("stickers/derived/1F601-300.png"), Fixtures.path("stickers/derived/1F41D-300.png")]
        let results = try batch.run(inputs: inputs)
        #expect(results.allSatisfy { if case .success = $0.outcome { true } else { false } })
        #expect(FileManager.default.fileExists(atPath: inFlight), "another writer's temporary file is left alone")
        let appended = try Self.manifestLines(output)
        #expect(
            appended.count == 3 && appended[0] == other, "not compacted while another writer may append: \(appended)")
        close(fd)

        // Alone now: the next batch removes the leftover and compacts, keeping every sticker.
        let again = try batch.run(inputs: inputs)
        #expect(again.allSatisfy { $0.skipped })
        #expect(!FileManager.default.fileExists(atPath: inFlight))
        let compacted = try Self.manifestLines(output)
        #expect(compacted.count == 3 && compacted.contains { $0.contains("\"name\":\"other\"") })
        #expect(
            compacted.map { $0.contains("\"name\":\"1F41D-300\"") } == [true, false, false],
            "sorted by name: \(compacted)")
    }

    @Test("four processes' worth of batches on the same folder at once lose no manifest line and fail no sticker")
    func concurrentBatches() async throws {
        let output = try BatchRendererTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let files = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").prefix(16).map {
            Fixtures.path("stickers/openmoji-618/\($0)")
        }
        // Each batch has its own lock descriptor, as separate processes do.
        let results = try await withThrowingTaskGroup(of: [StickerResult].self) { group in
            for part in 0..<4 {
                let mine = files.enumerated().filter { $0.offset % 4 == part }.map(\.element)
                group.addTask {
                    try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 1).run(
                        inputs: mine)
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(
            results.count == files.count && results.allSatisfy { if case .success = $0.outcome { true } else { false } }
        )
        let rerun = try BatchRenderer(renderer: StickerRenderer(), outputDirectory: output, threads: 2).run(
            inputs: files)
        #expect(
            rerun.allSatisfy { $0.skipped },
            "every sticker is in the manifest: \(rerun.filter { !$0.skipped }.map(\.name))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}
