/// A strict RFC 8259 JSON reader for hostile input that keeps only what its caller asks for.
///
/// Every byte is checked: the grammar, UTF-8 (no invalid or overlong sequences, no encoded
/// surrogates), `\u` escapes (no lone surrogates, no U+0000) and member names (an object
/// that names a member twice is refused, so no reader can pick another of the two values
/// than Rendition did). Only the members `keptMembers` names are built: `keptMembers[""]`
/// lists the root object's members to keep, and `keptMembers[name]` those of an object that
/// is (or is an element of an array that is) the value of a kept member `name`; with
/// `keptMembers` nil, everything is kept. Everything else is skipped without allocating. So
/// a large document costs memory in proportion to what is kept, nesting is capped at
/// `maxDepth` (no deep recursion), and the kept values are capped at `maxKeptValues`.
struct JSONReader {
    /// Why a document was refused.
    enum Failure: Error, Equatable {
        /// Not JSON: what was wrong and the byte offset.
        case syntax(String, offset: Int)
        /// Arrays and objects nest deeper than `maxDepth`.
        case tooDeep(Int)
        /// More than `maxKeptValues` values would be kept.
        case tooManyValues(Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private let keptMembers: [String: Set<String>]?
    private let maxDepth: Int
    private let maxKeptValues: Int
    private var keptValues = 0

    /// Parses the whole of `bytes` (UTF-8, an optional byte order mark first) as one JSON
    /// value; the root is always kept, and with `keptMembers` nil all of it.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, keeping keptMembers: [String: Set<String>]?, maxDepth: Int,
        maxKeptValues: Int
    ) throws(Failure) -> JSONValue {
        var reader = JSONReader(
            bytes: bytes, keptMembers: keptMembers, maxDepth: maxDepth, maxKeptValues: maxKeptValues)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.position = 3 }
        let root = try reader.value(depth: 0, keep: true, name: "")
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.failure("data after the end of the JSON value") }
        return root
    }

    private init(
        bytes: UnsafeBufferPointer<UInt8>, keptMembers: [String: Set<String>]?, maxDepth: Int, maxKeptValues: Int
    ) {
        self.bytes = bytes
        self.keptMembers = keptMembers
        self.maxDepth = maxDepth
        self.maxKeptValues = maxKeptValues
    }

    private func failure(_ reason: String) -> Failure { .syntax(reason, offset: position) }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func count(_ keep: Bool) throws(Failure) {
        guard keep else { return }
        keptValues += 1
        if keptValues > maxKeptValues { throw .tooManyValues(maxKeptValues) }
    }

    /// The value at `position`; `name` is the member name it is the value of (or the name of
    /// the array it is an element of), which decides what of an object is kept.
    private mutating func value(depth: Int, keep: Bool, name: String) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw failure("the document ends where a value should start") }
        try count(keep)
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1, keep: keep, name: name)
        case UInt8(ascii: "["): return try array(depth: depth + 1, keep: keep, name: name)
        case UInt8(ascii: "\""):
            let text = try string(keep: keep)
            return keep ? .string(text!) : .skipped
        case UInt8(ascii: "t"):
            try literal("true")
            return keep ? .bool(true) : .skipped
        case UInt8(ascii: "f"):
            try literal("false")
            return keep ? .bool(false) : .skipped
        case UInt8(ascii: "n"):
            try literal("null")
            return keep ? .null : .skipped
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try self.number(keep: keep)
            return keep ? .number(number!) : .skipped
        default:
            throw failure("unexpected character where a value should start")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw failure("the document ends inside a literal") }
        for i in 0..<count where bytes[position + i] != word.utf8Start[i] {
            throw failure("invalid literal")
        }
        position += count
    }

    private mutating func object(depth: Int, keep: Bool, name: String) throws(Failure) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(maxDepth) }
        position += 1
        var members: [JSONMember] = []
        var names = MemberNames()
        let keepAll = keep && keptMembers == nil
        let kept = keep ? keptMembers?[name] : nil
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return keep ? .object(members) : .skipped
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a member name")
            }
            let nameOffset = position
            // Names decide what is kept and must be unique, so they are always built.
            let key = try string(keep: true)!
            guard names.insert(key) else {
                throw .syntax("the member \"\(key)\" appears twice in one object", offset: nameOffset)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after a member name")
            }
            position += 1
            let keepMember = keepAll || (kept?.contains(key) ?? false)
            let member = try value(depth: depth, keep: keepMember, name: key)
            if keepMember { members.append(JSONMember(name: key, value: member)) }
            skipWhitespace()
            guard position < bytes.count else { throw failure("the document ends inside an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return keep ? .object(members) : .skipped
            } else {
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int, keep: Bool, name: String) throws(Failure) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(maxDepth) }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return keep ? .array(elements) : .skipped
        }
        while true {
            let element = try value(depth: depth, keep: keep, name: name)
            if keep { elements.append(element) }
            skipWhitespace()
            guard position < bytes.count else { throw failure("the document ends inside an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return keep ? .array(elements) : .skipped
            } else {
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// Reads a string at `position` (on its opening quote); returns it only when `keep`.
    private mutating func string(keep: Bool) throws(Failure) -> String? {
        position += 1
        let start = position
        var escaped = false
        var nonASCII = false
        while true {
            guard position < bytes.count else { throw failure("the document ends inside a string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw failure("a control character inside a string") }
            if byte >= 0x80 { nonASCII = true }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard position < bytes.count else { throw failure("the document ends inside a string") }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    try unicodeEscape()
                default:
                    throw failure("invalid escape in a string")
                }
                continue
            }
            position += 1
        }
        let end = position
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if nonASCII, let bad = UTF8Validation.firstInvalidOffset(raw) {
            position = start + bad
            throw failure("a string is not valid UTF-8")
        }
        position += 1
        guard keep else { return nil }
        return escaped ? Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Checks the `\uXXXX` escape at `position` (on its `u`) and moves past it: no U+0000,
    /// and a surrogate only as a high one directly followed by a low one.
    private mutating func unicodeEscape() throws(Failure) {
        let first = try hexQuad(at: position + 1)
        position += 5
        switch first {
        case 0: throw failure("a string contains U+0000")
        case 0xDC00...0xDFFF: throw failure("a \\u escape is a lone low surrogate")
        case 0xD800...0xDBFF:
            guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u"),
                (0xDC00...0xDFFF).contains(try hexQuad(at: position + 2))
            else { throw failure("a \\u escape is a lone high surrogate") }
            position += 6
        default: break
        }
    }

    /// The value of the four hex digits at `offset`.
    private func hexQuad(at offset: Int) throws(Failure) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("the document ends inside a \\u escape") }
        var value: UInt32 = 0
        for i in 0..<4 {
            guard let digit = Self.hexValue(bytes[offset + i]) else { throw failure("invalid \\u escape") }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The text of a string body whose escapes and UTF-8 were already checked.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                i += 1
                continue
            }
            let kind = raw[i + 1]
            i += 2
            var scalar: UInt32
            switch kind {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                scalar = quad(raw, i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // Checked: a low surrogate escape follows.
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (quad(raw, i + 2) - 0xDC00)
                    i += 6
                }
            default: scalar = UInt32(kind)
            }
            utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private static func quad(_ raw: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 { value = value << 4 | UInt32(hexValue(raw[offset + k])!) }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads a number per the JSON grammar; converts it (keeping its text) only when `keep`.
    private mutating func number(keep: Bool) throws(Failure) -> JSONNumber? {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw failure("the document ends inside a number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            throw failure("a number without digits")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("a number without digits after its decimal point") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw failure("a number without digits in its exponent") }
        }
        guard keep else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return JSONNumber(value: Double(text) ?? .nan, text: text)
    }
}

/// The member names of one object seen so far: a short list while the object is small, a
/// set beyond that.
private struct MemberNames {
    private var list: [String] = []
    private var set: Set<String>?

    /// Adds `name`; false when it was already there.
    mutating func insert(_ name: String) -> Bool {
        if set != nil { return set!.insert(name).inserted }
        if list.contains(name) { return false }
        list.append(name)
        if list.count > 16 {
            set = Set(list)
            list = []
        }
        return true
    }
}
