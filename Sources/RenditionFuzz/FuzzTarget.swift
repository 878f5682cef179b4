import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// The code paths fuzzed, one libFuzzer target each (chosen with `RENDITION_FUZZ_TARGET`).
///
/// Each target feeds the input to one decoder (or to the whole render path) and checks
/// what comes back: a typed `CodecError` is a correct answer for bad input; anything else
/// must be a well-formed image. A crash, a failed check, a sanitizer report, a hang or
/// running out of memory is a bug.
enum FuzzTarget: String, CaseIterable {
    /// `PNGDecoder` (libpng) and `APNGDecoder` (own chunk layer and unfilter) on the same
    /// input, with chunk CRCs repaired first so mutations reach past the CRC checks; when
    /// both decode a plain PNG, their pixels must be identical.
    case png
    /// A valid PNG built from the input by `StructuredPNG` (any pixel format, filters,
    /// palette, tRNS, Adam7; uncompressed zlib), decoded by libpng and by `APNGDecoder`: both
    /// must accept or reject it alike and agree on every pixel.
    case pngPixels = "png-pixels"
    /// `APNGDecoder` on the input with repaired CRCs: every frame composited.
    case apng
    /// `GIFDecoder`.
    case gif
    /// `WebPDecoder` (stills and animations).
    case webp
    /// `JPEGDecoder`.
    case jpeg
    /// `LottieComposition` on TGS (gzip) or Lottie JSON: Rendition's JSON checks, then
    /// rlottie, which draws the first and last frames at a small size.
    case lottie
    /// A Lottie document built by `StructuredLottie` (always valid JSON: mutations reach asset
    /// ids, precompositions, repeaters, dashes, duplicate members and header numbers): the
    /// checks, then rlottie on the canonical document, which must hold no file path.
    case lottieStructure = "lottie-structure"
    /// `LottieComposition` on a dotLottie archive: the ZIP reader (directory, names, counts,
    /// inflated sizes), the manifest, then the Lottie checks and rlottie as for `lottie`.
    /// Inputs that mutated into another format's signature are passed over.
    case dotlottie
    /// `WebMDecoder`: the EBML reader, then libvpx on each frame (and the alpha stream).
    case webm
    /// A valid WebM built from the input by `StructuredWebM` (timecodes, scales, durations,
    /// VP8/VP9 frame headers of every kind, superframes, the alpha stream, element sizes),
    /// decoded by `WebMDecoder`: no trap on any number, and no frame size libvpx is not
    /// allowed; the animation's total time stays within a day per frame.
    case webmStructure = "webm-structure"
    /// Bytes → decode → @2x and @1x → encode → decode the renditions again.
    case render
    /// `SourceHeader`, the server's header-only reader (PNG/APNG chunks, GIF blocks, WebP
    /// and WebM containers, Lottie and TGS documents): a typed error or a header within the
    /// limits, and for a file that decodes, the same canvas as its decoder.
    case header
    /// `PNGEncoder` at its default level (Rendition's deflate compressor for filtered rows) on
    /// pixels made of the input (the first byte sets the width, the rest is straight RGBA):
    /// the file must decode through libpng to exactly the raster encoded.
    case encode

    /// Limits for fuzzing: smaller than the defaults so that each input runs in
    /// milliseconds and valid large images are not reported as running out of memory.
    static let limits = DecodeLimits(
        maxWidth: 2_048, maxHeight: 2_048, maxPixels: 1 << 20, maxFrames: 32, maxDecodedBytes: 32 << 20,
        maxInputBytes: 1 << 20)

    /// The file a structured target builds from `bytes` (`nil` for the other targets, which
    /// take the bytes as they are, or for an input too short to build one).
    func builtInput(_ bytes: [UInt8]) -> [UInt8]? {
        switch self {
        case .pngPixels: StructuredPNG.make(bytes)
        case .lottieStructure: StructuredLottie.make(bytes)
        case .webmStructure: StructuredWebM.make(bytes)
        default: nil
        }
    }

    /// Runs the target on one input; traps when a check fails.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .png: Self.png(PNGCRCRepair.repaired(bytes))
        case .pngPixels: Self.pngPixels(bytes)
        case .apng:
            Self.animation { () throws(CodecError) in
                try APNGDecoder.decode(PNGCRCRepair.repaired(bytes), limits: Self.limits)
            }
        case .gif: Self.animation { () throws(CodecError) in try GIFDecoder.decode(bytes, limits: Self.limits) }
        case .webp: Self.animation { () throws(CodecError) in try WebPDecoder.decode(bytes, limits: Self.limits) }
        case .jpeg:
            if let raster = Self.result({ () throws(CodecError) in try JPEGDecoder.decode(bytes, limits: Self.limits) })
            {
                FuzzChecks.check(raster, opaque: true)
            }
        case .lottie: Self.lottie(bytes)
        case .lottieStructure: if let document = StructuredLottie.make(bytes) { Self.lottie(document) }
        case .dotlottie: if ImageFormat.sniff(bytes) == .dotLottie { Self.lottie(bytes, as: .dotLottie) }
        case .webm: Self.animation { () throws(CodecError) in try WebMDecoder.decode(bytes, limits: Self.limits) }
        case .webmStructure: Self.webmStructure(bytes)
        case .render: Self.render(bytes)
        case .encode: Self.encode(bytes)
        case .header: Self.header(bytes)
        }
    }

    private static func header(_ bytes: [UInt8]) {
        guard let header = result({ () throws(CodecError) in try SourceHeader(bytes, limits: limits) }) else { return }
        require(header.width >= 0 && header.height >= 0 && header.frameCount >= 1, "a header with a negative size")
        require(header.pixelsOverFrames >= 0, "pixels over frames wrapped around")
        // A raster file that also decodes has the canvas its header says.
        guard !header.format.isVector, header.format != .webm,
            let source = result({ () throws(CodecError) in try ImageDecoder.decodeSource(bytes, limits: limits) })
        else { return }
        require(
            source.animation.width == header.width && source.animation.height == header.height,
            "the header says \(header.width)x\(header.height), the decoder \(source.animation.width)x\(source.animation.height)"
        )
    }

    private static func png(_ bytes: [UInt8]) {
        let libpng = result { () throws(CodecError) in try PNGDecoder.decode(bytes, limits: limits) }
        let own = result { () throws(CodecError) in try APNGDecoder.decode(bytes, limits: limits) }
        if let libpng { FuzzChecks.check(libpng) }
        if let own { FuzzChecks.check(own) }
        // A plain PNG (one frame, no acTL) decoded by both must give the same pixels.
        if let libpng, let own, own.frames.count == 1, !containsAnimationControl(bytes) {
            require(
                libpng == own.firstFrame,
                "libpng and APNGDecoder disagree on a plain PNG's pixels: \(FuzzChecks.difference(libpng, own.firstFrame))"
            )
        }
    }

    private static func pngPixels(_ input: [UInt8]) {
        guard let bytes = StructuredPNG.make(input) else { return }
        let libpngResult = Result { () throws(CodecError) in try PNGDecoder.decode(bytes, limits: limits) }
        let ownResult = Result { () throws(CodecError) in try APNGDecoder.decode(bytes, limits: limits) }
        let libpng = try? libpngResult.get(), own = try? ownResult.get()
        require(
            (libpng == nil) == (own == nil),
            "libpng and APNGDecoder disagree on whether a PNG is valid: \(libpngResult) vs \(ownResult)")
        if let libpng, let own {
            FuzzChecks.check(own)
            require(
                own.frames.count == 1 && libpng == own.firstFrame,
                "libpng and APNGDecoder disagree on pixels: \(FuzzChecks.difference(libpng, own.firstFrame))")
        }
    }

    private static func lottie(_ bytes: [UInt8], as format: ImageFormat? = nil) {
        guard let composition = result({ () throws(CodecError) in try LottieComposition(bytes, limits: limits) }) else {
            return
        }
        if let format { require(composition.format == format, "a \(composition.format) file sniffed as \(format)") }
        require(
            composition.frameCount >= 1 && composition.frameCount <= limits.maxFrames, "frame count outside the limits")
        require(composition.drawsPerFrame <= Double(limits.maxDrawsPerFrame), "draws over the limit were accepted")
        require(!namesAFolder(composition.canonicalDocument), "the canonical document names a folder (\"u\")")
        for index in Set([0, composition.frameCount - 1]) {
            if let raster = result({ () throws(CodecError) in try composition.frame(index, width: 32, height: 32) }) {
                FuzzChecks.check(raster)
            }
        }
    }

    private static func webmStructure(_ input: [UInt8]) {
        guard let bytes = StructuredWebM.make(input) else { return }
        _ = result { () throws(CodecError) in try WebMDecoder.info(bytes, limits: limits) }
        guard let animation = result({ () throws(CodecError) in try WebMDecoder.decode(bytes, limits: limits) }) else {
            return
        }
        FuzzChecks.check(animation)
        // Frames over a day are refused, so the exact total stays under a day per block.
        let total = animation.duration
        require(
            total <= FrameDelay(numerator: 86_400 * limits.maxFrames, denominator: 1),
            "the frames last \(total), over a day per frame")
    }

    private static func animation(_ decode: () throws(CodecError) -> Animation) {
        if let animation = result(decode) { FuzzChecks.check(animation) }
    }

    private static func render(_ bytes: [UInt8]) {
        let renderer = StickerRenderer(options: RenderOptions(limits: limits))
        guard let renditions = result({ () throws(CodecError) in try renderer.render(bytes) }) else { return }
        require(renditions.count == 2, "expected @2x and @1x")
        for rendition in renditions {
            // Every rendition must decode again, to its stated size.
            let decoded: Animation
            do {
                decoded = try ImageDecoder.decodeAnimation(rendition.bytes)
            } catch {
                fuzzFailure("a rendition does not decode: \(error)")
            }
            FuzzChecks.check(decoded)
            require(decoded.width == rendition.width && decoded.height == rendition.height, "rendition size differs")
        }
    }

    private static func encode(_ bytes: [UInt8]) {
        guard bytes.count >= 5 else { return }
        let width = Int(bytes[0]) + 1
        let height = (bytes.count - 1) / 4 / width
        guard height > 0 else { return }
        let raster = Raster(width: width, height: height, straightRGBA: Array(bytes[1..<(1 + width * height * 4)]))
        let png: [UInt8]
        do {
            png = try PNGEncoder().encode(raster)
        } catch {
            fuzzFailure("a \(width)x\(height) raster does not encode: \(error)")
        }
        // The default limits: the fuzzing ones cap the height below what one input can make.
        let decoded = result { () throws(CodecError) in try PNGDecoder.decode(png) }
        require(decoded == raster, "the encoded \(width)x\(height) PNG does not decode to the raster encoded")
    }

    /// The decoded value, or `nil` for a typed error (a correct answer to bad input).
    private static func result<T>(_ body: () throws(CodecError) -> T) -> T? {
        do { return try body() } catch { return nil }
    }

    /// Whether a JSON document has a member named `u` (an image asset's folder): the bytes
    /// `"u":` outside an escape.
    private static func namesAFolder(_ json: [UInt8]) -> Bool {
        let member = Array(#""u":"#.utf8)
        guard json.count > member.count else { return false }
        return (1...(json.count - member.count)).contains {
            json[$0 - 1] != UInt8(ascii: "\\") && Array(json[$0..<($0 + member.count)]) == member
        }
    }

    /// Whether an `acTL` chunk type occurs anywhere (then libpng shows only the default image).
    private static func containsAnimationControl(_ bytes: [UInt8]) -> Bool {
        let name = Array("acTL".utf8)
        guard bytes.count >= 4 else { return false }
        return (0...(bytes.count - 4)).contains { bytes[$0] == name[0] && Array(bytes[$0..<($0 + 4)]) == name }
    }
}
