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
        }.map { line in
            let words = line.split(separator: " ").map(String.init)
            let scratch =
                words.firstIndex(of: "--scratch-path").map { words[$0 + 1].replacingOccurrences(of: "\"", with: "") }
                ?? ".build"
            return Build(script: script, scratchPath: scratch, testable: words.contains("-enable-testing"))
        }
    }

    @Test("Scripts/test and Scripts/render-fixtures build into different folders")
    func separateFolders() throws {
        // render-fixtures builds through Scripts/install.
        let test = try Self.builds(in: "test")
        let fixtures = try Self.builds(in: "render-fixtures") + Self.builds(in: "install")
        #expect(!test.isEmpty && !fixtures.isEmpty)
        for a in test {
            for b in fixtures where a.testable != b.testable {
                #expect(a.scratchPath != b.scratchPath, "\(a) and \(b) share a build folder with different flags")
            }
        }
    }
}
