import HTTPTypes
import Hummingbird

/// Building responses from bytes.
enum Responses {
    /// `bytes` with `contentType` and any further `headers`.
    static func bytes(
        _ bytes: [UInt8], contentType: String, headers: HTTPFields = [:], status: HTTPResponse.Status = .ok
    )
        -> Response
    {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `Content-Disposition: attachment; filename="NAME"` (the name made safe for the header).
    static func attachment(_ name: String) -> HTTPFields {
        let safe = String(
            name.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }.map(
                Character.init))
        return [.contentDisposition: "attachment; filename=\"\(safe.isEmpty ? "download" : safe)\""]
    }
}

extension Responses {
    /// `object` as JSON with every character outside printable ASCII escaped (`\\uXXXX`), so
    /// that it can stand in a header.
    static func asciiJSON(_ object: [String: String]) -> String {
        var text = "{"
        for (index, key) in object.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            text += quoted(key) + ":" + quoted(object[key] ?? "")
        }
        return text + "}"
    }

    private static func quoted(_ string: String) -> String {
        var text = "\""
        for unit in string.utf16 {
            switch unit {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                text +=
                    "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16)
            }
        }
        return text + "\""
    }
}

extension HTTPField.Name {
    /// The platforms whose packs a `POST /v1/packs` made, comma-separated.
    static var packsMade: Self { .init("Rendition-Packs-Made")! }
    /// The platforms asked for whose packs were not made, comma-separated.
    static var packsRefused: Self { .init("Rendition-Packs-Refused")! }
    /// Platform → why its pack was not made, as ASCII JSON.
    static var packProblems: Self { .init("Rendition-Pack-Problems")! }
}

/// One uploaded sticker: its bytes and the name the client gave it, if any.
struct Upload: Sendable {
    let bytes: [UInt8]
    let name: String?
}

extension RenditionServer {
    /// The sticker of a request whose `body` is the image itself or a `multipart/form-data`
    /// form whose first file part is the image; `?name=` names it.
    func upload(_ request: Request, body: [UInt8]) throws(ServerError) -> Upload {
        let queryName = request.uri.queryParameters.get("name")
        if let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/") {
            let parts = try MultipartForm().parse(body, contentType: contentType)
            guard let part = parts.first(where: { $0.filename != nil }) ?? parts.first else {
                throw ServerError.badRequest("the form has no file")
            }
            return Upload(bytes: part.bytes, name: queryName ?? part.filename)
        }
        guard !body.isEmpty else { throw ServerError.badRequest("the request body is empty: send the image") }
        return Upload(bytes: body, name: queryName)
    }
}
