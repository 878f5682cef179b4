import Foundation
import RenditionTestSupport
import Testing

/// `rendition render` reads no more of an input than its limit and one byte: traced with strace.
@Suite("Bounded input reads on the command line")
struct BoundedReadTraceTests {
    @Test("an input longer than input-bytes is read up to input-bytes + 1 bytes, no further")
    func readsUpToLimit() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: BuiltTool.strace),
            "strace is installed by Scripts/install-dependencies")
        let folder = URL(fileURLWithPath: try TemporaryFolder.make("rendition-bounded-read"))
            .resolvingSymlinksInPath().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/big.png"
        var random = SplitMix64(seed: 11)
        try Data((0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &random) })
            .write(to: URL(fileURLWithPath: input))
        // -ff: one trace file per thread or process, so no call is split across lines; -y: the
        // path behind each file descriptor.
        let ended = try BuiltTool.traced(
            ["render", input, "-o", folder + "/out", "--limit", "input-bytes=1000", "--threads", "1"],
            straceOptions: ["-ff", "-y", "-s", "0", "-e", "trace=read,pread64,readv,preadv,preadv2"],
            trace: folder + "/trace", in: folder)
        #expect(ended.reason == .exit && ended.status == 1, "the input is refused")

        var bytesRead = 0
        var calls: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasPrefix("trace.") {
            let trace = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in trace.split(separator: "\n") where line.contains("<\(input)>") {
                calls.append(String(line))
                let result = line.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces) }
                bytesRead += result.flatMap { Int($0) } ?? 0
            }
        }
        #expect(!calls.isEmpty, "the input was read")
        #expect(bytesRead == 1_001, "\(calls)")
    }
}
