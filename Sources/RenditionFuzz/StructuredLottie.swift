/// Builds a Lottie document that is always valid JSON from fuzz bytes, so that mutations land
/// on what the document checks and rlottie must agree on instead of being stopped by the JSON
/// reader: header numbers at their edges (`w`, `h`, `fr`, `ip`, `op`), asset ids (strings,
/// canonically equivalent strings, numbers whole or not), precompositions using each other
/// (cycles, fan-out, depth), assets with `layers` and `p` together, external and embedded
/// images, repeaters with `s` and old-style `e` keyframes, dash patterns, nested groups,
/// members named twice, and members before a shape's `ty`.
///
/// The input is read front to back as a list of choices; past its end every choice is 0.
enum StructuredLottie {
    typealias Choices = StructuredWebM.Choices

    /// Numbers as JSON tokens: ordinary, at the edges of Int32, Int and Double, fractional,
    /// tiny, negative, and past Double's range.
    static let numbers = [
        "0", "1", "2", "10", "100", "512", "1000", "1e6", "9999", "10001", "-1", "0.5", "1e-6", "1.5", "2147483647",
        "2147483648", "9223372036854775807", "1e19", "1e308", "-1e308", "1e400", "-0", "60.0000024845809", "30",
    ]

    /// Asset ids and references: plain, composed and decomposed é, a number's text, empty.
    static let ids = [#""a""#, #""b""#, #""\u00e9""#, #""e\u0301""#, #""1""#, #""""#, "1", "1.5", "-1", #""c""#]

    /// A 1x1 red PNG as a data URI.
    static let pixel =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

    /// The document for `input`, or `nil` when the input is too short to describe one.
    static func make(_ input: [UInt8]) -> [UInt8]? {
        guard input.count >= 4 else { return nil }
        var r = Choices(input)
        var root: [(String, String)] = [("v", #""5.5.2""#)]
        for key in ["fr", "ip", "op", "w", "h"] {
            let ordinary = ["fr": "30", "ip": "0", "op": "10", "w": "64", "h": "64"][key]!
            root.append((key, r.byte() % 4 == 0 ? number(&r) : ordinary))
        }
        var assets: [String] = []
        for _ in 0..<Int(r.byte() % 5) { assets.append(asset(&r)) }
        root.append(("assets", "[" + assets.joined(separator: ",") + "]"))
        var layers: [String] = []
        for _ in 0..<(1 + Int(r.byte() % 4)) { layers.append(layer(&r, depth: 0)) }
        root.append(("layers", "[" + layers.joined(separator: ",") + "]"))
        if r.byte() % 8 == 0 { root.append(("tgs", "1")) }
        return Array(object(root, &r).utf8)
    }

    private static func number(_ r: inout Choices) -> String { numbers[Int(r.byte()) % numbers.count] }

    private static func id(_ r: inout Choices) -> String { ids[Int(r.byte()) % ids.count] }

    /// An object of `members`; sometimes one of them is named twice.
    private static func object(_ members: [(String, String)], _ r: inout Choices) -> String {
        var members = members
        if !members.isEmpty, r.byte() % 16 == 0 {
            let copy = members[Int(r.byte()) % members.count]
            members.insert(copy, at: Int(r.byte()) % (members.count + 1))
        }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func property(_ r: inout Choices, values: Int = 1) -> String {
        let value = { (r: inout Choices) -> String in
            values == 1 ? number(&r) : "[" + (0..<values).map { _ in number(&r) }.joined(separator: ",") + "]"
        }
        switch r.byte() % 4 {
        case 0:
            // Keyframes: start values, and old-style end values.
            var keyframes: [String] = []
            for index in 0..<(1 + Int(r.byte() % 3)) {
                var members = [("t", "\(index * 5)"), ("s", "[" + value(&r) + "]")]
                if r.byte() % 2 == 0 { members.append(("e", "[" + value(&r) + "]")) }
                members += [("i", #"{"x":[1],"y":[1]}"#), ("o", #"{"x":[0],"y":[0]}"#)]
                keyframes.append(object(members, &r))
            }
            return object([("a", "1"), ("k", "[" + keyframes.joined(separator: ",") + "]")], &r)
        default: return object([("a", "0"), ("k", value(&r))], &r)
        }
    }

    private static func transform(_ r: inout Choices) -> [(String, String)] {
        [
            ("o", property(&r)), ("r", property(&r)), ("p", property(&r, values: 2)), ("a", property(&r, values: 2)),
            ("s", property(&r, values: 2)),
        ]
    }

    private static func asset(_ r: inout Choices) -> String {
        var members: [(String, String)] = [("id", id(&r))]
        let kind = r.byte() % 6
        if kind <= 2 || kind == 5 {
            var layers: [String] = []
            for _ in 0..<Int(r.byte() % 4) { layers.append(layer(&r, depth: 1)) }
            members.append(("layers", "[" + layers.joined(separator: ",") + "]"))
        }
        if kind >= 3 {
            members += [("w", "1"), ("h", "1")]
            switch r.byte() % 4 {
            case 0: members += [("u", #""""#), ("p", #""secret.png""#)]
            case 1: members += [("u", #""http://example.invalid/""#), ("p", #""a.png""#), ("e", "0")]
            default: members += [("e", "1"), ("p", "\"\(pixel)\"")]
            }
        }
        return object(members, &r)
    }

    private static func layer(_ r: inout Choices, depth: Int) -> String {
        let type = [4, 4, 4, 0, 0, 1, 2, 3, 5][Int(r.byte()) % 9]
        var members: [(String, String)] = [("ty", "\(type)"), ("ip", "0"), ("op", "10"), ("st", "0")]
        members.append(("ks", object(transform(&r), &r)))
        if type == 0 || type == 2 || r.byte() % 8 == 0 { members.append(("refId", id(&r))) }
        if type == 1 { members += [("sw", number(&r)), ("sh", number(&r)), ("sc", "\"#ff0000\"")] }
        if type == 4 { members.append(("shapes", "[" + shapes(&r, depth: depth).joined(separator: ",") + "]")) }
        if r.byte() % 8 == 0 {
            members.append(
                (
                    "masksProperties",
                    #"[{"mode":"a","pt":{"a":0,"k":{"i":[[0,0]],"o":[[0,0]],"v":[[0,0]],"c":true}},"o":{"a":0,"k":100}}]"#
                ))
        }
        return object(members, &r)
    }

    private static func shapes(_ r: inout Choices, depth: Int) -> [String] {
        var items: [String] = []
        for _ in 0..<(1 + Int(r.byte() % 4)) {
            var members: [(String, String)]
            switch r.byte() % 8 {
            case 0 where depth < 6:
                members = [("ty", #""gr""#), ("it", "[" + shapes(&r, depth: depth + 1).joined(separator: ",") + "]")]
            case 1:
                members = [
                    ("ty", #""rc""#), ("s", property(&r, values: 2)), ("p", property(&r, values: 2)),
                    ("r", property(&r)),
                ]
            case 2: members = [("ty", #""el""#), ("s", property(&r, values: 2)), ("p", property(&r, values: 2))]
            case 3:
                members = [
                    ("ty", #""rp""#), ("c", property(&r)), ("o", property(&r)),
                    (
                        "tr",
                        object([("ty", #""tr""#)] + transform(&r) + [("so", property(&r)), ("eo", property(&r))], &r)
                    ),
                ]
            case 4:
                let dashes = (0..<Int(r.byte() % 4)).map { index in
                    object([("n", ["\"d\"", "\"g\"", "\"o\""][index % 3]), ("v", property(&r))], &r)
                }
                members = [
                    ("ty", r.byte() % 2 == 0 ? #""st""# : #""gs""#), ("c", property(&r, values: 4)),
                    ("o", property(&r)),
                    ("w", property(&r)), ("d", "[" + dashes.joined(separator: ",") + "]"),
                ]
            case 5:
                members = [
                    ("ty", #""sh""#),
                    (
                        "ks",
                        #"{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,0],["# + number(&r) + ","
                            + number(&r) + #"]],"c":true}}"#
                    ),
                ]
            case 6: members = [("ty", #""tr""#)] + transform(&r)
            default: members = [("ty", #""fl""#), ("c", property(&r, values: 4)), ("o", property(&r))]
            }
            // A member before "ty" that rlottie does not read.
            if r.byte() % 16 == 0 { members.insert(("c", property(&r)), at: 0) }
            items.append(object(members, &r))
        }
        return items
    }
}
