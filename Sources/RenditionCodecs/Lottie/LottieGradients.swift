/// The colour stops of gradient fills and strokes (`gf`, `gs`), checked before rlottie sees
/// them: rlottie reads a gradient without stops — `g` missing, an empty colour array, a first
/// keyframe without values or without easing — through a null pointer and ends the process
/// (found by fuzzing the structured Lottie target). A gradient here has a `g` whose `k` holds
/// at least one stop (4 numbers: offset and RGB) as a value, or keyframes whose values do and
/// each of which but the last eases (`i`) or holds (`h`), as every exporter writes them.
enum LottieGradients {
    /// Numbers in one colour stop.
    static let numbersPerStop = 4

    /// Refuses a gradient without usable colour stops anywhere in `layers`' shapes.
    /// - Throws: `.corrupt` naming the layer and the gradient.
    static func check(_ layers: [JSONValue], format: ImageFormat) throws(CodecError) {
        for (index, layer) in layers.enumerated() {
            try check(layer["shapes"]?.elements ?? [], layer: index, format: format)
        }
    }

    private static func check(_ shapes: [JSONValue], layer: Int, format: ImageFormat) throws(CodecError) {
        for shape in shapes {
            switch shape["ty"]?.string {
            case "gr": try check(shape["it"]?.elements ?? [], layer: layer, format: format)
            case let kind? where kind == "gf" || kind == "gs":
                guard hasStops(shape["g"]) else {
                    throw .corrupt(
                        format: format,
                        reason:
                            "a gradient \(kind == "gf" ? "fill" : "stroke") (\"\(kind)\") of layer \(layer) has no colour stops: its \"g\" needs at least one stop of \(numbersPerStop) numbers, and keyframes that ease"
                    )
                }
            default: break
            }
        }
    }

    /// Whether `g` holds usable stops: a value of at least one stop, or keyframes of them.
    private static func hasStops(_ g: JSONValue?) -> Bool {
        guard let property = g?["k"], let value = property["k"]?.elements, !value.isEmpty else { return false }
        guard case .object = value[0] else { return isStops(property["k"]) }
        for (index, keyframe) in value.enumerated() {
            let last = index == value.count - 1
            for key in ["s", "e"] where keyframe[key] != nil || (key == "s" && !last) {
                guard isStops(keyframe[key]) else { return false }
            }
            if !last && keyframe["i"]?.members == nil && keyframe["h"]?.number != 1 { return false }
        }
        return true
    }

    /// Whether `value` is an array of at least one stop's numbers.
    private static func isStops(_ value: JSONValue?) -> Bool {
        guard let numbers = value?.elements, numbers.count >= numbersPerStop else { return false }
        return numbers.allSatisfy { $0.number != nil }
    }
}
