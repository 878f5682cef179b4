import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionTestSupport
import Testing

/// What `--help` prints: no source-code escapes, one default per option, the real input formats.
@Suite("help text")
struct HelpTextTests {
    static let commands: [[String]] = [
        [], ["render"], ["pack"], ["lint"], ["preview"], ["serve"], ["bench"], ["bench", "resize"],
        ["bench", "pipeline"], ["bench", "animated"], ["bench", "lint"],
    ]

    /// The help of `command` on one line.
    static func help(_ command: [String]) throws -> String {
        try CommandLineTests.run(command + ["--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

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
        #expect(text.contains("(\(FormatRegistry.names(joinedBy: "or")))"), "\(text)")
        #expect(text.contains("dotLottie"), "\(text)")
    }

    @Test(
        "the commands that search folders name every extension the search takes",
        arguments: ["render", "pack", "lint", "preview"])
    func searchedExtensions(_ command: String) throws {
        let text = try Self.help([command])
        #expect(text.contains(StickerInputs.searchedFilesDescription), "\(text)")
        for ext in StickerInputs.orderedImageExtensions + [StickerInputs.lottieExtension] {
            #expect(text.contains(".\(ext)"), "\(command) --help does not name .\(ext)")
        }
    }

    @Test("every document and section a help text points to exists", arguments: commands)
    func pointers(_ command: [String]) throws {
        let text = try Self.help(command)
        #expect(!text.contains("README"), "\(text)")
        let repository = (Fixtures.root as NSString).deletingLastPathComponent
        let pattern = try Regex(#"(docs/[A-Z-]+\.md)(, section ([A-Z][A-Za-z]*( [a-z]+)*))?"#)
        for match in text.matches(of: pattern) {
            let document = String(match.output[1].substring!)
            let contents = try String(contentsOfFile: repository + "/" + document, encoding: .utf8)
            if let section = match.output[3].substring {
                #expect(
                    contents.split(separator: "\n").contains { $0.hasPrefix("## \(section)") },
                    "\(document) has no section \(section)")
            }
        }
    }

    @Test("pack's list of what OUT receives keeps its indentation in an 80-column help")
    func outputListIndented() throws {
        let result = try CommandLineTests.run(["pack", "--help"], environment: ["COLUMNS": "80"])
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasSuffix("OUT receives:") }, "\(result.out)")
        let last = try #require(lines.firstIndex { $0.hasPrefix("A folder an earlier build") }, "\(result.out)")
        let list = lines[(first + 1)..<last].filter { !$0.isEmpty }
        #expect(list.count >= 10, "\(result.out)")
        for line in list {
            // A wrapped line would start at column 0.
            #expect(line.hasPrefix("  "), "\(line.debugDescription) lost the list's indentation")
            #expect(line.count <= 80, "\(line.debugDescription)")
        }
        // The descriptions line up after the folder names.
        for name in ["Stickers.xcstickers/", "renditions/", "PLATFORM/PACK/", "pack-report.json"] {
            let line = try #require(list.first { $0.hasPrefix("    " + name) }, "\(name): \(result.out)")
            #expect(line.dropFirst(26).first != " " && line.prefix(26).last == " ", "\(line)")
        }
    }
}
