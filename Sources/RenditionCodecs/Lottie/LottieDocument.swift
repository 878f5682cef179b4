/// What Rendition reads from a Lottie JSON document before rlottie sees it, and the canonical
/// copy of it that rlottie is given.
///
/// rlottie is not written for hostile input, so the whole document is read first with a
/// strict JSON reader of Rendition's own (`JSONReader`: UTF-8, escapes and duplicate names
/// checked, nesting and value count capped) and refused when it
/// - is not JSON, or lacks a valid canvas (`w`, `h`), frame rate (`fr`), in and out points
///   (`ip` < `op`) or `layers` array (`.corrupt`);
/// - needs files from outside the document: an image asset with a file path (`u` + `p`)
///   rather than an embedded `data:` URI, or text (text layers, `fonts`, `chars`), which needs
///   font files (`.unsupported`);
/// - has assets that rlottie could read differently: an id that is neither a string nor a
///   whole number, two assets with one id, an asset that is both an image and a
///   precomposition (`.corrupt`);
/// - embeds an image that is not PNG or JPEG, is damaged, or breaks the limits;
/// - nests precompositions in a cycle (rlottie would recurse without end) or more than 32
///   deep, or draws more shapes per frame (`LottieDrawCount`: layers × precomposition uses ×
///   repeater copies × dash segments) or more work in all (× frames × pixels, and every
///   shape's outline at its drawn size) than the limits allow, or a shape larger than the
///   rasterizer takes, or breaks the canvas, frame-count or decoded-bytes limits
///   (`.limitExceeded`).
///
/// What passes is written again as `canonical` (see `LottieCanonicalDocument`), the only bytes
/// rlottie ever parses.
struct LottieDocument {
    /// Canvas width in pixels.
    let width: Int
    /// Canvas height in pixels.
    let height: Int
    /// Frames per second.
    let frameRate: FrameRate
    /// How many frames the animation has (`op` − `ip`, rounded; at least 1).
    let frameCount: Int
    /// Whether the root object has Telegram's `"tgs": 1` member.
    let hasTelegramMarker: Bool
    /// What drawing the composition costs (`LottieDrawCount`).
    let cost: LottieDrawingCost
    /// The document rlottie parses.
    let canonical: [UInt8]

    /// Deepest nesting of arrays and objects accepted (real files nest about 20 deep).
    static let maxDepth = 128
    /// Most values read from one document.
    static let maxKeptValues = 2_000_000

    /// Reads and checks `json` against `limits` (`format` names the file in errors).
    /// `storedImages` are the files a container holds beside the document, by path, for image
    /// assets that name one (``LottieSourceFormat/storedImages(_:limits:)``).
    init(
        json: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: DecodeLimits,
        storedImages: [String: [UInt8]] = [:]
    ) throws(CodecError) {
        let root: JSONValue
        do {
            root = try JSONReader.parse(json, keeping: nil, maxDepth: Self.maxDepth, maxKeptValues: Self.maxKeptValues)
        } catch {
            switch error {
            case .syntax(let reason, let offset):
                throw .corrupt(format: format, reason: "not valid JSON: \(reason) at byte \(offset)")
            case .tooDeep(let depth):
                throw .limitExceeded(
                    format: format,
                    limit: ExceededLimit(fixed: "arrays and objects nest more than \(depth) deep", maximum: depth))
            case .tooManyValues(let count):
                throw .limitExceeded(
                    format: format,
                    limit: ExceededLimit(fixed: "the document holds more than \(count) values", maximum: count))
            }
        }
        guard case .object = root else { throw .corrupt(format: format, reason: "the JSON document is not an object") }
        guard let layers = root["layers"]?.elements else {
            throw .corrupt(format: format, reason: "no \"layers\" array: not a Lottie animation")
        }
        let header = try LottieHeader(root, format: format, limits: limits)
        width = header.width
        height = header.height
        frameRate = header.frameRate
        frameCount = header.frameCount
        hasTelegramMarker = root["tgs"]?.number == 1

        try Self.checkText(root, format: format)
        let assets = try LottieAssets(root["assets"], format: format, limits: limits, storedImages: storedImages)
        try Self.checkTextLayers(layers, format: format)
        for (_, assetLayers) in assets.precompositions { try Self.checkTextLayers(assetLayers, format: format) }
        try LottieGradients.check(layers, format: format)
        for (_, assetLayers) in assets.precompositions { try LottieGradients.check(assetLayers, format: format) }
        let count = try LottieDrawCount(
            layers: layers, precompositions: assets.precompositions, canvasExtent: Double(max(width, height)),
            format: format)
        cost = LottieDrawingCost(
            draws: count.total.draws, extents: count.total.extents, largestExtent: count.total.largestExtent,
            canvasWidth: width, canvasHeight: height)
        try Self.checkDraws(count, limits: limits, format: format)
        try cost.check(frames: frameCount, width: width, height: height, format: format, limits: limits)
        canonical = LottieCanonicalDocument.bytes(root: root, assets: assets.canonical)
    }

    /// Refuses more shapes per frame than `limits.maxDrawsPerFrame`, naming what multiplies
    /// them.
    private static func checkDraws(_ count: LottieDrawCount, limits: DecodeLimits, format: ImageFormat)
        throws(CodecError)
    {
        let draws = count.total.draws
        guard draws <= Double(limits.maxDrawsPerFrame) else {
            var causes = ["\(LottieNumber.text(count.total.layers)) layers counting every precomposition use"]
            if count.largestRepeat > 1 {
                causes.append("repeaters that make up to \(LottieNumber.text(count.largestRepeat)) copies")
            }
            if count.largestDashSegments > 1 {
                causes.append(
                    "dashes that cut a stroke into up to \(LottieNumber.text(count.largestDashSegments)) pieces")
            }
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .draws, found: draws < 1e18 ? Int(draws) : nil, maximum: limits.maxDrawsPerFrame,
                    measure:
                        "drawing up to \(LottieNumber.text(draws)) shapes per frame (\(causes.joined(separator: ", ")))"
                ))
        }
    }

    /// Refuses documents that carry fonts or glyphs.
    private static func checkText(_ root: JSONValue, format: ImageFormat) throws(CodecError) {
        if let fonts = root["fonts"]?["list"]?.elements, !fonts.isEmpty {
            throw .unsupported(
                format: format,
                reason: "the animation uses fonts (\"fonts\"), which need font files; convert text to shapes")
        }
        if let chars = root["chars"]?.elements, !chars.isEmpty {
            throw .unsupported(
                format: format,
                reason: "the animation uses glyphs (\"chars\"), which need font files; convert text to shapes")
        }
    }

    /// Refuses text layers (`ty` 5).
    private static func checkTextLayers(_ layers: [JSONValue], format: ImageFormat) throws(CodecError) {
        for (index, layer) in layers.enumerated() where layer["ty"]?.number == 5 {
            throw .unsupported(
                format: format, reason: "layer \(index) is a text layer, which needs font files; convert text to shapes"
            )
        }
    }
}

/// Numbers from a document in messages: whole numbers as integers, others short.
enum LottieNumber {
    /// `value` for a message: `512`, `1.5`, `1e+308`, `inf`.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        if value.isFinite, abs(value) < 1e15, abs(value) >= 1e-3 {
            let rounded = (value * 1000).rounded() / 1000
            return "\(rounded)"
        }
        return "\(value)"
    }
}
