import RenditionCodecs
import RenditionCore
import RenditionPipeline

extension RenderOptions {
    /// A fingerprint of everything that changes output bytes (and `RenditionVersion`), used
    /// by the batch manifest to decide whether existing outputs are up to date.
    package var fingerprint: String {
        let scaleList = scales.map { String($0.rawValue) }.joined(separator: ",")
        // WebP and GIF settings only when not the defaults, so existing manifests stay valid.
        var text =
            "rendition \(RenditionVersion.string)|scales \(scaleList)|png \(png.compressionLevel) \(png.allowPalette)|format \(format.rawValue)"
        if webp != .lossless { text += "|webp \(webp)" }
        if gif != GIFEncoder.Options() { text += "|gif \(gif)" }
        if webm != WebMEncoder.Options() { text += "|webm \(webm)" }
        if apngCompressionLevel != APNGEncoder.defaultCompressionLevel { text += "|apng \(apngCompressionLevel)" }
        if let palette = png.palette { text += "|palette \(palette)" }
        if png.neverLargerThanZlib { text += "|never larger than zlib" }
        return SHA256.hex(Array(text.utf8))
    }
}
