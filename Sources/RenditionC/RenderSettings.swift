import CRendition
import Glibc
import RenditionCodecs
import RenditionCore
import RenditionPack

/// A caller's `rdn_render_options`, checked and translated into the engine's settings.
struct RenderSettings {
    /// The profile identifier this version knows.
    static let defaultProfile = StickerProfile.appleMessages.id
    /// `max_output_pixels` when the caller leaves it 0.
    static let defaultMaxOutputPixels = 40_000_000

    /// Scales, encoder settings and output format for `StickerRenderer` and the encoders
    /// (`frameThreads` already set from `threads`).
    let renderOptions: RenderOptions
    /// Worker threads, at least 1.
    let threads: Int
    /// Most pixels in an image made by resize or render.
    let maxOutputPixels: Int

    /// The profile named by the options (`defaultProfile` for NULL), one of the accepted ones.
    let profile: String

    /// Reads `pointer`; NULL means the defaults of `rdn_render_options_init`. `profiles` are
    /// the profile names the calling function accepts; with `lists`, also a comma-separated
    /// list of them (kept as it is in `profile`).
    init(
        _ pointer: UnsafePointer<rdn_render_options>?, profiles: [String] = [RenderSettings.defaultProfile],
        lists: Bool = false
    ) throws(CFailure) {
        let options = try SizedStruct.read(
            pointer, name: "options", described: "options", type: "rdn_render_options",
            initialiser: "rdn_render_options_init",
            initialise: { rdn_render_options_init(&$0) }, empty: rdn_render_options())
        guard options.filter == RDN_FILTER_LANCZOS3 else {
            throw .invalidArgument(
                "filter \(options.filter.rawValue) is unknown; this version has RDN_FILTER_LANCZOS3 (0)")
        }
        let format = try Self.outputFormat(options.format)
        guard options.compression >= -1 && options.compression <= 12 else {
            throw .invalidArgument("compression \(options.compression) is outside -1...12")
        }
        profile = try Self.profile(options.profile, accepted: profiles, lists: lists)
        let scales = try Self.scales(options.scales)
        threads = options.threads == 0 ? Self.processorCount : Int(options.threads)
        maxOutputPixels =
            options.max_output_pixels == 0 ? Self.defaultMaxOutputPixels : Int(clamping: options.max_output_pixels)

        var png = PNGEncoder.Options()
        var webp = WebPEncoder.Options.lossless
        var apngLevel = APNGEncoder.defaultCompressionLevel
        if options.compression >= 0 {
            png.compressionLevel = Int(options.compression)
            apngLevel = Int(options.compression)
            webp.method = Int(options.compression) / 2
        }
        renderOptions = RenderOptions(
            scales: scales, png: png, format: format, frameThreads: threads, webp: webp,
            apngCompressionLevel: apngLevel)
    }

    /// The profile name at `pointer` (`defaultProfile` for NULL), or RDN_ERROR_INVALID_ARGUMENT
    /// when it is not UTF-8 or not one of `accepted`.
    static func profile(_ pointer: UnsafePointer<CChar>?, accepted: [String], lists: Bool = false) throws(CFailure)
        -> String
    {
        guard let pointer else { return defaultProfile }
        guard let name = String(validatingCString: pointer) else { throw .invalidArgument("profile is not UTF-8") }
        let names = lists ? name.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [name]
        for name in names where !accepted.contains(name) {
            throw .invalidArgument(
                "unknown profile \"\(name)\"; here: \(accepted.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return name
    }

    /// The engine's output format for a C format; JPEG output is unsupported.
    static func outputFormat(_ format: rdn_format) throws(CFailure) -> OutputFormat {
        switch format {
        case RDN_FORMAT_AUTO: return .auto
        case RDN_FORMAT_PNG: return .png
        case RDN_FORMAT_APNG: return .apng
        case RDN_FORMAT_GIF: return .gif
        case RDN_FORMAT_WEBP: return .webp
        case RDN_FORMAT_JPEG:
            throw CFailure(
                RDN_ERROR_UNSUPPORTED,
                "JPEG output is not supported (JPEG has no transparency); use PNG, APNG, GIF or WebP")
        case RDN_FORMAT_WEBM: return .webm
        case RDN_FORMAT_TGS, RDN_FORMAT_LOTTIE:
            throw CFailure(
                RDN_ERROR_UNSUPPORTED, "TGS and Lottie are source formats only; use PNG, APNG, GIF, WebP or WebM")
        default: throw .invalidArgument("format \(format.rawValue) is not an rdn_format")
        }
    }

    /// The C format of an engine output format (APNG for `.auto`, which the renderer resolves).
    static func cFormat(_ format: OutputFormat) -> rdn_format {
        switch format {
        case .png: RDN_FORMAT_PNG
        case .auto, .apng: RDN_FORMAT_APNG
        case .gif: RDN_FORMAT_GIF
        case .webp: RDN_FORMAT_WEBP
        case .webm: RDN_FORMAT_WEBM
        }
    }

    /// The scales of an `RDN_SCALE_*` mask; 0 means @2x and @1x.
    static func scales(_ mask: UInt32) throws(CFailure) -> [StickerScale] {
        if mask == 0 { return [.x2, .x1] }
        guard mask & ~(RDN_SCALE_1X | RDN_SCALE_2X | RDN_SCALE_3X) == 0 else {
            throw .invalidArgument("scales 0x\(String(mask, radix: 16)) has bits other than RDN_SCALE_1X, _2X and _3X")
        }
        var scales: [StickerScale] = []
        if mask & RDN_SCALE_3X != 0 { scales.append(.x3) }
        if mask & RDN_SCALE_2X != 0 { scales.append(.x2) }
        if mask & RDN_SCALE_1X != 0 { scales.append(.x1) }
        return scales
    }

    /// Online CPU cores (at least 1), read once: sysconf reads a /sys file on every call.
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Throws RDN_ERROR_LIMIT_EXCEEDED when a `width` x `height` output is over `maxOutputPixels`.
    func checkOutputSize(width: Int, height: Int) throws(CFailure) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxOutputPixels else {
            throw CFailure(
                RDN_ERROR_LIMIT_EXCEEDED,
                "a \(width)x\(height) output is over the limit of \(maxOutputPixels) pixels (rdn_render_options.max_output_pixels)"
            )
        }
    }
}

/// `rdn_render_options_init`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render_options_init(_ options: UnsafeMutablePointer<rdn_render_options>?) {
    options?.pointee = rdn_render_options(
        struct_size: UInt32(MemoryLayout<rdn_render_options>.size), filter: RDN_FILTER_LANCZOS3,
        format: RDN_FORMAT_AUTO,
        compression: -1, profile: nil, scales: 0, threads: 0, max_output_pixels: 0)
}
