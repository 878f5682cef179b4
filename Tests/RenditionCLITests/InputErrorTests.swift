import Foundation
import RenditionTestSupport
import Testing

/// What `rendition render` tells a user about a bad input: the file, what is wrong and,
/// where there is something to do, what — here the `--limit` setting that lets a trusted
/// file over a decoding limit through, and the empty file.
@Suite("Input errors on the command line")
struct InputErrorTests {
    /// Runs `rendition render` on `files` (name → bytes) in a fresh folder with `arguments`.
    static func render(_ files: [String: [UInt8]], _ arguments: [String] = []) throws -> (
        status: Int32, out: String, err: String, folder: String
    ) {
        let folder = try TemporaryFolder.make("rendition-input-errors")
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        let paths = files.keys.sorted().map { "\(folder)/\($0)" }
        let result = try CommandLineTests.run(
            ["render"] + paths + ["-o", folder + "/out", "--log", "human", "--no-progress"] + arguments)
        return (result.status, result.out, result.err, folder)
    }

    @Test("an input over a limit names the --limit setting, and that setting lets it through")
    func limitSetting() throws {
        let gif = HostileInputs.gif(frames: 3, width: 10, height: 10)
        let refused = try Self.render(["three.gif": gif], ["--limit", "frames=2"])
        #expect(refused.status == 1)
        #expect(
            refused.err.contains(
                "three.gif: GIF image exceeds a decoding limit: 3 frames is over the frames limit of 2; "
                    + "if the file is trusted, raise it with --limit frames=N"), "\(refused.err)")
        let allowed = try Self.render(["three.gif": gif], ["--limit", "frames=3", "--limit", "pixels=100"])
        #expect(allowed.status == 0, "\(allowed.err)")
        #expect(FileManager.default.fileExists(atPath: allowed.folder + "/out/three@2x.gif"))
        let small = try Self.render(["three.gif": gif], ["--limit", "input-bytes=20"])
        #expect(
            small.err.contains(
                "input of more than 20 bytes is over the input-bytes limit of 20; if the file is trusted, raise it with --limit input-bytes=N"
            ),
            "\(small.err)")
    }

    @Test(
        "every limit a setting changes is named from the error's key: a dotLottie over document-bytes, an embedded image over width"
    )
    func limitSettingFromTheErrorsKey() throws {
        let bomb = try Fixtures.bytes("lottie/dotlottie/bomb.lottie")
        let embedded = try Fixtures.bytes("hostile/lottie/embedded-png-100000.json")
        let refused = try Self.render(["bomb.lottie": bomb, "embedded.json": embedded])
        #expect(refused.status == 1)
        #expect(
            refused.err.contains(
                "is over the document-bytes limit of 16777216; if the file is trusted, raise it with --limit document-bytes=N"
            ),
            "\(refused.err)")
        #expect(
            refused.err.contains(
                "an embedded image: width 100000 px is over the width limit of 16384 px; if the file is trusted, raise it with --limit width=N"
            ), "\(refused.err)")
        // A bound no setting changes gets no advice.
        let entries = try Self.render(["many.lottie": try Fixtures.bytes("lottie/dotlottie/many-entries.lottie")])
        #expect(entries.err.contains("an archive of 10000 entries is over the limit of 1000"), "\(entries.err)")
        #expect(!entries.err.contains("--limit"), "\(entries.err)")
    }

    @Test("a --limit setting that cannot be understood is refused with the valid keys")
    func badLimitSetting() throws {
        let gif = HostileInputs.gif(frames: 1)
        let unknown = try Self.render(["a.gif": gif], ["--limit", "colours=3"])
        #expect(unknown.status != 0)
        #expect(
            unknown.err.contains(
                "--limit colours=3: use KEY=VALUE with KEY one of width, height, pixels, frames, decoded-bytes, input-bytes, scans"
            ),
            "\(unknown.err)")
        let zero = try Self.render(["a.gif": gif], ["--limit", "frames=0"])
        #expect(
            zero.status != 0 && zero.err.contains("--limit frames=0: the value must be a positive whole number"),
            "\(zero.err)")
    }

    @Test("an empty file is reported as empty, not as an unknown format")
    func emptyFile() throws {
        let result = try Self.render(["empty.png": []])
        #expect(result.status == 1)
        #expect(
            result.err.contains("could not render \(result.folder)/empty.png: the file is empty (0 bytes)"),
            "\(result.err)")
    }
}
