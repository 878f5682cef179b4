/// A document's `assets`, checked and rebuilt for the canonical document.
///
/// rlottie keys assets by id as bytes (a string id as written, a number as its decimal
/// text) and keeps the last of two with one id; an asset with `layers` is a precomposition,
/// one with `p` an image, and for an image without `"e": 1` it opens the file `u` + `p`.
/// Here ids are compared as rlottie compares them, any doubt is an error, and each canonical
/// asset has a string id and either its layers or an embedded PNG that Rendition decoded —
/// never a path.
struct LottieAssets {
    /// Each precomposition's layers by id (UTF-8 bytes).
    let precompositions: [[UInt8]: [JSONValue]]
    /// The assets as the canonical document lists them.
    let canonical: [JSONValue]

    /// Reads `assets` (the root's member, possibly missing).
    /// - Throws: `.corrupt` for an asset that is not an object, an id that is neither a
    ///   string nor a whole number, two assets with one id, or an asset with both `layers`
    ///   and `p`; `.unsupported` for an image that is a file rather than embedded (unless
    ///   `storedImages`, the files its container holds, has it), or not PNG or JPEG; what
    ///   `LottieEmbeddedImage` throws; `.limitExceeded` when the images together decode to
    ///   more than `limits.maxDecodedBytes`.
    init(
        _ assets: JSONValue?, format: ImageFormat, limits: DecodeLimits, storedImages: [String: [UInt8]] = [:]
    ) throws(CodecError) {
        guard let assets else {
            precompositions = [:]
            canonical = []
            return
        }
        guard let list = assets.elements else {
            throw .corrupt(format: format, reason: "\"assets\" is not an array")
        }
        var precompositions: [[UInt8]: [JSONValue]] = [:]
        var ids: Set<[UInt8]> = []
        var canonical: [JSONValue] = []
        var imageBytes = 0
        for (index, asset) in list.enumerated() {
            guard let members = asset.members else {
                throw .corrupt(format: format, reason: "asset \(index) is not an object")
            }
            let id = try Self.id(asset["id"], index: index, format: format)
            let idText = String(decoding: id, as: UTF8.self)
            guard ids.insert(id).inserted else {
                throw .corrupt(format: format, reason: "two assets have the id \"\(idText)\"")
            }
            var rebuilt = [JSONMember(name: "id", value: .string(idText))]
            for member in members where ["w", "h"].contains(member.name) { rebuilt.append(member) }
            let layers = asset["layers"]
            let path = asset["p"]
            switch (layers, path) {
            case (.some, .some):
                throw .corrupt(
                    format: format,
                    reason: "asset \"\(idText)\" is both a precomposition (\"layers\") and an image (\"p\")")
            case (.some(let layers), nil):
                guard let layerList = layers.elements else {
                    throw .corrupt(format: format, reason: "the layers of asset \"\(idText)\" are not an array")
                }
                precompositions[id] = layerList
                rebuilt.append(JSONMember(name: "layers", value: layers))
            case (nil, .some(let path)):
                guard let path = path.string else {
                    throw .corrupt(
                        format: format, reason: "the image path \"p\" of asset \"\(idText)\" is not a string")
                }
                let image: LottieEmbeddedImage
                if asset["e"]?.number == 1 || path.hasPrefix("data:") {
                    image = try LottieEmbeddedImage(path: path, format: format, limits: limits)
                } else {
                    let file = (asset["u"]?.string ?? "") + path
                    guard let stored = storedImages[String(file.drop { $0 == "/" })] else {
                        throw .unsupported(
                            format: format,
                            reason: storedImages.isEmpty
                                ? "an image asset refers to the external file \"\(file)\"; embed it as a data URI"
                                : "an image asset refers to \"\(file)\", which the archive does not hold")
                    }
                    image = try LottieEmbeddedImage(file: stored, format: format, limits: limits)
                }
                imageBytes += image.decodedBytes
                guard imageBytes <= limits.maxDecodedBytes else {
                    throw .limitExceeded(
                        format: format,
                        limit: ExceededLimit(
                            .decodedBytes, found: imageBytes, maximum: limits.maxDecodedBytes,
                            measure: "embedded images decoding to \(imageBytes) bytes together"))
                }
                rebuilt.append(JSONMember(name: "e", value: .number(JSONNumber(value: 1, text: "1"))))
                rebuilt.append(JSONMember(name: "p", value: .string(image.dataURI)))
            case (nil, nil):
                break
            }
            canonical.append(.object(rebuilt))
        }
        self.precompositions = precompositions
        self.canonical = canonical
    }

    /// An asset id as rlottie keys it: a string's bytes, or a whole number's decimal text;
    /// empty when missing.
    private static func id(_ value: JSONValue?, index: Int, format: ImageFormat) throws(CodecError) -> [UInt8] {
        switch value {
        case nil: return []
        case .string(let text)?: return Array(text.utf8)
        case .number(let number)?:
            // rlottie reads a number id as an integer: only a plain integer token is one.
            guard number.text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (48...57).contains($0) }),
                let integer = Int32(number.text)
            else {
                throw .corrupt(format: format, reason: "asset \(index) has the id \(number.text), not a whole number")
            }
            return Array(String(integer).utf8)
        default:
            throw .corrupt(format: format, reason: "asset \(index) has an id that is neither a string nor a number")
        }
    }
}
