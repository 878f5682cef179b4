/// How many shapes rlottie draws for one frame of a checked document: every layer, counted
/// once for each use of the precomposition it is in, with each shape multiplied by the copies
/// of the repeaters around it and each dashed stroke by the dash segments it can make.
///
/// The count is an upper bound taken from the document's structure (the largest copy count
/// of any repeater keyframe, the shortest dash pattern of any keyframe), computed in floating
/// point so that no product can overflow; `LottieDocument` and `LottieComposition` compare it
/// (times frames and pixels) with `DecodeLimits.maxDrawsPerFrame` and
/// `DecodeLimits.maxDrawingWork`. It also finds precompositions that contain themselves, and
/// nesting deeper than rlottie should recurse.
struct LottieDrawCount {
    /// Deepest nesting of precompositions followed.
    static let maxPrecompositionDepth = 32

    /// Layers drawn per frame, counting every use of a precomposition.
    private(set) var layers: Double = 0
    /// Shapes drawn per frame: layers, masks, and shape items times repeater copies and dash
    /// segments.
    private(set) var draws: Double = 0
    /// The largest repeater multiplication met (for messages).
    private(set) var largestRepeat: Double = 1
    /// The most dash segments one stroke can make (for messages).
    private(set) var largestDashSegments: Double = 1

    private let precompositions: [[UInt8]: [JSONValue]]
    private let canvasExtent: Double
    private var perUse: [[UInt8]: (layers: Double, draws: Double)] = [:]
    private var visiting: Set<[UInt8]> = []

    /// Counts the draws of `layers` (the root list), where `precompositions` maps each asset
    /// id (its UTF-8 bytes, as rlottie compares them) to its layers; `canvasExtent` is the
    /// composition's larger side, the least extent a path is taken to have.
    /// - Throws: `.corrupt` for a precomposition that contains itself; `.limitExceeded` for
    ///   nesting over `maxPrecompositionDepth`.
    init(
        layers rootLayers: [JSONValue], precompositions: [[UInt8]: [JSONValue]], canvasExtent: Double,
        format: ImageFormat
    ) throws(CodecError) {
        self.precompositions = precompositions
        self.canvasExtent = canvasExtent
        let root = try count(rootLayers, depth: 0, format: format)
        layers = root.layers
        draws = root.draws
    }

    /// Layers and draws of one use of `list`.
    private mutating func count(_ list: [JSONValue], depth: Int, format: ImageFormat) throws(CodecError) -> (
        layers: Double, draws: Double
    ) {
        guard depth <= Self.maxPrecompositionDepth else {
            throw .limitExceeded(
                format: format, reason: "precompositions nest more than \(Self.maxPrecompositionDepth) deep")
        }
        var layerCount = 0.0
        var drawCount = 0.0
        for layer in list {
            layerCount += 1
            drawCount += 1 + Double(layer["masksProperties"]?.elements?.count ?? 0)
            let extent = max(canvasExtent, Self.largestCoordinate(layer["shapes"]))
            drawCount += shapeDraws(layer["shapes"]?.elements ?? [], copies: 1, extent: extent)
            // rlottie follows `refId` for precomposition layers (`ty` 0) only.
            guard layer["ty"]?.number == 0, let id = layer["refId"]?.string.map({ Array($0.utf8) }),
                let inner = precompositions[id]
            else { continue }
            if let known = perUse[id] {
                layerCount += known.layers
                drawCount += known.draws
                continue
            }
            guard visiting.insert(id).inserted else {
                throw .corrupt(
                    format: format, reason: "precomposition \"\(String(decoding: id, as: UTF8.self))\" contains itself")
            }
            let use = try count(inner, depth: depth + 1, format: format)
            visiting.remove(id)
            perUse[id] = use
            layerCount += use.layers
            drawCount += use.draws
        }
        return (layerCount, drawCount)
    }

    /// Draws of a shape list (a layer's `shapes` or a group's `it`) inside `copies` copies.
    /// A repeater repeats what comes before it in its list; counting it for the whole list
    /// is an upper bound.
    private mutating func shapeDraws(_ shapes: [JSONValue], copies outer: Double, extent: Double) -> Double {
        var copies = outer
        for shape in shapes where shape["ty"]?.string == "rp" {
            copies *= max(1, Self.largestCopyCount(shape["c"]?["k"]).rounded(.up))
        }
        largestRepeat = max(largestRepeat, copies)
        var total = 0.0
        for shape in shapes {
            switch shape["ty"]?.string {
            case "gr": total += shapeDraws(shape["it"]?.elements ?? [], copies: copies, extent: extent)
            case "st", "gs":
                let segments = Self.dashSegments(shape["d"], extent: extent)
                largestDashSegments = max(largestDashSegments, segments)
                total += copies * segments
            default: total += copies
            }
        }
        return total
    }

    /// The largest copy count of a repeater's `c.k`: a number, an array (rlottie takes its
    /// first element; all are counted), or keyframes with start (`s`) and end (`e`) values.
    /// Not a finite number counts as infinite.
    static func largestCopyCount(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let n)?: return n.value.isNaN ? .infinity : n.value
        case .array(let elements)?:
            return elements.reduce(0) { largest, element in
                switch element {
                case .number, .array: max(largest, largestCopyCount(element))
                default: max(largest, largestCopyCount(element["s"]), largestCopyCount(element["e"]))
                }
            }
        default: return 0
        }
    }

    /// How many segments a stroke's dash pattern `d` can cut a path of `extent` into: the
    /// path's length is taken as four times its extent, the pattern as the shortest its
    /// keyframes make it. 1 without dashes.
    static func dashSegments(_ dashes: JSONValue?, extent: Double) -> Double {
        guard let entries = dashes?.elements, entries.count >= 2 else { return 1 }
        // rlottie reads every entry's `v`; with an odd count the last is the offset.
        let pattern = entries.prefix(entries.count - entries.count % 2)
        var length = 0.0
        for entry in pattern {
            let value = smallestValue(entry["v"]?["k"])
            // A negative or undefined length could run a dasher backwards: no bound.
            guard value >= 0 else { return .infinity }
            length += value
        }
        guard length.isFinite, length > 0 else { return length == 0 ? 1 : .infinity }
        return max(1, (4 * extent / length).rounded(.up))
    }

    /// The smallest number a property value takes: a number, the first element of an array,
    /// or the smallest start or end value of its keyframes (NaN when one is not a number); a
    /// missing value is 0.
    static func smallestValue(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let n)?: return n.value
        case .array(let elements)?:
            guard let first = elements.first else { return 0 }
            if case .number = first { return smallestValue(first) }
            let smallest = elements.reduce(Double.infinity) { smallest, keyframe in
                var result = smallest
                for key in ["s", "e"] where keyframe[key] != nil {
                    let value = smallestValue(keyframe[key])
                    result = value.isNaN || value < result ? value : result
                }
                return result
            }
            return smallest == .infinity ? 0 : smallest
        case nil: return 0
        default: return .nan
        }
    }

    /// The largest absolute coordinate in a layer's shapes (path vertices and tangents,
    /// positions, sizes and radii), found anywhere below `value`.
    static func largestCoordinate(_ value: JSONValue?) -> Double {
        var largest = 0.0
        func visit(_ value: JSONValue, coordinate: Bool) {
            switch value {
            case .number(let n) where coordinate:
                let magnitude = abs(n.value)
                largest = max(largest, magnitude.isNaN ? .infinity : magnitude)
            case .array(let elements): for element in elements { visit(element, coordinate: coordinate) }
            case .object(let members):
                for member in members {
                    visit(member.value, coordinate: coordinate || coordinateKeys.contains(member.name))
                }
            default: break
            }
        }
        if let value { visit(value, coordinate: false) }
        return largest
    }

    private static let coordinateKeys: Set<String> = ["ks", "p", "s", "or", "ir"]
}
