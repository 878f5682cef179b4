/// One part of a `multipart/form-data` body.
package struct MultipartPart: Sendable, Equatable {
    /// The form field's name (`name=` of `Content-Disposition`).
    package var name: String
    /// The file name the client gave, if the part is a file.
    package var filename: String?
    /// The part's `Content-Type`, if given.
    package var contentType: String?
    /// The part's bytes.
    package var bytes: [UInt8]

    /// Creates a part.
    package init(name: String, filename: String?, contentType: String?, bytes: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }
}

/// A small, bounded `multipart/form-data` parser (RFC 7578) for bodies already held in memory
/// under the upload limit: at most `maxParts` parts, each with at most `maxHeaderBytes` of
/// headers. Anything malformed is a `ServerError.badRequest`, never a crash.
package struct MultipartForm: Sendable {
    /// The most parts a body may have.
    package var maxParts = 500
    /// The most bytes of headers one part may have.
    package var maxHeaderBytes = 8 * 1024

    /// Creates a parser with the default bounds.
    package init() {}

    /// The boundary of a `multipart/form-data` content type, or nil when it is another type or
    /// has no valid boundary (1 to 70 characters).
    package static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingSpaces }
        guard let type = pieces.first, type.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            guard piece[..<equals].trimmingSpaces.lowercased() == "boundary" else { continue }
            var value = piece[piece.index(after: equals)...].trimmingSpaces
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = String(value.dropFirst().dropLast())
            }
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// The parts of `body`, whose content type is `contentType`.
    package func parse(_ body: [UInt8], contentType: String) throws(ServerError) -> [MultipartPart] {
        guard let boundary = Self.boundary(contentType: contentType) else {
            throw .badRequest("the content type must be multipart/form-data with a boundary")
        }
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = [13, 10] + dashBoundary
        // The first boundary may open the body or follow a preamble.
        var position: Int
        if body.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let found = Self.find(delimiter, in: body, from: 0) {
            position = found + delimiter.count
        } else {
            throw .badRequest("the multipart body has no boundary line")
        }
        var parts: [MultipartPart] = []
        while true {
            // After a boundary: "--" ends the body, CRLF starts a part (transport padding allowed).
            if body[position...].starts(with: [45, 45]) { return parts }
            while position < body.count, body[position] == 32 || body[position] == 9 { position += 1 }
            guard body[position...].starts(with: [13, 10]) else {
                throw .badRequest("a multipart boundary line is malformed")
            }
            position += 2
            guard parts.count < maxParts else {
                throw .badRequest("the multipart body has more than \(maxParts) parts")
            }
            guard let headerEnd = Self.find([13, 10, 13, 10], in: body, from: position, within: maxHeaderBytes + 4)
            else {
                throw .badRequest("a multipart part's headers are missing or longer than \(maxHeaderBytes) bytes")
            }
            let headers = try Self.headers(body[position..<headerEnd])
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.find(delimiter, in: body, from: contentStart) else {
                throw .badRequest("the multipart body ends before its closing boundary")
            }
            parts.append(try Self.part(headers: headers, bytes: Array(body[contentStart..<contentEnd])))
            position = contentEnd + delimiter.count
        }
    }

    /// Header names (lower case) and values of one part.
    static func headers(_ bytes: ArraySlice<UInt8>) throws(ServerError) -> [String: String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("a multipart part's headers are not UTF-8")
        }
        var headers: [String: String] = [:]
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw .badRequest("a multipart header line has no colon")
            }
            headers[line[..<colon].trimmingSpaces.lowercased()] = line[line.index(after: colon)...].trimmingSpaces
        }
        return headers
    }

    /// A part from its headers: `Content-Disposition: form-data; name="..."[; filename="..."]`.
    static func part(headers: [String: String], bytes: [UInt8]) throws(ServerError) -> MultipartPart {
        guard let disposition = headers["content-disposition"] else {
            throw .badRequest("a multipart part has no Content-Disposition header")
        }
        let parameters = dispositionParameters(disposition)
        guard let name = parameters["name"] else { throw .badRequest("a multipart part has no name") }
        return MultipartPart(
            name: name, filename: parameters["filename"], contentType: headers["content-type"], bytes: bytes)
    }

    /// The `key=value` parameters of a Content-Disposition value (quoted values unquoted, `\"`
    /// and `\\` unescaped; `;` inside quotes kept).
    static func dispositionParameters(_ value: String) -> [String: String] {
        var parameters: [String: String] = [:]
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            parameters[piece[..<equals].trimmingSpaces.lowercased()] =
                piece[piece.index(after: equals)...].trimmingSpaces
        }
        return parameters
    }

    /// The index of the first `needle` in `haystack` at or after `start` (and, with `within`,
    /// starting before `start + within`).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, within: Int = .max) -> Int? {
        guard let first = needle.first, start <= haystack.count else { return nil }
        let last = min(haystack.count - needle.count, within == .max ? .max : start + within - needle.count)
        guard last >= start else { return nil }
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            var index = start
            while index <= last {
                if buffer[index] == first {
                    var matched = true
                    for offset in 1..<needle.count where buffer[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
