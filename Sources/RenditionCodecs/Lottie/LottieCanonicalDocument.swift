/// The document Rendition hands to rlottie: the checked document written again with only the
/// members rlottie reads, so that what rlottie draws is exactly what Rendition checked.
///
/// - Every object keeps only the members named in `understoodMembers` (the names rlottie's
///   parser reads anywhere), in document order; `"u"` (an image asset's folder) is never
///   among them.
/// - Shape items (the elements of `shapes` and `it`) lose the members before their `"ty"`:
///   rlottie reads a shape's members only after its type.
/// - Assets are the ones `LottieDocument` rebuilt: string ids, no file paths, embedded images
///   replaced by the PNGs Rendition decoded.
/// - Strings are written from the text that was read (valid UTF-8, no U+0000), numbers as
///   the tokens the document had.
enum LottieCanonicalDocument {
    /// The member names rlottie reads, in any object.
    static let understoodMembers: Set<String> = [
        // composition
        "v", "w", "h", "ip", "op", "fr", "assets", "layers",
        // assets (their "p" and "e" are rewritten; "u" is dropped)
        "id", "p", "e",
        // layers
        "ty", "nm", "ind", "ddd", "parent", "refId", "sr", "tm", "st", "bm", "ks", "shapes", "sw", "sh", "sc", "tt",
        "hasMask", "masksProperties", "ao", "hd",
        // masks
        "inv", "mode", "pt", "o",
        // shapes, transforms, repeaters, strokes, gradients
        "it", "s", "r", "d", "ir", "is", "or", "os", "sy", "m", "c", "tr", "a", "so", "eo", "fillEnabled", "lc", "lj",
        "ml", "t", "g", "k", "rx", "ry", "rz", "sk", "sa",
        // keyframes, separate positions, paths
        "i", "n", "ti", "to", "x", "y",
    ]

    /// The bytes of `root` written canonically, with its `assets` replaced by `assets`.
    static func bytes(root: JSONValue, assets: [JSONValue]) -> [UInt8] {
        var writer = Writer()
        guard case .object(let members) = root else { return [] }
        writer.out.append(UInt8(ascii: "{"))
        var first = true
        for member in members where member.name != "assets" && understoodMembers.contains(member.name) {
            writer.member(member.name, first: &first)
            writer.write(member.value, parent: member.name)
        }
        writer.member("assets", first: &first)
        writer.write(.array(assets), parent: "assets")
        writer.out.append(UInt8(ascii: "}"))
        return writer.out
    }

    private struct Writer {
        var out: [UInt8] = []

        mutating func member(_ name: String, first: inout Bool) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            string(name)
            out.append(UInt8(ascii: ":"))
        }

        /// Writes `value`, the value of (or an element of an array that is the value of) the
        /// member `parent`.
        mutating func write(_ value: JSONValue, parent: String) {
            switch value {
            case .null, .skipped: out += Array("null".utf8)
            case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
            case .number(let number): out += Array(number.text.utf8)
            case .string(let text): string(text)
            case .array(let elements):
                out.append(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    write(element, parent: parent)
                }
                out.append(UInt8(ascii: "]"))
            case .object(var members):
                if parent == "shapes" || parent == "it", let type = members.firstIndex(where: { $0.name == "ty" }) {
                    members.removeFirst(type)
                }
                out.append(UInt8(ascii: "{"))
                var first = true
                for member in members where LottieCanonicalDocument.understoodMembers.contains(member.name) {
                    self.member(member.name, first: &first)
                    write(member.value, parent: member.name)
                }
                out.append(UInt8(ascii: "}"))
            }
        }

        mutating func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                    out += [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
    }
}
