/// A JSON number: its value, and its text exactly as the document wrote it (so a canonical
/// copy hands rlottie the same token, integer or not, that Rendition read).
struct JSONNumber: Equatable {
    /// The value as a `Double` (infinite when the text is out of range).
    let value: Double
    /// The number's text in the document.
    let text: String
}

/// One member of a JSON object, in document order.
struct JSONMember: Equatable {
    /// The member's name.
    let name: String
    /// The member's value.
    let value: JSONValue
}

/// A JSON value as far as a reader kept it.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// An object's members in document order; names are unique (the reader refuses
    /// duplicates).
    case object([JSONMember])
    /// A value that was checked for syntax but not kept (its key is not one the reader keeps).
    case skipped

    /// The member `key` of an object, or `nil`.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.name == key { return member.value }
        return nil
    }

    /// The number's value, or `nil`.
    var number: Double? {
        if case .number(let value) = self { return value.value }
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

    /// The members of an object, or `nil`.
    var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
