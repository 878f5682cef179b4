import RenditionPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON document as a value, written and read with `JSONEncoder` and `JSONDecoder`.
///
/// The pack files Rendition writes (`Contents.json`, `contents.json`, `set.json`,
/// `pack-report.json`, ...) are built as `[String: Any]` trees and turned into bytes here:
/// pretty-printed with sorted keys and unescaped slashes, byte for byte what
/// `JSONSerialization` writes with those options. Going through the Codable encoder keeps
/// Foundation's `JSONSerialization` — and the ICU data linked in with it — out of the C
/// library.
enum JSONValue: Codable, Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    /// The value of a tree of `String`, `Bool`, integers, floating-point numbers, arrays,
    /// dictionaries with `String` keys, `JSONValue`s and `nil`s; `nil` for anything else.
    init?(_ any: Any) {
        switch any {
        case let value as JSONValue: self = value
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Bool: self = .bool(value)
        case let value as any BinaryInteger:
            guard let integer = Int(exactly: value) else { return nil }
            self = .integer(integer)
        case let value as any BinaryFloatingPoint: self = .number(Double(value))
        case let value as [String: Any]:
            var object: [String: JSONValue] = [:]
            for (key, element) in value {
                guard let converted = JSONValue(element) else { return nil }
                object[key] = converted
            }
            self = .object(object)
        case let value as [Any]:
            var array: [JSONValue] = []
            array.reserveCapacity(value.count)
            for element in value {
                guard let converted = JSONValue(element) else { return nil }
                array.append(converted)
            }
            self = .array(array)
        case Optional<Any>.none: self = .null
        default: return nil
        }
    }

    /// The value as Swift values: `[String: Any]`, `[Any]`, `String`, `Int`, `Double`,
    /// `Bool`, and `Optional<Any>.none` for null.
    var any: Any {
        switch self {
        case .object(let object): object.mapValues(\.any)
        case .array(let array): array.map(\.any)
        case .string(let string): string
        case .integer(let integer): integer
        case .number(let number): number
        case .bool(let bool): bool
        case .null: Optional<Any>.none as Any
        }
    }

    /// Pretty-printed JSON with sorted keys and unescaped slashes, ending in a newline when
    /// `newline` is set; `fallback` when `object` holds something JSON cannot express.
    static func bytes(_ object: Any, newline: Bool = true, fallback: String = "{}") -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let value = JSONValue(object), let data = try? encoder.encode(value) else {
            return Array(fallback.utf8) + (newline ? [UInt8(ascii: "\n")] : [])
        }
        return [UInt8](data) + (newline ? [UInt8(ascii: "\n")] : [])
    }

    /// The JSON object in `bytes`, or `nil` when they are not JSON or not an object.
    static func object(from bytes: [UInt8]) -> [String: Any]? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)), case .object = value else {
            return nil
        }
        return value.any as? [String: Any]
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let object): try container.encode(object)
        case .array(let array): try container.encode(array)
        case .string(let string): try container.encode(string)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .bool(let bool): try container.encode(bool)
        case .null: try container.encodeNil()
        }
    }
}
