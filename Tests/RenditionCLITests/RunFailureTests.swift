import Foundation
import RenditionTestSupport
import Testing

/// Exit statuses and messages of failures met while running a well-formed command line
/// (status 1, an `error:` line, no usage), and the summary lines of render.
@Suite("run-time failures and summaries")
struct RunFailureTests {
    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "rendition-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Exit 1 with an `error:` line and without the usage text.
    static func expectRunFailure(
        _ result: (status: Int32, out: String, err: String), _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 1, "\(result.err)", sourceLocation: sourceLocation)
        #expect(
            result.err.contains("error: ") && result.err.contains(message), "\(result.err)",
            sourceLocation: sourceLocation)
        #expect(
            !result.err.contains("Usage:") && !result.err.contains("--help"), "\(result.err)",
            sourceLocation: sourceLocation)
    }

    @Test("a missing path, an empty folder or a file in the way of the output folder exit 1 without usage")
    func runFailures() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/missing.png"
        let empty = folder + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let blocker = folder + "/blocker"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let sticker = Fixtures.path("stickers/derived/1F601-300.png")

        Self.expectRunFailure(try CommandLineTests.run(["render", missing, "-o", folder + "/out"]), missing)
        Self.expectRunFailure(
            try CommandLineTests.run(["render", empty, "-o", folder + "/out"]), "no image files found")
        Self.expectRunFailure(try CommandLineTests.run(["render", sticker, "-o", blocker]), blocker)
        Self.expectRunFailure(try CommandLineTests.run(["lint", missing]), missing)
        Self.expectRunFailure(try CommandLineTests.run(["lint", empty]), "no image files found")
        Self.expectRunFailure(try CommandLineTests.run(["preview", missing, "-o", folder + "/sheet.png"]), missing)
        Self.expectRunFailure(try CommandLineTests.run(["preview", sticker, "-o", blocker + "/sheet.png"]), blocker)
        Self.expectRunFailure(
            try CommandLineTests.run(["pack", folder + "/no-such-folder", "-o", folder + "/pack"]), "no-such-folder")
        // A wrong command line still exits 2 with the usage.
        let usage = try CommandLineTests.run(["render", sticker, "-o", folder + "/out", "--threads=-1"])
        #expect(usage.status == 2 && usage.err.contains("Usage:"))
    }

    @Test("preview reports files it cannot decode and exits 1")
    func previewUndecodable() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = Fixtures.path("pngsuite/xcsn0g01.png")
        let result = try CommandLineTests.run([
            "preview", broken, Fixtures.path("lint/clean.png"), "-o", folder + "/sheet.png", "--scales", "1",
        ])
        #expect(result.status == 1)
        #expect(result.err.contains("error: \(broken)"), "\(result.err)")
        #expect(
            FileManager.default.fileExists(atPath: folder + "/sheet.png"),
            "the sheet is still written, with the file's card")
    }

    @Test("a re-run says 0 rendered, 1 up to date, without an unknown master size; an all-failed run prints no rate")
    func summaries() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sticker = Fixtures.path("stickers/derived/1F601-300.png")
        let first = try CommandLineTests.run(["render", sticker, "-o", folder, "--log", "human"])
        #expect(first.status == 0)
        #expect(first.out.contains("1 of 1 stickers rendered") && first.out.contains("stickers/s)"))
        let again = try CommandLineTests.run(["render", sticker, "-o", folder, "--log", "human"])
        #expect(again.status == 0)
        #expect(
            again.out.contains("0 of 1 stickers rendered") && again.out.contains("; 1 already up to date"),
            "\(again.out)")
        #expect(again.out.hasPrefix("1F601-300  @2x 200x200 ("), "\(again.out)")
        #expect(!again.out.contains("?") && !again.out.contains("stickers/s"), "\(again.out)")

        let failed = try CommandLineTests.run([
            "render", Fixtures.path("pngsuite/xcsn0g01.png"), "-o", folder + "/failed", "--log", "human",
        ])
        #expect(failed.status == 1)
        #expect(failed.out.contains("0 of 1 stickers rendered") && failed.out.contains("; 1 failed"), "\(failed.out)")
        #expect(!failed.out.contains("stickers/s"), "\(failed.out)")
    }
}
