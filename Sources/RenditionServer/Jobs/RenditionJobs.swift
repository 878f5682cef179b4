import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack
import RenditionPipeline
import RenditionPreview

/// The engine work behind the routes, each job the same calls a command-line face makes for
/// the same input, so the server answers with the command line's bytes. Jobs are synchronous
/// and CPU-bound: the routes run them on the `WorkQueue`.
enum RenditionJobs {
    /// The settings `rendition render --format FORMAT` uses for one scale (or all of `scales`).
    static func renderSettings(format: OutputFormat, scales: [StickerScale]) -> RenditionSettings {
        var settings = RenditionSettings()
        settings.format = format
        settings.scales = scales
        return settings
    }

    /// Renders `bytes` at `scales` in `format`, as `rendition render` does, under `limits`.
    static func render(
        _ bytes: [UInt8], format: OutputFormat, scales: [StickerScale], limits: DecodeLimits = .default
    ) throws(ServerError) -> [Rendition] {
        var settings = renderSettings(format: format, scales: scales)
        settings.limits = limits
        let options = settings.renderOptions()
        try checkInputSize(bytes, limits: options.limits)
        do throws(CodecError) {
            return try StickerRenderer(options: options).renderSticker(bytes, scratch: RenderScratch(options: options))
                .renditions
        } catch {
            throw ServerError(error)
        }
    }

    /// Refuses, with the decoder's own wording, an input over the input-bytes limit.
    static func checkInputSize(_ bytes: [UInt8], limits: DecodeLimits) throws(ServerError) {
        guard bytes.count > limits.maxInputBytes else { return }
        guard let format = ImageFormat.sniff(bytes) else { throw ServerError(CodecError.unrecognizedFormat) }
        do throws(CodecError) {
            try limits.check(inputBytes: bytes.count, format: format)
        } catch {
            throw ServerError(error)
        }
    }

    /// The lint JSON of `rendition lint --json --profile PROFILE` for one file called `name`.
    static func lint(
        _ bytes: [UInt8], name: String, profile profileName: String, limits: DecodeLimits = .default
    ) throws(ServerError) -> [UInt8] {
        let profile: StickerProfile
        do throws(SettingsError) { profile = try RenditionSettings.profile(named: profileName) } catch {
            throw .badRequest(error.message(on: .library))
        }
        guard ImageFormat.sniff(bytes) != nil else { throw ServerError(CodecError.unrecognizedFormat) }
        var options = LintOptions(profile: profile)
        options.limits = limits
        let report = StickerLinter(options: options).lint(bytes: bytes, path: name)
        do { return Array(try LintDocument(reports: [report], profile: profile).json().utf8) } catch {
            throw ServerError(.internalServerError, type: "internal", "the lint report could not be written: \(error)")
        }
    }

    /// The preview sheet PNG of `rendition preview` for one file called `name` (the defaults:
    /// @3x, @2x and @1x, strips of up to 8 frames).
    static func preview(_ bytes: [UInt8], name: String, limits: DecodeLimits = .default) throws(ServerError)
        -> [UInt8]
    {
        guard let format = ImageFormat.sniff(bytes) else { throw ServerError(CodecError.unrecognizedFormat) }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/" + UploadNames.fileName(name, format: format)
        do { try AtomicFile.write(bytes, to: path) } catch {
            throw .internalError("the upload could not be staged for its preview")
        }
        var options = PreviewOptions(maximumStripFrames: 8)
        options.lint.limits = limits
        let raster = PreviewSheet(options: options).render(paths: [path], threads: 1)
        do throws(CodecError) { return try PNGEncoder(options: .init(compressionLevel: 6)).encode(raster) } catch {
            throw ServerError(error)
        }
    }
}

extension ServerError {
    /// 500: something in the server failed, not the input.
    static func internalError(_ message: String) -> ServerError {
        ServerError(.internalServerError, type: "internal", message)
    }
}
