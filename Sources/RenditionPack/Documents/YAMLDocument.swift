import CYAML

/// Reads a YAML document (such as `pack.yaml`) with libyaml into a `JSONValue`, so it can be
/// decoded with `JSONDecoder` like its JSON twin.
///
/// Mappings become objects, sequences arrays. Every scalar is a string — the pack
/// configuration is all text, so `name: 2024` is the name "2024" — except the plain (unquoted)
/// null words `~`, `null`, `Null`, `NULL` and an empty value, which are null. Mapping keys
/// must be scalars. Aliases are refused (a configuration needs none, and they are how YAML
/// documents blow up in memory), as are documents nested deeper than `maximumDepth`.
enum YAMLDocument {
    /// Why a YAML document could not be read.
    struct ReadError: Error, CustomStringConvertible {
        /// What went wrong, with the line and column where libyaml knows them.
        let description: String
    }

    /// How deeply mappings and sequences may nest.
    static let maximumDepth = 64

    /// The document in `bytes` (an empty document is an empty object).
    static func read(_ bytes: [UInt8]) throws(ReadError) -> JSONValue {
        // The parser lives at a fixed address for as long as it is used; the input buffer
        // stays valid for the whole parse.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw ReadError(description: "libyaml could not start a parser")
        }
        defer { yaml_parser_delete(parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ReadError) -> JSONValue in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var reader = EventReader(parser: parser)
            return try reader.document()
        }
    }

    /// Pulls events from a parser and builds values from them.
    private struct EventReader {
        let parser: UnsafeMutablePointer<yaml_parser_t>

        /// One parsed event, copied out of libyaml's structure.
        enum Event {
            case streamStart, streamEnd, documentStart, documentEnd
            case scalar(String, plain: Bool)
            case sequenceStart, sequenceEnd, mappingStart, mappingEnd
            case alias(line: Int)
        }

        mutating func next() throws(ReadError) -> Event {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) != 0 else {
                let problem = parser.pointee.problem.map { String(cString: $0) } ?? "not valid YAML"
                let mark = parser.pointee.problem_mark
                throw ReadError(description: "\(problem) at line \(mark.line + 1), column \(mark.column + 1)")
            }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_START_EVENT: return .streamStart
            case YAML_STREAM_END_EVENT: return .streamEnd
            case YAML_DOCUMENT_START_EVENT: return .documentStart
            case YAML_DOCUMENT_END_EVENT: return .documentEnd
            case YAML_SEQUENCE_START_EVENT: return .sequenceStart
            case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
            case YAML_MAPPING_START_EVENT: return .mappingStart
            case YAML_MAPPING_END_EVENT: return .mappingEnd
            case YAML_ALIAS_EVENT: return .alias(line: Int(event.start_mark.line) + 1)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text =
                    scalar.value.map {
                        String(decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self)
                    } ?? ""
                return .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
            default: return .streamEnd
            }
        }

        /// The stream's first document (the stream must hold at most one).
        mutating func document() throws(ReadError) -> JSONValue {
            guard case .streamStart = try next() else { throw ReadError(description: "not a YAML stream") }
            guard case .documentStart = try next() else { return .object([:]) }
            let root = try value(try next(), depth: 0)
            guard case .documentEnd = try next() else { throw ReadError(description: "the document does not end") }
            guard case .streamEnd = try next() else { throw ReadError(description: "more than one YAML document") }
            return root
        }

        /// The value that starts with `event`.
        mutating func value(_ event: Event, depth: Int) throws(ReadError) -> JSONValue {
            guard depth < YAMLDocument.maximumDepth else {
                throw ReadError(description: "nested more than \(YAMLDocument.maximumDepth) levels deep")
            }
            switch event {
            case .scalar(let text, let plain):
                return plain && ["", "~", "null", "Null", "NULL"].contains(text) ? .null : .string(text)
            case .sequenceStart:
                var array: [JSONValue] = []
                while true {
                    let element = try next()
                    if case .sequenceEnd = element { return .array(array) }
                    array.append(try value(element, depth: depth + 1))
                }
            case .mappingStart:
                var object: [String: JSONValue] = [:]
                while true {
                    let key = try next()
                    if case .mappingEnd = key { return .object(object) }
                    guard case .scalar(let name, _) = key else {
                        throw ReadError(description: "a mapping key that is not text")
                    }
                    guard object[name] == nil else {
                        throw ReadError(description: "\"\(name)\" appears twice in one mapping")
                    }
                    object[name] = try value(try next(), depth: depth + 1)
                }
            case .alias(let line):
                throw ReadError(description: "aliases (*name) are not supported (line \(line))")
            default:
                throw ReadError(description: "unexpected structure")
            }
        }
    }
}
