/// Why a scale or a list of scales was refused: the one message every face gives (the command
/// line's `--scales`, the server's `?scale=`, the Python package's `scales`).
package enum ScaleParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `text` names no scale.
    case notAScale(String)
    /// The list names no scale at all.
    case empty

    /// A sentence for people.
    package var description: String {
        switch self {
        case .notAScale(let text): "scale \(text) is not 1, 2 or 3"
        case .empty: "scales is empty: name at least one of 3, 2 and 1"
        }
    }
}

extension StickerScale {
    /// The scale written `text`: `2`, `2x` or `@2x` (any case, spaces around it ignored).
    /// - Parameter text: the scale as a person wrote it.
    /// - Throws: ``ScaleParseError/notAScale(_:)`` for anything but 1, 2 or 3 in those forms.
    package init(parsing text: some StringProtocol) throws(ScaleParseError) {
        var digits = Substring(text).drop { $0 == " " }
        while digits.last == " " { digits = digits.dropLast() }
        if digits.first == "@" { digits = digits.dropFirst() }
        if digits.last == "x" || digits.last == "X" { digits = digits.dropLast() }
        guard digits.count == 1, let value = Int(digits), let scale = StickerScale(rawValue: value) else {
            throw .notAScale(String(text))
        }
        self = scale
    }

    /// The scales of a comma-separated list (`3,2,1`, `@2x, @1x`), each once, in the order
    /// written.
    /// - Parameter list: the list as a person wrote it.
    /// - Throws: ``ScaleParseError/notAScale(_:)`` for an item that is no scale,
    ///   ``ScaleParseError/empty`` when the list names none.
    package static func parseList(_ list: String) throws(ScaleParseError) -> [StickerScale] {
        var scales: [StickerScale] = []
        for item in list.split(separator: ",") {
            let scale = try StickerScale(parsing: item)
            if !scales.contains(scale) { scales.append(scale) }
        }
        if scales.isEmpty { throw .empty }
        return scales
    }

}
