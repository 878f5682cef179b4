import CRendition
import RenditionCodecs
import RenditionCore
import RenditionPack
import RenditionPipeline

/// A caller's `rdn_render_options`, read into `RenditionSettings`: the settings every face
/// shares, checked by the same rules and refused with the same sentences.
struct RenderSettings {
    /// `max_output_pixels` when the caller leaves it 0.
    static let defaultMaxOutputPixels = 40_000_000

    /// What a function does with the options' profile.
    enum ProfileUse {
        /// Renders stickers on their own: only Apple Messages (under any of its names).
        case stickers
        /// Builds packs: Apple's and those of the platforms the profile names (a
        /// comma-separated list, `all`, or Apple Messages for Apple's only).
        case packs
    }

    /// The settings the options ask for.
    let settings: RenditionSettings
    /// Most pixels in an image made by resize or render.
    let maxOutputPixels: Int

    /// Worker threads, at least 1.
    var threads: Int { settings.threads.count }

    /// Scales, encoder settings and output format for rendering one sticker, whose frames
    /// get every thread.
    var renderOptions: RenderOptions {
        settings.renderOptions(frameThreads: settings.threads.frameThreads(forBatchOf: 1))
    }

    /// Reads `pointer`; NULL means the defaults of `rdn_render_options_init`. `use` says which
    /// profiles the calling function takes.
    init(_ pointer: UnsafePointer<rdn_render_options>?, for use: ProfileUse = .stickers) throws(CFailure) {
        let options = try SizedStruct.read(
            pointer, name: "options", described: "options", type: "rdn_render_options",
            initialiser: "rdn_render_options_init",
            initialise: { rdn_render_options_init(&$0) }, empty: rdn_render_options())
        guard options.filter == RDN_FILTER_LANCZOS3 else {
            throw .invalidArgument(
                "filter \(options.filter.rawValue) is unknown; this version has RDN_FILTER_LANCZOS3 (0)")
        }
        let formatName = try Self.formatName(options.format)
        let profile = try Self.profileName(options.profile)
        var settings = RenditionSettings()
        do throws(SettingsError) {
            try settings.setFormat(named: formatName)
            // -1 is C's "not given".
            try settings.setCompression(options.compression == -1 ? nil : Int(options.compression))
            switch use {
            case .stickers: try RenditionSettings.requireAppleProfile(named: profile)
            case .packs: try settings.setPlatforms(named: [profile])
            }
            try settings.setThreads(Int(options.threads))
        } catch { throw CFailure(error) }
        settings.scales = try Self.scales(options.scales)
        self.settings = settings
        maxOutputPixels =
            options.max_output_pixels == 0 ? Self.defaultMaxOutputPixels : Int(clamping: options.max_output_pixels)
    }

    /// The profile name at `pointer` (Apple Messages for NULL), or RDN_ERROR_INVALID_ARGUMENT
    /// when it is not UTF-8.
    static func profileName(_ pointer: UnsafePointer<CChar>?) throws(CFailure) -> String {
        guard let pointer else { return AppleMessages.profileID }
        guard let name = String(validatingCString: pointer) else { throw .invalidArgument("profile is not UTF-8") }
        return name
    }

    /// The name `RenditionSettings.setFormat(named:)` takes for a C format.
    static func formatName(_ format: rdn_format) throws(CFailure) -> String {
        if format == RDN_FORMAT_AUTO { return OutputFormat.auto.rawValue }
        if let output = OutputFormatRegistry.encoder(cValue: format.rawValue) { return output.format.rawValue }
        // A format Rendition reads only (JPEG, TGS, Lottie, dotLottie): its name, which
        // `setFormat(named:)` refuses as a source-only format.
        guard let source = FormatRegistry.decoders.first(where: { $0.cValue == format.rawValue }) else {
            throw .invalidArgument("format \(format.rawValue) is not an rdn_format")
        }
        return source.format.rawValue
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

    /// Throws RDN_ERROR_LIMIT_EXCEEDED when a rendition of a `masterWidth` x `masterHeight`
    /// master at one of the options' scales would be over `maxOutputPixels`.
    func checkRenditionSizes(masterWidth: Int, masterHeight: Int) throws(CFailure) {
        for scale in settings.scales {
            let size = StickerGeometry.renditionSize(masterWidth: masterWidth, masterHeight: masterHeight, scale: scale)
            try checkOutputSize(width: size.width, height: size.height)
        }
    }

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
