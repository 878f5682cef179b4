import Foundation
import RenditionBatch
import RenditionCodecs

/// The files the server serves as they are: the pack maker's page (`Resources/page/`) and the
/// OpenAPI document (`Resources/openapi.json`), read once at start.
///
/// They are looked for in `RENDITION_SERVER_RESOURCES` when set, then in the resource bundle
/// SwiftPM puts next to the executable (`Rendition_RenditionServer.resources/Resources`), then
/// in the source tree the server was built from.
package struct ServerResources: Sendable {
    /// File name → bytes, e.g. `page/index.html`, `openapi.json`.
    package let files: [String: [UInt8]]
    /// The folder they were read from, or nil when none was found.
    package let folder: String?
    /// File name → `ETag` (a quoted SHA-256 of the bytes, shortened).
    package var etags: [String: String] {
        files.mapValues { "\"" + SHA256.hex($0).prefix(32) + "\"" }
    }

    /// The files the server needs.
    static let names = ["openapi.json", "page/index.html", "page/app.js", "page/style.css"]

    /// Reads the files from the first folder that has them all.
    package static func load() -> ServerResources {
        for folder in candidates()
        where names.allSatisfy({ FileManager.default.isReadableFile(atPath: "\(folder)/\($0)") }) {
            var files: [String: [UInt8]] = [:]
            for name in names {
                if let data = FileManager.default.contents(atPath: "\(folder)/\(name)") {
                    files[name] = name == "page/index.html" ? acceptingRegisteredFormats(Array(data)) : Array(data)
                }
            }
            return ServerResources(files: files, folder: folder)
        }
        return ServerResources(files: [:], folder: nil)
    }

    /// What the page's file picker accepts: every registered format's media type and file
    /// extensions (`FormatRegistry`), plus `image/apng`.
    static var acceptedTypes: String {
        var types = ["image/png", "image/apng"]
        for decoder in FormatRegistry.decoders where !types.contains(decoder.mediaType) {
            types.append(decoder.mediaType)
        }
        return (types + FormatRegistry.decoders.flatMap(\.fileExtensions).map { "." + $0 }).joined(separator: ",")
    }

    /// `html` with the file picker's `accept` list (`<input id="files" … accept="…">`) set to
    /// ``acceptedTypes``, so the page offers what the server reads.
    static func acceptingRegisteredFormats(_ html: [UInt8]) -> [UInt8] {
        var text = String(decoding: html, as: UTF8.self)
        guard let input = text.range(of: "<input id=\"files\""),
            let accept = text.range(of: "accept=\"", range: input.upperBound..<text.endIndex),
            let close = text[accept.upperBound...].firstIndex(of: "\"")
        else { return html }
        text.replaceSubrange(accept.upperBound..<close, with: acceptedTypes)
        return Array(text.utf8)
    }

    /// The folders to look in, in order.
    static func candidates() -> [String] {
        var folders: [String] = []
        if let set = ProcessInfo.processInfo.environment["RENDITION_SERVER_RESOURCES"], !set.isEmpty {
            folders.append(set)
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path {
            folders.append("\(executable)/Rendition_RenditionServer.resources/Resources")
            folders.append("\(executable)/Rendition_RenditionServer.resources")
            folders.append("\(executable)/../share/rendition/server")
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        folders.append(source.appendingPathComponent("Resources").path)
        return folders
    }

    /// The media type of a resource by its extension.
    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
