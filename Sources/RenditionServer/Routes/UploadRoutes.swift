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
        var settings = RenditionSettings()
        do throws(SettingsError) { try settings.setFormat(named: query.get("format") ?? "auto") } catch {
            throw ServerError.badRequest(error.message(on: .library))
        }
        var scales: [StickerScale] = [.x2, .x1]
        if let text = query.get("scale") {
            guard let value = Int(text), let scale = StickerScale(rawValue: value) else {
                throw ServerError.badRequest("scale is 1, 2 or 3")
            }
            scales = [scale]
        }
        let upload = try await upload(request)
        let format = settings.format
        let chosen = scales
        let renditions = try await perform("render") {
            try RenditionJobs.render(upload.bytes, format: format, scales: chosen)
        }
        if query.get("scale") != nil, let rendition = renditions.first {
            let type = StickerFileName.mediaTypes[rendition.fileExtension] ?? "application/octet-stream"
            return Responses.bytes(rendition.bytes, contentType: type)
        }
        let name = UploadNames.baseName(upload.name ?? "sticker")
        var archive = ZipArchive()
        for rendition in renditions {
            try archive.add("\(name)\(rendition.scale.suffix).\(rendition.fileExtension)", rendition.bytes)
        }
        return Responses.bytes(
            try archive.finished(), contentType: "application/zip", headers: Responses.attachment("\(name).zip"))
    }

    /// `POST /v1/lint[?profile=ID][&name=...]`: the JSON of `rendition lint --json` for the
    /// uploaded file.
    func lint(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let profile = request.uri.queryParameters.get("profile") ?? AppleMessages.profileID
        let upload = try await upload(request)
        let name = upload.name.map(UploadNames.lastComponent) ?? "sticker"
        let json = try await perform("lint") { try RenditionJobs.lint(upload.bytes, name: name, profile: profile) }
        return Responses.bytes(json, contentType: "application/json")
    }

    /// `POST /v1/preview[?name=...]`: the PNG sheet of `rendition preview` for the uploaded file.
    func preview(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let upload = try await upload(request)
        let name = upload.name ?? "sticker"
        let png = try await perform("preview") { try RenditionJobs.preview(upload.bytes, name: name) }
        return Responses.bytes(png, contentType: "image/png")
    }

    /// `POST /v1/packs?platform=whatsapp,telegram[&name=...]`: a multipart form of stickers
    /// (and optionally pack.json) in, the ZIP of what `rendition pack --platform ...` writes
    /// out for a source folder called `name` (`Stickers` by default).
    func packs(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let platforms = request.uri.queryParameters.getAll("platform")
        _ = try PackJob.settings(platforms: platforms)
        guard let contentType = request.headers[.contentType], MultipartForm.boundary(contentType: contentType) != nil
        else {
            throw ServerError(
                .unsupportedMediaType, type: "unsupported-format", "send the stickers as multipart/form-data")
        }
        let body = try await bodies.read(request)
        var form = MultipartForm()
        form.maxParts = configuration.maxPackFiles + 1
        let parts = try form.parse(body, contentType: contentType)
        let name = request.uri.queryParameters.get("name") ?? "Stickers"
        let zip = try await perform("pack") { try PackJob(parts: parts, platforms: platforms, name: name).run() }
        return Responses.bytes(zip, contentType: "application/zip", headers: Responses.attachment("packs.zip"))
    }
}
