import Hummingbird
import RenditionCodecs
import RenditionPipeline

extension RenditionServer {
    /// The caching headers of a rendition: it never changes under its `ETag`.
    static let immutable = "public, max-age=31536000, immutable"

    /// `GET /v1/stickers/{name}@{scale}x.{ext}`: the rendition `rendition render` would write
    /// for the master called `name`, from the cache when it is there (or 304 when the client
    /// has it), rendered on a worker otherwise.
    func sticker(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let masters else { throw ServerError.notFound("this server has no masters folder (--masters)") }
        let file = try StickerFileName(segment: context.parameters.get("file") ?? "")
        let path = try masters.resolve(name: file.name)
        let maxInput = DecodeLimits.default.maxInputBytes
        let (identity, bytes) = try masters.identity(of: path, maxBytes: maxInput)
        let format = file.outputFormat(input: identity.format)
        let options = RenditionJobs.renderSettings(format: format, scales: [file.scale]).renderOptions()
        let key = CacheKey.make(masterHash: identity.hash, options: options, fileExtension: file.fileExtension)
        let etag = CacheKey.etag(key)
        let headers: HTTPFields = [.eTag: etag, .cacheControl: Self.immutable]
        if let ifNoneMatch = request.headers[.ifNoneMatch], CacheKey.matches(ifNoneMatch: ifNoneMatch, etag: etag) {
            metrics.cache(hit: true)
            return Response(status: .notModified, headers: headers)
        }
        let mediaType = StickerFileName.mediaTypes[file.fileExtension] ?? "application/octet-stream"
        if let cached = cache.get(key) {
            metrics.cache(hit: true)
            return Responses.bytes(cached, contentType: mediaType, headers: headers)
        }
        metrics.cache(hit: false)
        let cache = self.cache
        let rendered = try await inFlight.value(for: key) {
            let master = try bytes ?? MasterFolder.read(path, maxBytes: maxInput)
            let header = try self.header(of: master)
            let cost = try self.estimator.cost(of: header, work: .render(scales: [file.scale.rawValue]))
            let request = self.workerRequest(
                .render(format: format.rawValue, scales: [file.scale.rawValue]), name: file.name, bytes: master)
            let renditions = try self.renderedFiles(
                await self.perform("rendition", cost: cost, request: request, inputs: [master]))
            guard let rendition = renditions.first, rendition.fileExtension == file.fileExtension else {
                throw ServerError.notFound("\(file.name) has no .\(file.fileExtension) rendition")
            }
            cache.put(key, rendition.bytes)
            return rendition.bytes
        }
        return Responses.bytes(rendered, contentType: mediaType, headers: headers)
    }
}
