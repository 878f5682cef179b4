import Foundation
import Testing

/// What `--help` prints: no source-code escapes, one default per option, the real input formats.
@Suite("help text")
struct HelpTextTests {
    static let commands: [[String]] = [[], ["render"], ["pack"], ["lint"], ["preview"], ["serve"], ["bench"]]

    @Test("help has no literal backslash and states each default once", arguments: commands)
    func helpText(_ command: [String]) throws {
        let result = try CommandLineTests.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(!result.out.isEmpty)
        #expect(!result.out.contains("\\"), "\(result.out)")
        // Help wraps lines; compare with the text on one line.
        let text = result.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.range(of: #"\(default[^()]*\)\.? \(default"#, options: .regularExpression) == nil, "\(text)")
    }

    @Test("the top-level help lists every input format")
    func inputFormats() throws {
        let text = try CommandLineTests.run(["--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("PNG, APNG, GIF, JPEG or WebP"), "\(text)")
    }
}
