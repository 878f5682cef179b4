import Foundation
import Hummingbird
import RenditionCodecs
import RenditionCore
import RenditionPack
import RenditionPipeline

extension RenditionServer {
    /// `POST /v1/render[?scale=1|2|3][&format=...][&name=...]`: the renditions of the uploaded
    /// master, as `rendition render` makes them: one file with `scale`, else a ZIP of
    /// NAME@2x and NAME@1x.
    func render(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let formatName = query.get("format") ?? "auto"
        var settings = RenditionSettings()
        do throws(SettingsError) { try settings.setFormat(named: formatName) } catch {
            throw ServerError.badRequest(error.message(on: .library))
        }
        var scales: [StickerScale] = [.x2, .x1]
        if let text = query.get("scale") {
            do throws(ScaleParseError) { scales = [try StickerScale(parsing: text)] } catch {
                throw ServerError.badRequest(error.description)
            }
        }
        return try await bodies.withBody(request) { body in
            let upload = try upload(request, body: body)
            let header = try header(of: upload.bytes)
            let cost = try estimator.cost(of: header, work: .render(scales: scales.map(\.rawValue)))
            let renditions = try await renderedFiles(
                perform(
                    "render", cost: cost,
                    request: workerRequest(
                        .render(format: formatName, scales: scales.map(\.rawValue)), name: upload.name,
                        bytes: upload.bytes),
                    inputs: [upload.bytes]))
            if query.get("scale") != nil, let rendition = renditions.first {
                let type = StickerFileName.mediaTypes[rendition.fileExtension] ?? "application/octet-stream"
                return Responses.bytes(rendition.bytes, contentType: type)
            }
            let name = UploadNames.stickerName(upload.name ?? "sticker")
            var archive = ZipArchive()
            for rendition in renditions {
                try archive.add("\(name)\(rendition.scale.suffix).\(rendition.fileExtension)", rendition.bytes)
            }
            return Responses.bytes(
                try archive.finished(), contentType: "application/zip", headers: Responses.attachment("\(name).zip"))
        }
    }

    /// `POST /v1/lint[?profile=ID][&name=...]`: the JSON of `rendition lint --json` for the
    /// uploaded file.
    func lint(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let profile = request.uri.queryParameters.get("profile") ?? AppleMessages.profileID
        do throws(SettingsError) { _ = try RenditionSettings.profile(named: profile) } catch {
            throw ServerError.badRequest(error.message(on: .library))
        }
        return try await bodies.withBody(request) { body in
            let upload = try upload(request, body: body)
            let name = upload.name.map(UploadNames.lastComponent) ?? "sticker"
            let cost = try estimator.cost(of: try readableHeader(of: upload.bytes), work: .lint)
            let (_, outputs) = try await perform(
                "lint", cost: cost, request: workerRequest(.lint(profile: profile), name: name, bytes: upload.bytes),
                inputs: [upload.bytes])
            return Responses.bytes(outputs[0], contentType: "application/json")
        }
    }

    /// `POST /v1/preview[?name=...]`: the PNG sheet of `rendition preview` for the uploaded file.
    func preview(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        try await bodies.withBody(request) { body in
            let upload = try upload(request, body: body)
            let cost = try estimator.cost(of: try readableHeader(of: upload.bytes), work: .preview)
            let (_, outputs) = try await perform(
                "preview", cost: cost,
                request: workerRequest(.preview, name: upload.name ?? "sticker", bytes: upload.bytes),
                inputs: [upload.bytes])
            return Responses.bytes(outputs[0], contentType: "image/png")
        }
    }

    /// `POST /v1/packs?platform=whatsapp,telegram[&name=...]`: a multipart form of stickers
    /// (and optionally pack.json) in, the ZIP of what `rendition pack --platform ...` writes
    /// out for a source folder called `name` (`Stickers` by default).
    func packs(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let platforms = request.uri.queryParameters.getAll("platform")
        let settings = try PackJob.settings(platforms: platforms)
        guard let contentType = request.headers[.contentType], MultipartForm.boundary(contentType: contentType) != nil
        else {
            throw ServerError(
                .unsupportedMediaType, type: "unsupported-format", "send the stickers as multipart/form-data")
        }
        let name = request.uri.queryParameters.get("name") ?? "Stickers"
        return try await bodies.withBody(request) { body in
            var form = MultipartForm()
            form.maxParts = configuration.maxPackFiles + 1
            let upload = try PackUpload(parts: try form.parse(body, contentType: contentType))
            var headers: [SourceHeader] = []
            for sticker in upload.stickers { headers.append(try readableHeader(of: sticker.bytes)) }
            let cost = try estimator.packCost(
                of: headers, platforms: settings.platforms.count + 1,
                inputBytes: upload.stickers.reduce(0) { $0 + $1.bytes.count })
            let files = upload.files
            let job = WorkerRequest(
                job: .pack(platforms: platforms, name: name), limits: decodeLimits,
                files: files.map(\.file))
            let (_, outputs) = try await perform(
                "pack", cost: cost, timeout: configuration.packTimeout, request: job, inputs: files.map(\.bytes))
            guard outputs.count == 2, let outcome = try? JSONDecoder().decode(PackOutcome.self, from: Data(outputs[1]))
            else { throw ServerError.internalError("a worker's pack answer has no outcome") }
            guard !outcome.made.isEmpty else {
                let reasons = outcome.refused.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                throw ServerError(
                    .unprocessableContent, type: "invalid-pack",
                    "no pack was made: " + reasons.joined(separator: "; "))
            }
            var fields = Responses.attachment("packs.zip")
            fields[.packsMade] = outcome.made.joined(separator: ",")
            if !outcome.refused.isEmpty {
                fields[.packsRefused] = outcome.refused.keys.sorted().joined(separator: ",")
                fields[.packProblems] = Responses.asciiJSON(outcome.refused)
            }
            return Responses.bytes(outputs[0], contentType: "application/zip", headers: fields)
        }
    }

    /// The header of an upload that lint, preview and packs take even when damaged (they
    /// report it as unreadable): a file whose headers cannot be read counts as a small still.
    /// Input over a limit, or no image at all, is refused as for a render.
    func readableHeader(of bytes: [UInt8]) throws(ServerError) -> SourceHeader {
        do throws(CodecError) { return try SourceHeader(bytes, limits: headerLimits) } catch {
            guard case .corrupt(let format, _) = error else { throw ServerError(error) }
            return SourceHeader(format: format, width: 1024, height: 1024, frameCount: 1)
        }
    }

    /// The renditions of a render job's answer.
    func renderedFiles(_ answer: (WorkerResponse, [[UInt8]])) throws(ServerError) -> [RenderedFile] {
        var files: [RenderedFile] = []
        for (file, bytes) in zip(answer.0.files, answer.1) {
            let parts = file.name.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[0]), let scale = StickerScale(rawValue: value) else {
                throw .internalError("a worker named a rendition \(file.name)")
            }
            files.append(RenderedFile(scale: scale, fileExtension: String(parts[1]), bytes: bytes))
        }
        return files
    }
}

/// One rendition a worker made.
struct RenderedFile: Sendable {
    let scale: StickerScale
    let fileExtension: String
    let bytes: [UInt8]
}
