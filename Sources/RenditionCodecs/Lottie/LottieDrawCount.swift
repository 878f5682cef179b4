/// How much rlottie draws for one frame of a checked document: every layer, counted once for
/// each use of the precomposition it is in, with each shape multiplied by the copies of the
/// repeaters around it and each dashed stroke by the dash pieces it can make; and how large
/// the shapes are once every scale around them is applied.
///
/// Both are upper bounds taken from the document's structure (the largest copy count and
/// scale of any keyframe, the shortest dash pattern), computed in floating point so that no
/// product can overflow. Size matters as much as count: rlottie's rasterizer works along a
/// shape's whole outline, so one ellipse scaled to 10^10 px takes seconds to clip to a 64 px
/// canvas, and past 2^24 px its fixed-point coordinates lose their meaning. `LottieDocument`
/// and `LottieComposition` compare the count and the sizes (times frames and pixels) with
/// `DecodeLimits.maxDrawsPerFrame` and `DecodeLimits.maxDrawingWork`, and the largest shape
/// with `maxShapeExtent`. The count also finds precompositions that contain themselves, and
/// nesting deeper than rlottie should recurse.
struct LottieDrawCount {
    /// Deepest nesting of precompositions followed.
    static let maxPrecompositionDepth = 32
    /// Most pixels across any one shape may be drawn: well inside the range of the
    /// rasterizer's fixed-point coordinates (2^25 px).
    static let maxShapeExtent = Double(1 << 24)

    /// What one use of a list of layers draws per frame.
    struct Tally {
        /// Layers, counting every use of a precomposition.
        var layers = 0.0
        /// Shapes drawn: layers, masks, and shape items times repeater copies and dash pieces.
        var draws = 0.0
        /// The sum of every drawn shape's size across, in canvas pixels.
        var extents = 0.0
        /// The size across of the largest shape, in canvas pixels.
        var largestExtent = 0.0

        /// Adds `other`, drawn at `scale` times its own size.
        mutating func add(_ other: Tally, scale: Double) {
            layers += other.layers
            draws += other.draws
            extents += other.extents * scale
            largestExtent = max(largestExtent, other.largestExtent * scale)
        }

        /// Adds `copies` draws of a shape `extent` pixels across.
        mutating func addShape(extent: Double, copies: Double) {
            draws += copies
            extents += copies * extent
            largestExtent = max(largestExtent, extent)
        }

        /// Adds the size of a shape whose draw is already counted.
        mutating func addExtent(_ extent: Double) {
            extents += extent
            largestExtent = max(largestExtent, extent)
        }
    }

    /// The whole composition's tally.
    private(set) var total = Tally()
    /// The largest repeater multiplication met (for messages).
    private(set) var largestRepeat: Double = 1
    /// The most dash pieces one stroke can make (for messages).
    private(set) var largestDashSegments: Double = 1

    private let precompositions: [[UInt8]: [JSONValue]]
    private let canvasExtent: Double
    private var perUse: [[UInt8]: Tally] = [:]
    private var visiting: Set<[UInt8]> = []

    /// Counts the draws of `layers` (the root list), where `precompositions` maps each asset
    /// id (its UTF-8 bytes, as rlottie compares them) to its layers; `canvasExtent` is the
    /// composition's larger side, the least extent a dashed path is taken to have.
    /// - Throws: `.corrupt` for a precomposition that contains itself; `.limitExceeded` for
    ///   nesting over `maxPrecompositionDepth`.
    init(
        layers rootLayers: [JSONValue], precompositions: [[UInt8]: [JSONValue]], canvasExtent: Double,
        format: ImageFormat
    ) throws(CodecError) {
        self.precompositions = precompositions
        self.canvasExtent = canvasExtent
        total = try count(rootLayers, depth: 0, format: format)
    }

    /// The tally of one use of `list`, at its own scale.
    private mutating func count(_ list: [JSONValue], depth: Int, format: ImageFormat) throws(CodecError) -> Tally {
        guard depth <= Self.maxPrecompositionDepth else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    fixed: "precompositions nest more than \(Self.maxPrecompositionDepth) deep",
                    maximum: Self.maxPrecompositionDepth))
        }
        var tally = Tally()
        var parents = ParentChains(list)
        for (index, layer) in list.enumerated() {
            let scale = parents.scale(of: index)
            tally.layers += 1
            tally.draws += 1
            for mask in layer["masksProperties"]?.elements ?? [] {
                tally.addShape(extent: scale * Self.largestCoordinate(mask["pt"]), copies: 1)
            }
            if layer["ty"]?.number == 1 {
                // A solid: the layer's own draw, `sw` x `sh`.
                tally.addExtent(scale * max(Self.largestMagnitude(layer["sw"]), Self.largestMagnitude(layer["sh"])))
            }
            let dashExtent = max(canvasExtent, Self.largestCoordinate(layer["shapes"]))
            shapes(layer["shapes"]?.elements ?? [], copies: 1, scale: scale, dashExtent: dashExtent, into: &tally)
            // rlottie follows `refId` for precomposition layers (`ty` 0) only.
            guard layer["ty"]?.number == 0, let id = layer["refId"]?.string.map({ Array($0.utf8) }),
                let inner = precompositions[id]
            else { continue }
            if let known = perUse[id] {
                tally.add(known, scale: scale)
                continue
            }
            guard visiting.insert(id).inserted else {
                throw .corrupt(
                    format: format, reason: "precomposition \"\(String(decoding: id, as: UTF8.self))\" contains itself")
            }
            let use = try count(inner, depth: depth + 1, format: format)
            visiting.remove(id)
            perUse[id] = use
            tally.add(use, scale: scale)
        }
        return tally
    }

    /// Adds a shape list (a layer's `shapes` or a group's `it`) drawn `copies` times at
    /// `scale`. A repeater repeats what comes before it in its list, each copy scaled once more
    /// by its transform; counting it for the whole list is an upper bound.
    private mutating func shapes(
        _ items: [JSONValue], copies outer: Double, scale outerScale: Double, dashExtent: Double,
        into tally: inout Tally
    ) {
        var copies = outer
        var scale = outerScale
        for item in items {
            switch item["ty"]?.string {
            case "rp":
                let count = max(1, Self.largestCopyCount(item["c"]?["k"]).rounded(.up))
                copies *= count
                let step = Self.scaleFactor(item["tr"]?["s"])
                if step > 1 { scale *= Self.power(step, count - 1) }
            case "tr":
                // A group's transform scales the whole group.
                scale *= Self.scaleFactor(item["s"])
            default: break
            }
        }
        largestRepeat = max(largestRepeat, copies)
        for item in items {
            switch item["ty"]?.string {
            case "gr":
                shapes(item["it"]?.elements ?? [], copies: copies, scale: scale, dashExtent: dashExtent, into: &tally)
            case "el", "rc", "sr", "sh":
                tally.addShape(extent: scale * Self.largestCoordinate(item), copies: copies)
            case "st", "gs":
                let segments = Self.dashSegments(item["d"], extent: dashExtent)
                largestDashSegments = max(largestDashSegments, segments)
                tally.draws += copies * segments
            default: tally.draws += copies
            }
        }
    }

    /// `base` to the power `exponent` (≥ 0), infinite past Double's range.
    private static func power(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        var remaining = exponent
        while remaining > 0, result.isFinite {
            result *= base
            remaining -= 1
        }
        return result
    }

    /// The largest factor a scale property (`s`, in percent) applies on either axis.
    static func scaleFactor(_ property: JSONValue?) -> Double {
        guard let property else { return 1 }
        return largestMagnitude(property["k"]) / 100
    }

    /// The largest absolute value of a property value: a number, the elements of an array,
    /// or the start (`s`) and end (`e`) values of keyframes; infinite for NaN.
    static func largestMagnitude(_ value: JSONValue?) -> Double { largest(value, of: abs) }

    /// The largest copy count of a repeater's `c.k`: a number, an array (rlottie takes its
    /// first element; all are counted), or keyframes with start (`s`) and end (`e`) values.
    /// Not a finite number counts as infinite.
    static func largestCopyCount(_ value: JSONValue?) -> Double { largest(value) { $0 } }

    /// The largest `measure` of the numbers of a property value (a number, an array, or
    /// keyframes' `s` and `e` values); infinite for NaN, 0 when there is none.
    private static func largest(_ value: JSONValue?, of measure: (Double) -> Double) -> Double {
        switch value {
        case .number(let n)?: return n.value.isNaN ? .infinity : measure(n.value)
        case .array(let elements)?:
            return elements.reduce(0) { result, element in
                switch element {
                case .number, .array: max(result, largest(element, of: measure))
                default: max(result, largest(element["s"], of: measure), largest(element["e"], of: measure))
                }
            }
        default: return 0
        }
    }

    /// How many pieces a stroke's dash pattern `d` can cut a path of `extent` into: the
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

    /// The largest absolute coordinate in a shape or a layer's shapes (path vertices and
    /// tangents, positions, sizes and radii), found anywhere below `value`.
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

    private static let coordinateKeys: Set<String> = ["ks", "p", "s", "or", "ir", "pt"]
}

/// The scale each layer of a list is drawn at through its parents (`parent` naming another
/// layer's `ind`): the product of the largest scale factors along the chain, which rlottie
/// follows as far as it goes (a chain that loops is followed once round).
private struct ParentChains {
    private let factors: [Double]
    private let parents: [Int?]
    private var memo: [Double?]

    init(_ list: [JSONValue]) {
        var byIndex: [Double: Int] = [:]
        for (position, layer) in list.enumerated() {
            if let ind = layer["ind"]?.number, byIndex[ind] == nil { byIndex[ind] = position }
        }
        factors = list.map { LottieDrawCount.scaleFactor($0["ks"]?["s"]) }
        parents = list.map { layer in layer["parent"]?.number.flatMap { byIndex[$0] } }
        memo = Array(repeating: nil, count: list.count)
    }

    /// The scale of layer `index`: its own factor times its parents'.
    mutating func scale(of index: Int) -> Double {
        var chain: [Int] = []
        var seen: Set<Int> = []
        var next: Int? = index
        while let layer = next, memo[layer] == nil, seen.insert(layer).inserted {
            chain.append(layer)
            next = parents[layer]
        }
        // The scale above the chain: a layer already known, or nothing (the top, or a loop).
        var scale = next.flatMap { memo[$0] } ?? 1
        for layer in chain.reversed() {
            scale *= factors[layer]
            memo[layer] = scale
        }
        return memo[index]!
    }
}
