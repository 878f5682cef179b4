import Foundation
import RenditionCodecs
import RenditionTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Kills `rendition render` with SIGKILL at random moments and resumes it, as a user's
/// machine or a scheduler might.
@Suite("Crash safety")
struct CrashSafetyTests {
    @Test("a batch killed repeatedly never leaves a partial file and resumes to the same bytes")
    func killAndResume() throws {
        let inputs = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").prefix(24).map {
            Fixtures.path("stickers/openmoji-618/" + $0)
        }
        #expect(inputs.count == 24)
        let reference = NSTemporaryDirectory() + "rendition-ref-" + UUID().uuidString
        let resumed = NSTemporaryDirectory() + "rendition-kill-" + UUID().uuidString
        let clock = ContinuousClock()
        let started = clock.now
        let full = try CommandLineTests.run(
            ["render"] + inputs + ["-o", reference, "--threads", "2", "--log", "jsonl"])
        #expect(full.status == 0)
        // Kill moments are fractions of how long the whole batch took here on 2 threads, and the
        // killed runs use 1 thread (about twice as long), so the first kills land mid-batch on
        // a fast machine and a slow one alike.
        let elapsed = (clock.now - started).components
        let fullMicroseconds = Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12

        var generator = SystemRandomNumberGenerator()
        var kills = 0
        // The reference run's time is noisy on a shared machine: when a run finishes before
        // the first kill, its output is removed and the kill moments are halved, so kills land
        // mid-batch however busy the machine was during the reference run.
        var scale = 1.0
        for _ in 0..<8 {
            let process = Process()
            process.executableURL = CommandLineTests.executable
            process.arguments = ["render"] + inputs + ["-o", resumed, "--threads", "1", "--log", "jsonl"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(fullMicroseconds * scale * Double.random(in: 0.1...0.6, using: &generator)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            if kills == 0 {
                try? FileManager.default.removeItem(atPath: resumed)
                scale /= 2
                continue
            }
            // Whatever is on disk under a final name must be a complete, valid PNG.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: resumed)) ?? [] where !name.hasPrefix(".")
            {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(resumed)/\(name)")))
                #expect((try? PNGDecoder.decode(bytes)) != nil, "\(name) is partial or corrupt after a kill")
            }
        }
        let last = try CommandLineTests.run(["render"] + inputs + ["-o", resumed, "--threads", "2", "--log", "jsonl"])
        #expect(last.status == 0)
        #expect(kills > 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: reference).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(names.count == 48)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: resumed).filter { !$0.hasPrefix(".") }.sorted() == names
        )
        for name in names {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: "\(reference)/\(name)"))
                    == Data(contentsOf: URL(fileURLWithPath: "\(resumed)/\(name)")))
        }
        // No temporary files survive the final run.
        #expect(try FileManager.default.contentsOfDirectory(atPath: resumed).filter { $0.contains(".tmp-") }.isEmpty)
    }
}
