/// A Lottie feature that platforms may forbid (Telegram's animated stickers forbid all of
/// these), found by reading the document's layers and shapes.
public enum LottieFeature: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Layer masks (`masksProperties`).
    case masks
    /// Track mattes (a layer with `tt`).
    case mattes
    /// Layer effects (`ef`).
    case effects
    /// Image layers or image assets.
    case images
    /// Solid colour layers (`ty` 1).
    case solids
    /// Text layers (`ty` 5).
    case texts
    /// 3D layers (`ddd` 1).
    case threeD = "3d-layers"
    /// Merge paths (`mm`).
    case mergePaths = "merge-paths"
    /// Star shapes (a polystar with `sy` 1).
    case stars
    /// Gradient strokes (`gs`).
    case gradientStrokes = "gradient-strokes"
    /// Repeaters (`rp`).
    case repeaters
    /// Time remapping (`tm`).
    case timeRemapping = "time-remapping"
    /// Time stretching (a layer `sr` other than 1).
    case timeStretching = "time-stretching"
    /// Auto-oriented layers (`ao` 1).
    case autoOrient = "auto-orient"

    /// The feature's name in messages.
    public var description: String {
        switch self {
        case .threeD: "3D layers"
        default: String(rawValue.map { $0 == "-" ? " " : $0 })
        }
    }

    /// The members the scan reads; all else is only checked for syntax.
    private static let keptMembers: [String: Set<String>] = [
        "": ["layers", "assets"],
        "assets": ["layers", "p"],
        "layers": ["ty", "ddd", "ao", "sr", "tm", "tt", "ef", "masksProperties", "shapes"],
        "shapes": ["ty", "it", "sy"],
        "it": ["ty", "it", "sy"],
        "ef": [],
        "masksProperties": [],
    ]

    /// The features `json` (a Lottie document) uses, in declaration order.
    static func scan(_ json: UnsafeBufferPointer<UInt8>) -> [LottieFeature] {
        guard
            let root = try? JSONReader.parse(
                json, keeping: keptMembers, maxDepth: LottieDocument.maxDepth,
                maxKeptValues: LottieDocument.maxKeptValues)
        else { return [] }
        var found: Set<LottieFeature> = []
        var layers = root["layers"]?.elements ?? []
        for asset in root["assets"]?.elements ?? [] {
            layers += asset["layers"]?.elements ?? []
            if asset["p"] != nil { found.insert(.images) }
        }
        for layer in layers {
            switch layer["ty"]?.number {
            case 1: found.insert(.solids)
            case 2: found.insert(.images)
            case 5: found.insert(.texts)
            default: break
            }
            if layer["ddd"]?.number == 1 { found.insert(.threeD) }
            if layer["ao"]?.number == 1 { found.insert(.autoOrient) }
            if let stretch = layer["sr"]?.number, stretch != 1 { found.insert(.timeStretching) }
            if layer["tm"] != nil { found.insert(.timeRemapping) }
            if layer["tt"] != nil { found.insert(.mattes) }
            if let effects = layer["ef"]?.elements, !effects.isEmpty { found.insert(.effects) }
            if let masks = layer["masksProperties"]?.elements, !masks.isEmpty { found.insert(.masks) }
            scanShapes(layer["shapes"]?.elements ?? [], into: &found)
        }
        return allCases.filter(found.contains)
    }

    private static func scanShapes(_ shapes: [JSONValue], into found: inout Set<LottieFeature>) {
        for shape in shapes {
            switch shape["ty"]?.string {
            case "mm": found.insert(.mergePaths)
            case "gs": found.insert(.gradientStrokes)
            case "rp": found.insert(.repeaters)
            case "sr" where shape["sy"]?.number == 1: found.insert(.stars)
            case "gr": scanShapes(shape["it"]?.elements ?? [], into: &found)
            default: break
            }
        }
    }
}

extension LottieComposition {
    /// The features (among `LottieFeature`) the document of `bytes` uses, for checks such as
    /// Telegram's; empty when the document cannot be read (decoding says why).
    public static func features(of bytes: [UInt8], limits: DecodeLimits = .default) -> [LottieFeature] {
        guard let (_, json, _) = try? read(bytes, limits: limits) else { return [] }
        return json.withUnsafeBufferPointer { LottieFeature.scan($0) }
    }
}
