import Foundation
import RenditionCodecs
import RenditionPack
import RenditionTestSupport
import Testing

/// `rendition render` on animations and on many threads: the same bytes whatever the thread
/// count, and the memory bound of a long animation.
@Suite("rendition render: threads and memory")
struct RenderCommandTests {
    /// Every file in `folder` except the manifest (whose lines follow completion order) and its lock.
    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder)
        where !name.hasPrefix(".rendition-manifest") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        return files
    }

    @Test("rendition render writes the same bytes with 1, 2 and 8 threads, run after run")
    func sameBytesOnAnyThreadCount() throws {
        let input = try TestAnimations.determinismInputFolder()
        var runs: [(threads: Int, files: [String: Data])] = []
        for threads in [1, 2, 8, 8] {
            let output = try TemporaryFolder.make("rendition-determinism-out")
            let result = try CommandLineTests.run([
                "render", input, "-o", output, "--include-3x", "--threads", "\(threads)", "--log", "jsonl",
            ])
            #expect(result.status == 0, "\(result.err)")
            runs.append((threads, try Self.files(in: output)))
        }
        #expect(runs[0].files.count == TestAnimations.determinismInputCount * 3)
        for run in runs.dropFirst() {
            #expect(run.files.keys.sorted() == runs[0].files.keys.sorted())
            let differing = run.files.keys.filter { run.files[$0] != runs[0].files[$0] }.sorted()
            #expect(differing.isEmpty, "\(run.threads) threads differ from 1 thread in \(differing)")
        }
    }

    @Test("300 frames of 618 px render within the stated memory bound (1.3 x the resampled frames + 64 MB)")
    func memoryBound() throws {
        // movingSquare(frames: 300, side: 618) (RenditionPackTests checks the fixture is).
        let output = try TemporaryFolder.make("rendition-memory-bound")
        let path = Fixtures.path("animated/moving-square-300f-618.png")
        let result = try CommandLineTests.run(["render", path, "-o", output, "--threads", "2", "--log", "jsonl"])
        #expect(result.status == 0, "\(result.err)")
        let summary = try #require(
            result.out.split(separator: "\n").last.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        let peakBytes = try #require(summary["peak_rss_bytes"] as? Int)
        // Frames are resampled as they are decoded, so the full-size master (458 MB) is never
        // held: what stays is the @2x and @1x frames (255 MB) and the encoders' working memory.
        let resampled = 300 * (412 * 412 + 206 * 206) * 4
        if TestEnvironment.checksPeakMemory {
            #expect(peakBytes < resampled * 13 / 10 + 64 << 20, "peak RSS \(peakBytes >> 20) MB")
        }
        let twoX = try APNGDecoder.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(output)/moving-square-300f-618@2x.png"))))
        #expect(twoX.frames.count == 300 && twoX.width == 412)
    }
}
