import Foundation
import RenditionTestSupport
import Testing

/// Crafted WebM files (`Fixtures/hostile/webm/`) rendered by `rendition render` in a process of
/// its own: frame sizes the track does not allow never reach libvpx (before the check, the
/// intra-only frames below made libvpx allocate about 800 MB), arithmetic on the file's
/// timecodes never traps, and a batch goes on past them. Peak memory is the JSON summary's
/// `peak_rss_bytes` (the kernel's `VmHWM`), as in `BombRenderTests`.
@Suite("Hostile WebM files on the command line")
struct HostileWebMRenderTests {
    /// Well under the 800 MB that a 16384 x 16384 frame made libvpx allocate, and under 1 GiB.
    static let peakLimit = 256 << 20

    static let sizeCases: [(file: String, status: Int32, message: String)] = [
        ("vp9-intra-only-16384.webm", 1, "frame 1 of the colour stream: an intra-only frame of 16384x16384"),
        ("vp9-superframe-intra-only-16384.webm", 1, "superframe frame 2 of 2: an intra-only frame of 16384x16384"),
        ("vp9-alpha-intra-only-16384.webm", 1, "frame 2 of the alpha stream: an intra-only frame of 16384x16384"),
        ("vp9-show-existing-then-intra-only.webm", 0, ""),
        ("block-duration-1e10.webm", 1, "frame 3 lasts 10000000000 s"),
        ("timecode-times-scale-overflows.webm", 1, "frame 1 lasts 1099511627771 s"),
    ]

    @Test(
        "a frame size the track does not allow is refused before libvpx allocates; exit 1, never a signal",
        arguments: sizeCases.map(\.file))
    func refusedInSmallProcess(file: String) throws {
        let expected = try #require(Self.sizeCases.first { $0.file == file })
        let folder = try TemporaryFolder.make("rendition-hostile-webm")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.renderAlone(Fixtures.path("hostile/webm/" + file), in: folder)
        // A trap would end the process with a signal (status 4 or 5 on Linux, 132 from a shell).
        #expect(run.status == expected.status)
        if expected.status == 1 {
            #expect(run.sticker["status"] as? String == "failed")
            let error = run.sticker["error"] as? String ?? ""
            #expect(error.contains(expected.message), "\(error)")
        } else {
            #expect(run.sticker["status"] as? String == "ok")
        }
        if TestEnvironment.checksPeakMemory {
            #expect(run.peakBytes < Self.peakLimit, "peak RSS \(run.peakBytes >> 20) MB")
        }
    }

    @Test("a folder of good stickers and hostile WebMs: the good ones are rendered, the bad named, exit 1")
    func batchGoesOn() throws {
        let folder = try TemporaryFolder.make("rendition-hostile-batch")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        let good = ["stickers/derived/1F601-300.png", "lint/animated.png", "webm/made/vp9-alpha-64x64-vfr.webm"]
        let bad = ["vp9-intra-only-16384.webm", "delays-sum-past-int.webm", "segment-duration-1e11.webm"]
        for path in good {
            try FileManager.default.copyItem(
                atPath: Fixtures.path(path), toPath: input + "/" + URL(fileURLWithPath: path).lastPathComponent)
        }
        for name in bad {
            try FileManager.default.copyItem(atPath: Fixtures.path("hostile/webm/" + name), toPath: input + "/" + name)
        }
        let result = try CommandLineTests.run([
            "render", input, "-o", folder + "/out", "--threads", "2", "--log", "jsonl",
        ])
        #expect(result.status == 1, "stderr: \(result.err)")
        let events = CommandLineTests.events(result.out)
        let stickers = events.filter { $0["event"] as? String == "sticker" }
        #expect(stickers.count == good.count + bad.count, "stdout: \(result.out)")
        for path in good {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            #expect(
                stickers.contains { $0["name"] as? String == name && $0["status"] as? String == "ok" },
                "\(name) not rendered: \(result.out)")
            let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out")
            #expect(written.contains { $0.hasPrefix(name + "@1x.") }, "\(name): \(written)")
        }
        for name in bad {
            let failed = stickers.first { ($0["input"] as? String ?? "").hasSuffix("/" + name) }
            #expect(failed?["status"] as? String == "failed", "\(name): \(String(describing: failed))")
            let error = failed?["error"] as? String ?? ""
            #expect(error.contains(name), "the error names the file: \(error)")
        }
        let summary = try #require(events.first { $0["event"] as? String == "summary" }, "stdout: \(result.out)")
        #expect(summary["rendered"] as? Int == good.count && summary["failed"] as? Int == bad.count)
    }
}
