import Foundation
import RenditionTestSupport
import Testing

/// The crafted Lottie and TGS files of `Fixtures/hostile/lottie`, rendered by `rendition
/// render` in a process of its own: each ends in its typed error (or a correct sticker) with
/// exit status 1, never a signal, in a process that stays under 1 GiB; and rendering them all
/// opens no file outside the inputs, whatever the documents name.
@Suite("Crafted vector stickers on the command line")
struct HostileVectorRenderTests {
    static let cases = HostileFixtures.cases(in: "lottie")
    /// The peak resident memory allowed for any crafted file.
    static let peakLimit = 1 << 30

    @Test("each crafted file ends in its typed error, exit 1, in a process under 1 GiB", arguments: cases)
    func refused(file: HostileFixtures.Case) throws {
        let folder = try TemporaryFolder.make("rendition-hostile-vector")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.renderAlone(Fixtures.path(file.path), in: folder)
        if file.phrase == "loads" {
            #expect(run.status == 0 && run.sticker["status"] as? String == "ok", "\(run.sticker)")
        } else {
            #expect(run.status == 1, "a refused input makes the run fail, with no signal")
            #expect(run.sticker["status"] as? String == "failed")
            let error = run.sticker["error"] as? String ?? ""
            #expect(error.contains(file.phrase), "\(error)")
        }
        if TestEnvironment.checksPeakMemory {
            #expect(run.peakBytes < Self.peakLimit, "peak RSS \(run.peakBytes >> 20) MB")
        }
    }

    @Test("a batch with every crafted file and two good stickers renders the good ones and names the rest")
    func batch() throws {
        let folder = try TemporaryFolder.make("rendition-hostile-batch")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = ["lottie/lottie-android/OpacityStops.tgs", "stickers/openmoji-618/1F62C.png"].map(Fixtures.path)
        let inputs = Self.cases.map { Fixtures.path($0.path) } + good
        let result = try CommandLineTests.run(["render"] + inputs + ["-o", folder + "/out", "--log", "jsonl"])
        #expect(result.status == 1)
        let stickers = CommandLineTests.events(result.out).filter { $0["event"] as? String == "sticker" }
        #expect(stickers.count == inputs.count)
        let failed = Set(stickers.filter { $0["status"] as? String == "failed" }.compactMap { $0["input"] as? String })
        let refused = Self.cases.filter { $0.phrase != "loads" }.map { Fixtures.path($0.path) }
        #expect(failed == Set(refused))
        for name in ["OpacityStops@2x.png", "1F62C@1x.png"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/out/" + name), "\(name)")
        }
    }

    @Test("rendering every crafted file opens no file the documents name (traced with strace)")
    func opensNoNamedFile() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: BuiltTool.strace),
            "strace is installed by Scripts/install-dependencies")
        let folder = try TemporaryFolder.make("rendition-hostile-open")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The files the crafted documents name, where rlottie would look for them: relative to
        // the working directory, under its default resource folder " ", and under "images/".
        let planted = try Fixtures.bytes("stickers/openmoji-618/1F62C.png")
        for path in [" /secret.png", " secret.png", "secret.png", "images/img_0.png", " /images/img_0.png"] {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(planted).write(to: URL(fileURLWithPath: full))
        }
        let inputs = Self.cases.map { Fixtures.path($0.path) } + [Fixtures.path("lottie/lottie-android/WeAccept.tgs")]
        let ended = try BuiltTool.traced(
            ["render"] + inputs + ["-o", folder + "/out", "--threads", "1"],
            straceOptions: ["-e", "trace=open,openat,openat2,creat"], trace: folder + "/trace.txt", in: folder)
        #expect(ended.reason == .exit && ended.status == 1)
        let trace = try String(contentsOfFile: folder + "/trace.txt", encoding: .utf8)
        let opens = trace.split(separator: "\n").filter { $0.contains("open") }
        #expect(opens.count > 10, "the trace holds the process's opens")
        let named = opens.filter { $0.contains("secret.png") || $0.contains("img_0.png") }
        #expect(named.isEmpty, "\(named)")
    }
}
