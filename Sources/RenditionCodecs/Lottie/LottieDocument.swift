/// What Rendition reads from a Lottie JSON document before rlottie sees it: the canvas, the
/// frame rate and frame range, and everything that makes the file unsafe or impossible to
/// draw on its own.
///
/// rlottie is not written for hostile input, so the document is checked first with a strict
/// JSON reader of Rendition's own (`JSONReader`: nesting, size and kept values capped) and
/// refused when it
/// - is not JSON, or lacks a valid canvas (`w`, `h`), frame rate (`fr`), in and out points
///   (`ip` < `op`) or `layers` array (`.corrupt`);
/// - needs files from outside the document: an image asset with a file path (`u` + `p`)
///   rather than an embedded `data:` URI, or text (text layers, `fonts`, `chars`), which needs
///   font files (`.unsupported`);
/// - embeds an image that is not PNG or JPEG, or whose size breaks the limits;
/// - nests precompositions in a cycle (rlottie would recurse without end), or instantiates
///   more than `maxLayerInstances` layers through nested precompositions, or more than
///   `maxRepeaterCopies` copies through repeaters (memory bombs), or breaks the canvas,
///   frame-count or decoded-bytes limits (`.limitExceeded`).
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

    /// Deepest nesting of arrays and objects accepted (real files nest about 20 deep).
    static let maxDepth = 128
    /// Most layers drawn, counting each use of a precomposition's layers.
    static let maxLayerInstances = 10_000
    /// Deepest nesting of precompositions (rlottie follows it recursively).
    static let maxPrecompositionDepth = 32
    /// Most copies all repeaters of one shape list make together (nested repeaters multiply).
    static let maxRepeaterCopies = 10_000
    /// Most values kept while reading (layers, shapes and the few members checked).
    static let maxKeptValues = 1_000_000

    /// The members the checks need; all else is only checked for syntax (see `JSONReader`).
    private static let keptMembers: [String: Set<String>] = [
        "": ["tgs", "w", "h", "fr", "ip", "op", "assets", "layers", "fonts", "chars"],
        "assets": ["id", "u", "p", "e", "layers"],
        "layers": ["ty", "refId", "shapes"],
        "shapes": ["ty", "it", "c"],
        "it": ["ty", "it", "c"],
        "c": ["k"],
        "k": ["s"],
        "fonts": ["list"],
    ]

    /// Reads and checks `json` against `limits` (`format` names the file in errors).
    init(json: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: DecodeLimits) throws(CodecError) {
        let root: JSONValue
        do {
            root = try JSONReader.parse(
                json, keeping: Self.keptMembers, maxDepth: Self.maxDepth, maxKeptValues: Self.maxKeptValues)
        } catch {
            switch error {
            case .syntax(let reason, let offset):
                throw .corrupt(format: format, reason: "not valid JSON: \(reason) at byte \(offset)")
            case .tooDeep(let depth):
                throw .limitExceeded(format: format, reason: "arrays and objects nest more than \(depth) deep")
            case .tooManyValues(let count):
                throw .limitExceeded(format: format, reason: "more than \(count) layers, shapes and keyframes")
            }
        }
        guard case .object = root else { throw .corrupt(format: format, reason: "the JSON document is not an object") }
        guard let layers = root["layers"]?.elements else {
            throw .corrupt(format: format, reason: "no \"layers\" array: not a Lottie animation")
        }
        func integer(_ key: String) throws(CodecError) -> Int {
            guard let value = root[key]?.number, value.isFinite, value == value.rounded(), abs(value) < 1e9 else {
                throw .corrupt(format: format, reason: "\"\(key)\" is missing or not a whole number")
            }
            return Int(value)
        }
        width = try integer("w")
        height = try integer("h")
        guard let rate = root["fr"]?.number.flatMap(FrameRate.init) else {
            throw .corrupt(format: format, reason: "the frame rate \"fr\" is missing, zero or negative")
        }
        guard rate.framesPerSecond <= 1_000 else {
            throw .unsupported(format: format, reason: "a frame rate of \(rate.framesPerSecond) fps (at most 1000)")
        }
        frameRate = rate
        guard let inPoint = root["ip"]?.number, let outPoint = root["op"]?.number, inPoint.isFinite, outPoint.isFinite,
            inPoint >= 0, outPoint > inPoint
        else {
            throw .corrupt(
                format: format, reason: "the in and out points \"ip\" and \"op\" are missing or out of order")
        }
        let span = outPoint - inPoint
        guard span <= Double(limits.maxFrames) + 0.5 else {
            throw .limitExceeded(
                format: format, reason: "\(Int(span.rounded())) frames is over the limit of \(limits.maxFrames)")
        }
        // Exporters write points like 61.0000024845809: close enough to a whole number is one.
        frameCount = max(1, abs(span - span.rounded()) < 1e-3 ? Int(span.rounded()) : Int(span.rounded(.up)))
        try limits.check(width: width, height: height, frames: frameCount, format: format)
        hasTelegramMarker = root["tgs"]?.number == 1

        try Self.checkText(root, format: format)
        let assets = root["assets"]?.elements ?? []
        var precompositions: [String: [JSONValue]] = [:]
        for asset in assets {
            if let assetLayers = asset["layers"]?.elements {
                if let id = asset["id"]?.string { precompositions[id] = assetLayers }
            } else if let path = asset["p"]?.string {
                try Self.checkImage(asset, path: path, format: format, limits: limits)
            }
        }
        try Self.checkTextLayers(layers, format: format)
        for (_, assetLayers) in precompositions { try Self.checkTextLayers(assetLayers, format: format) }
        try Self.checkPrecompositions(root: layers, precompositions, format: format)
        for layer in layers { try Self.checkRepeaters(layer["shapes"]?.elements ?? [], multiplier: 1, format: format) }
        for (_, assetLayers) in precompositions {
            for layer in assetLayers {
                try Self.checkRepeaters(layer["shapes"]?.elements ?? [], multiplier: 1, format: format)
            }
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

    /// Refuses image assets outside the document, and embedded images that are not PNG or
    /// JPEG or whose size breaks `limits`.
    private static func checkImage(_ asset: JSONValue, path: String, format: ImageFormat, limits: DecodeLimits)
        throws(CodecError)
    {
        let embedded = asset["e"]?.number == 1 || path.hasPrefix("data:")
        guard embedded else {
            let folder = asset["u"]?.string ?? ""
            throw .unsupported(
                format: format,
                reason: "an image asset refers to the external file \"\(folder)\(path)\"; embed it as a data URI")
        }
        guard path.hasPrefix("data:"), let comma = path.firstIndex(of: ","), path[..<comma].hasSuffix(";base64") else {
            throw .unsupported(format: format, reason: "an embedded image is not a base64 data URI")
        }
        guard let image = Base64.decode(path.utf8[path.utf8.index(after: comma)...]) else {
            throw .corrupt(format: format, reason: "an embedded image's base64 data is invalid")
        }
        let imageFormat = ImageFormat.sniff(image)
        guard imageFormat == .png || imageFormat == .jpeg else {
            throw .unsupported(format: format, reason: "an embedded image is not PNG or JPEG")
        }
        let size: ImageDimensions
        do { size = try ImageDimensions(image) } catch {
            throw .corrupt(format: format, reason: "an embedded image is damaged: \(error)")
        }
        try limits.check(width: size.width, height: size.height, format: format)
    }

    /// Refuses precompositions that contain themselves, and nestings that draw too many layers.
    private static func checkPrecompositions(
        root: [JSONValue], _ precompositions: [String: [JSONValue]], format: ImageFormat
    ) throws(CodecError) {
        // Layers drawn for one use of each precomposition, found depth first; `visiting`
        // holds the chain being followed, so meeting one of it again is a cycle.
        var drawn: [String: Int] = [:]
        var visiting: Set<String> = []
        func count(_ layers: [JSONValue], depth: Int) throws(CodecError) -> Int {
            guard depth <= maxPrecompositionDepth else {
                throw .limitExceeded(
                    format: format, reason: "precompositions nest more than \(maxPrecompositionDepth) deep")
            }
            var total = 0
            for layer in layers {
                total += 1
                if layer["ty"]?.number == 0, let id = layer["refId"]?.string, let inner = precompositions[id] {
                    if let known = drawn[id] {
                        total += known
                    } else {
                        guard visiting.insert(id).inserted else {
                            throw .corrupt(format: format, reason: "precomposition \"\(id)\" contains itself")
                        }
                        let innerCount = try count(inner, depth: depth + 1)
                        visiting.remove(id)
                        drawn[id] = innerCount
                        total += innerCount
                    }
                }
                if total > maxLayerInstances {
                    throw .limitExceeded(
                        format: format, reason: "precompositions draw more than \(maxLayerInstances) layers")
                }
            }
            return total
        }
        _ = try count(root, depth: 0)
    }

    /// Refuses repeaters (`ty` "rp") that together make more than `maxRepeaterCopies` copies.
    private static func checkRepeaters(_ shapes: [JSONValue], multiplier: Double, format: ImageFormat)
        throws(CodecError)
    {
        var copies = multiplier
        for shape in shapes where shape["ty"]?.string == "rp" {
            copies *= max(1, largestCopyCount(shape["c"]?["k"]))
        }
        if copies > Double(maxRepeaterCopies) {
            throw .limitExceeded(format: format, reason: "repeaters make more than \(maxRepeaterCopies) copies")
        }
        for shape in shapes where shape["ty"]?.string == "gr" {
            try checkRepeaters(shape["it"]?.elements ?? [], multiplier: copies, format: format)
        }
    }

    /// The largest copy count of a repeater's `c.k`: a number, or keyframes with `s` values.
    private static func largestCopyCount(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let n): return n.isFinite ? n : .infinity
        case .array(let elements):
            return elements.reduce(0) { largest, element in
                switch element {
                case .number(let n): return max(largest, n.isFinite ? n : .infinity)
                default: return max(largest, largestCopyCount(element["s"]))
                }
            }
        default: return 0
        }
    }
}
