import Foundation
import RenditionTestSupport
import Testing

/// `rendition render` makes its files durable by flushing each of them and their folder
/// (`fsync`), never by flushing the whole machine (`sync`, `syncfs`): traced with strace.
@Suite("Durable writes on the command line")
struct DurableWriteTraceTests {
    @Test("render flushes each output file and the folder with fsync, and never calls sync or syncfs")
    func fsyncNotSync() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: BuiltTool.strace),
            "strace is installed by Scripts/install-dependencies")
        let folder = try TemporaryFolder.make("rendition-durable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = URL(fileURLWithPath: folder + "/out").resolvingSymlinksInPath().path
        let inputs = ["002D", "1F195", "1F62C", "2764"].map { Fixtures.path("stickers/openmoji-618/\($0).png") }
        // -y prints the path behind each file descriptor.
        let ended = try BuiltTool.traced(
            ["render"] + inputs + ["-o", out, "--threads", "2"],
            straceOptions: ["-y", "-e", "trace=sync,syncfs,fsync,fdatasync"], trace: folder + "/trace.txt", in: folder)
        #expect(ended.reason == .exit && ended.status == 0)

        let trace = try String(contentsOfFile: folder + "/trace.txt", encoding: .utf8)
        let calls = trace.split(separator: "\n").map(String.init)
        let machineWide = calls.filter { $0.contains(/(^|[\s>])(sync|syncfs)\(/) }
        #expect(machineWide.isEmpty, "\(machineWide)")
        let fsyncs = calls.filter { $0.contains("fsync(") }
        let outputs = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        #expect(outputs.count == inputs.count * 2, "\(outputs)")
        for name in outputs {
            let flushes = fsyncs.filter { $0.contains("<\(out)/\(name)>") }
            #expect(flushes.count == 1, "\(name) is flushed once: \(flushes)")
        }
        #expect(fsyncs.contains { $0.contains("<\(out)>") }, "the folder is flushed: \(fsyncs)")
        #expect(fsyncs.allSatisfy { $0.contains("= 0") || $0.contains("unfinished") }, "\(fsyncs)")
    }
}
