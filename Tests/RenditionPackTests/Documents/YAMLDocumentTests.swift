import Foundation
import Testing

@testable import RenditionPack

/// `YAMLDocument`: pack.yaml through libyaml into the same values as its JSON twin.
@Suite("YAML documents")
struct YAMLDocumentTests {
    static func read(_ text: String) throws(YAMLDocument.ReadError) -> JSONValue {
        try YAMLDocument.read(Array(text.utf8))
    }

    @Test(
        "mappings, sequences, block and flow styles, quoted and plain scalars: every scalar is text, null words are null"
    )
    func structure() throws {
        let text = """
            name: 2024            # a number-looking name stays text
            sizeClass: "regular"
            icon: ~
            tray:
            defaultEmojis: [🙂, "👋"]
            stickers:
              - file: 01.png
                emojis:
                  - 🐱
              - {file: 'b.gif', animatedAs: gif}
            note: |
              two
              lines
            """
        let expected: JSONValue = .object([
            "name": .string("2024"), "sizeClass": .string("regular"), "icon": .null, "tray": .null,
            "defaultEmojis": .array([.string("🙂"), .string("👋")]),
            "stickers": .array([
                .object(["file": .string("01.png"), "emojis": .array([.string("🐱")])]),
                .object(["file": .string("b.gif"), "animatedAs": .string("gif")]),
            ]),
            "note": .string("two\nlines"),  // the document ends without a line break
        ])
        let value = try Self.read(text)
        #expect(value == expected)
        #expect(try Self.read("") == .object([:]))
        #expect(try Self.read("quoted: \"null\"") == .object(["quoted": .string("null")]))
    }

    @Test(
        "aliases, duplicate keys, non-text keys, several documents, deep nesting and syntax errors are refused with a reason"
    )
    func refusals() throws {
        let cases: [(String, String)] = [
            ("a: &x [1, 2]\nb: *x\n", "aliases (*name) are not supported (line 2)"),
            ("a: 1\na: 2\n", "\"a\" appears twice in one mapping"),
            ("? [1, 2]\n: x\n", "a mapping key that is not text"),
            ("a: 1\n---\nb: 2\n", "more than one YAML document"),
            (
                String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
                "nested more than 64 levels deep"
            ),
            ("a: [1, 2\nb: 3\n", "line 2, column 2"),
        ]
        for (text, reason) in cases {
            #expect(throws: YAMLDocument.ReadError.self, "\(text.debugDescription)") { try Self.read(text) }
            do {
                _ = try Self.read(text)
            } catch {
                #expect(error.description.contains(reason), "\(text.debugDescription): \(error.description)")
            }
        }
    }

    @Test("a billion-laughs document is refused at its first alias, without expanding anything")
    func aliasBomb() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        #expect(throws: YAMLDocument.ReadError.self) { try Self.read(text) }
    }

    @Test(
        "a pack.yaml and the pack.json with the same content give the same configuration; a YAML syntax error names the file and line"
    )
    func sameConfigurationAsJSON() throws {
        let folder = NSTemporaryDirectory() + "rendition-yaml-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json =
            #"{"name": "Party", "publisher": "Jane", "sizeClass": "large", "animatedFormats": {"discord": "gif"}, "stickers": [{"file": "a.png", "emojis": ["🐱"]}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/pack.json"))
        let fromJSON = try #require(try PackConfiguration.load(from: folder))
        try FileManager.default.removeItem(atPath: "\(folder)/pack.json")
        let yaml =
            "name: Party\npublisher: Jane\nsizeClass: large\nanimatedFormats: {discord: gif}\nstickers:\n  - file: a.png\n    emojis: [🐱]\n"
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: "\(folder)/pack.yaml"))
        let fromYAML = try #require(try PackConfiguration.load(from: folder))
        #expect(fromYAML.name == fromJSON.name && fromYAML.publisher == "Jane" && fromYAML.sizeClass == .large)
        #expect(fromYAML.animatedFormats == fromJSON.animatedFormats && fromYAML.stickers?.first?.emojis == ["🐱"])
        try Data("name: [unclosed\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/pack.yaml"))
        #expect {
            _ = try PackConfiguration.load(from: folder)
        } throws: { error in
            "\(error)".contains("pack.yaml") && "\(error)".contains("line 2")
        }
    }
}
