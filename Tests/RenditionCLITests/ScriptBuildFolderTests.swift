import Foundation
import RenditionTestSupport
import Testing

/// The scripts the README gives build with different flags; each must keep its own build
/// folder or every run of one rebuilds the other's output from scratch.
@Suite("scripts' build folders")
struct ScriptBuildFolderTests {
    /// One `swift build` / `swift test` command of a script: its build folder and whether it
    /// compiles with testability.
    struct Build: Equatable {
        let script: String
        let scratchPath: String
        let testable: Bool
    }

    static func builds(in script: String) throws -> [Build] {
        let root = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().path
        let text = try String(contentsOfFile: root + "/Scripts/" + script, encoding: .utf8)
        return text.split(separator: "\n").filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("swift build") || trimmed.hasPrefix("swift test")
                || trimmed.hasPrefix("exec swift build")
        }.map { line in
            let words = line.split(separator: " ").map(String.init)
            let scratch =
                words.firstIndex(of: "--scratch-path").map { words[$0 + 1].replacingOccurrences(of: "\"", with: "") }
                ?? ".build"
            return Build(script: script, scratchPath: scratch, testable: words.contains("-enable-testing"))
        }
    }

    @Test("set-up compiles twice: release products through Scripts/build-release in .build, the tests in .build-test")
    func twoCompiles() throws {
        let test = try Self.builds(in: "test")
        #expect(test == [Build(script: "test", scratchPath: ".build-test", testable: true)])
        let release = try Self.builds(in: "build-release")
        #expect(release == [Build(script: "build-release", scratchPath: ".build", testable: false)])
        let root = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().path
        let flags = try String(contentsOfFile: root + "/Scripts/build-release", encoding: .utf8)
        #expect(flags.contains("exec swift build -c release -Xswiftc -static-stdlib \"$@\""))
        // Every script that makes the tool, the C library or the wheel goes through it, so one
        // compile in .build serves them all; none runs a swift build of its own there.
        for script in ["install", "install-c-library", "render-fixtures", "test-python", "build-python-wheel"] {
            let own = try Self.builds(in: script)
            #expect(own.isEmpty, "\(script) runs \(own)")
        }
        for script in ["install", "install-c-library", "test-python"] {
            let text = try String(contentsOfFile: root + "/Scripts/" + script, encoding: .utf8)
            #expect(text.contains("Scripts/build-release --product"), "\(script)")
        }
    }
}
