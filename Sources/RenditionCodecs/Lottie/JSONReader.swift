/// A JSON value as far as a reader kept it.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// A value that was checked for syntax but not kept (its key is not one the reader keeps).
    case skipped

    /// The member `key` of an object, or `nil`.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The number, or `nil`.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, or `nil`.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or `nil`.
    var elements: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

/// A strict RFC 8259 JSON reader for hostile input that keeps only what its caller asks for.
///
/// Every byte is checked for syntax, but only the members `keptMembers` names are built:
/// `keptMembers[""]` lists the root object's members to keep, and `keptMembers[name]` those
/// of an object that is (or is an element of an array that is) the value of a kept member
/// `name`. Everything else is skipped without allocating. So a large document costs memory in proportion to what is kept, nesting is
/// capped at `maxDepth` (no deep recursion), and the kept values are capped at
/// `maxKeptValues`.
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
    private let keptMembers: [String: Set<String>]
    private let maxDepth: Int
    private let maxKeptValues: Int
    private var keptValues = 0

    /// Parses the whole of `bytes` (UTF-8, an optional byte order mark first) as one JSON
    /// value; the root is always kept.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, keeping keptMembers: [String: Set<String>], maxDepth: Int,
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
        bytes: UnsafeBufferPointer<UInt8>, keptMembers: [String: Set<String>], maxDepth: Int, maxKeptValues: Int
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
            return keep ? .number(number) : .skipped
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
        var members: [String: JSONValue] = [:]
        let kept = keep ? keptMembers[name] : nil
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
            // Names are needed to decide what to keep, so they are always built.
            let key = try string(keep: true)!
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after a member name")
            }
            position += 1
            let keepMember = kept?.contains(key) ?? false
            let member = try value(depth: depth, keep: keepMember, name: key)
            if keepMember { members[key] = member }
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
        while true {
            guard position < bytes.count else { throw failure("the document ends inside a string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw failure("a control character inside a string") }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard position < bytes.count else { throw failure("the document ends inside a string") }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    guard bytes.count - position > 4 else { throw failure("the document ends inside a \\u escape") }
                    for i in 1...4 where Self.hexValue(bytes[position + i]) == nil {
                        throw failure("invalid \\u escape")
                    }
                    position += 5
                default:
                    throw failure("invalid escape in a string")
                }
                continue
            }
            position += 1
        }
        let end = position
        position += 1
        guard keep else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return escaped ? Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// The text of a string body whose escapes were already checked.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
        }
        var i = 0
        var pendingHighSurrogate: UInt32?
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                i += 1
                continue
            }
            flush()
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
                scalar = 0
                for k in 0..<4 { scalar = scalar << 4 | UInt32(hexValue(raw[i + k])!) }
                i += 4
            default: scalar = UInt32(kind)
            }
            if (0xD800...0xDBFF).contains(scalar) {
                pendingHighSurrogate = scalar
                continue
            }
            if (0xDC00...0xDFFF).contains(scalar), let high = pendingHighSurrogate {
                scalar = 0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00)
            }
            pendingHighSurrogate = nil
            scalars.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
        }
        flush()
        return String(scalars)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads a number per the JSON grammar; converts it only when `keep`.
    private mutating func number(keep: Bool) throws(Failure) -> Double {
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
        guard keep else { return 0 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
