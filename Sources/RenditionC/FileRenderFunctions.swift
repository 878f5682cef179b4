import CRendition
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// `rdn_render_bytes`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render_bytes(
    _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ limits: UnsafePointer<rdn_limits>?,
    _ options: UnsafePointer<rdn_render_options>?,
    _ outRenditions: UnsafeMutablePointer<UnsafeMutablePointer<rdn_rendition>?>?,
    _ outCount: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    returningRenditions(outRenditions, outCount, error) { () throws(CFailure) in
        guard bytes != nil || length == 0 else { throw .invalidArgument("bytes is NULL but length is \(length)") }
        let settings = try RenderSettings(options)
        let decodeLimits = LimitsReader.decodeLimits(limits)
        let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : length)
        guard let format = ImageFormat.sniff(buffer) else { throw CFailure(CodecError.unrecognizedFormat) }
        // Before copying the input: a huge buffer is refused without touching it.
        do throws(CodecError) { try decodeLimits.check(inputBytes: buffer.count, format: format) } catch {
            throw CFailure(error)
        }
        return try FileRendering.render(Array(buffer), limits: decodeLimits, settings: settings)
    }
}

/// `rdn_render_file`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render_file(
    _ path: UnsafePointer<CChar>?, _ limits: UnsafePointer<rdn_limits>?, _ options: UnsafePointer<rdn_render_options>?,
    _ outRenditions: UnsafeMutablePointer<UnsafeMutablePointer<rdn_rendition>?>?,
    _ outCount: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    returningRenditions(outRenditions, outCount, error) { () throws(CFailure) in
        let path = try CPath.read(path, "path")
        let settings = try RenderSettings(options)
        let decodeLimits = LimitsReader.decodeLimits(limits)
        let bytes = try FileRendering.read(path, limits: decodeLimits)
        return try FileRendering.render(bytes, limits: decodeLimits, settings: settings)
    }
}

/// One sticker file rendered the way `rendition render` renders each file it is given:
/// `StickerRenderer.renderSticker` on the file's bytes, which runs `StickerPipeline` once —
/// one decode, frames resampled as they are decoded when no @3x is asked for, vector art drawn
/// by rlottie once at each rendition's size and never at its canvas size.
enum FileRendering {
    /// The file at `path`, read as the command line reads a sticker: at most
    /// `limits.maxInputBytes` bytes (and one more, to tell a longer file).
    /// - Throws: RDN_ERROR_IO for a path that is missing, a folder or unreadable;
    ///   RDN_ERROR_LIMIT_EXCEEDED for a file over `maxInputBytes` (nothing past the limit is
    ///   read); RDN_ERROR_UNRECOGNIZED_FORMAT for an empty file.
    static func read(_ path: String, limits: DecodeLimits) throws(CFailure) -> [UInt8] {
        let maxInput = limits.maxInputBytes
        let bytes: [UInt8]
        do throws(FileError) { bytes = try FileSystem.read(path, upTo: maxInput) } catch { throw CFailure(error) }
        guard !bytes.isEmpty else {
            throw CFailure(RDN_ERROR_UNRECOGNIZED_FORMAT, "\(path) is empty (0 bytes): no image format has that")
        }
        if bytes.count > maxInput {
            guard let format = ImageFormat.sniff(bytes) else { throw CFailure(CodecError.unrecognizedFormat) }
            do throws(CodecError) { try limits.check(inputBytes: nil, format: format) } catch { throw CFailure(error) }
        }
        return bytes
    }

    /// The renditions of the sticker file `bytes`, each with its container, as the command
    /// line renders them with the same settings.
    ///
    /// The master's size is read from its headers first (`SourceHeader`, no pixel decoded,
    /// vector art not drawn), so a rendition over `max_output_pixels` is refused before any
    /// work; the sizes of what was made are checked again in case the headers could not say.
    /// A file the headers cannot describe is left to the pipeline, whose error is the one the
    /// command line reports.
    static func render(_ bytes: [UInt8], limits: DecodeLimits, settings: RenderSettings) throws(CFailure) -> [(
        Rendition, rdn_format
    )] {
        if let header = try? SourceHeader(bytes, limits: limits) {
            try settings.checkRenditionSizes(masterWidth: header.width, masterHeight: header.height)
        }
        var options = settings.renderOptions
        options.limits = limits
        let rendered: RenderedSticker
        do throws(CodecError) {
            rendered = try StickerRenderer(options: options).renderSticker(
                bytes, scratch: RenderScratch(options: options))
        } catch { throw CFailure(error) }
        try settings.checkRenditionSizes(masterWidth: rendered.masterWidth, masterHeight: rendered.masterHeight)
        return rendered.renditions.map { ($0, container(of: $0)) }
    }

    /// The C format of a rendition's bytes: APNG for a PNG file that declares more than one
    /// frame (an `acTL` chunk), else what its extension says.
    static func container(of rendition: Rendition) -> rdn_format {
        switch rendition.fileExtension {
        case OutputFormat.gif.fileExtension: return RDN_FORMAT_GIF
        case OutputFormat.webp.fileExtension: return RDN_FORMAT_WEBP
        case OutputFormat.webm.fileExtension: return RDN_FORMAT_WEBM
        default:
            let frames = (try? SourceHeader(rendition.bytes))?.frameCount ?? 1
            return frames > 1 ? RDN_FORMAT_APNG : RDN_FORMAT_PNG
        }
    }
}
