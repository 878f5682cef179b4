import Foundation
import RenditionLint
import RenditionPack
import RenditionTestSupport
import Testing

/// The shell completions `Scripts/install` installs, as the tool generates them.
@Suite("shell completions")
struct CompletionScriptTests {
    /// The words the bash completion of `command` offers after `option`.
    static func bashWords(command: String, option: String) throws -> [String] {
        let result = try CommandLineTests.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0, "\(result.err)")
        let script = result.out
        let function = try #require(script.range(of: "\n_rendition_\(command)() {\n"), "no function for \(command)")
        let rest = script[function.upperBound...]
        let body = rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)]
        let option = try #require(body.range(of: "'\(option)')"), "no case for \(option) in \(body)")
        let branch = body[option.upperBound...].prefix(while: { $0 != ";" })
        // `__rendition_add_completions -W 'a'$'\n''b'`: the words between the quotes.
        guard let list = branch.range(of: "-W ") else { return [] }
        let quoted = branch[list.upperBound...].prefix { $0 != "\n" }
        return quoted.replacingOccurrences(of: "$'\\n'", with: "\n").replacingOccurrences(of: "'", with: "")
            .split(separator: "\n").map(String.init)
    }

    @Test("pack --platform <TAB> offers every platform id")
    func packPlatforms() throws {
        let words = try Self.bashWords(command: "pack", option: "--platform")
        let expected = PackPlatform.builtIn.keys.sorted() + [AppleMessages.profileID, "messages", "all"]
        for id in expected {
            #expect(words.contains(id), "\(id) is not offered: \(words)")
        }
        #expect(Set(words).count == words.count, "\(words)")
    }

    @Test("lint --fix completes every fix kind")
    func lintFixes() throws {
        let words = try Self.bashWords(command: "lint", option: "--fix")
        #expect(Set(words) == Set(FixKind.allCases.map(\.rawValue)), "\(words)")
    }
}
