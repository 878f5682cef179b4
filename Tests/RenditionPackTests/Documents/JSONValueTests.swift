import Foundation
import Testing

@testable import RenditionPack

/// `JSONValue`, which writes the pack files: the same bytes `JSONSerialization` writes.
@Suite("JSON values")
struct JSONValueTests {
    static var tree: [String: Any] {
        [
            "info": ["author": "xcode", "version": 1], "frames": [["filename": "a/b-001.png"]],
            "duration": 0.04, "fps": 12.5, "loops": 0, "animated": true, "empty": [String](), "none": [String: Any](),
            "text": "🙂 é \"q\" \\ / \n\t", "nested": [[1, 2] as [Int], [3.5]], "small": UInt8(7),
        ]
    }

    @Test("bytes match JSONSerialization's pretty, sorted, unescaped-slash output, with a final newline")
    func sameBytesAsJSONSerialization() throws {
        let expected = try JSONSerialization.data(
            withJSONObject: Self.tree, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(JSONValue.bytes(Self.tree) == [UInt8](expected) + [10])
        #expect(JSONValue.bytes(Self.tree, newline: false) == [UInt8](expected))
    }

    @Test("reading gives back the same tree; what JSON cannot hold gives the fallback; non-objects read as nil")
    func roundTripAndRefusals() throws {
        let object = try #require(JSONValue.object(from: JSONValue.bytes(Self.tree)))
        #expect(JSONValue(object) == JSONValue(Self.tree))
        #expect(
            object["loops"] as? Int == 0 && object["duration"] as? Double == 0.04 && object["animated"] as? Bool == true
        )
        #expect(JSONValue.bytes(["date": Date()]) == Array("{}\n".utf8))
        #expect(JSONValue.bytes(["big": UInt64.max], newline: false, fallback: "") == [])
        #expect(JSONValue.object(from: Array("[1, 2]".utf8)) == nil)
        #expect(JSONValue.object(from: Array("{\"a\": ".utf8)) == nil)
    }
}
