/// How much a finding matters.
public enum LintSeverity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Worth knowing; nothing to fix.
    case info
    /// Likely to look wrong; fix unless intended.
    case warning
    /// The platform rejects the file, or it is clearly broken.
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders by importance: info < warning < error.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// A number or a piece of text behind a finding.
public enum LintValue: Sendable, Equatable, Codable, CustomStringConvertible {
    /// A whole number.
    case integer(Int)
    /// A measurement.
    case number(Double)
    /// A name, a colour (`#rrggbb`) or a list.
    case text(String)

    /// Encodes as a bare JSON number or string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let v): try container.encode(v)
        case .number(let v): try container.encode((v * 10_000).rounded() / 10_000)
        case .text(let v): try container.encode(v)
        }
    }

    /// Decodes a bare JSON number or string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let v = try? container.decode(Int.self) {
            self = .integer(v)
        } else if let v = try? container.decode(Double.self) {
            self = .number(v)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    /// The value as printed in human output.
    public var description: String {
        switch self {
        case .integer(let v): "\(v)"
        case .number(let v): LintFormat.decimal(v, digits: 3)
        case .text(let v): v
        }
    }
}

/// One problem (or fact) found in a sticker file.
public struct LintFinding: Sendable, Equatable, Codable {
    /// The stable code, e.g. `opaque-background`.
    public let code: LintCode
    /// How much it matters.
    public let severity: LintSeverity
    /// One line a person understands.
    public let message: String
    /// The first frame (0-based) showing it, for per-frame findings of animations.
    public let frame: Int?
    /// The numbers behind it, by name.
    public let values: [String: LintValue]

    /// Creates a finding with the code's severity.
    package init(_ code: LintCode, _ message: String, frame: Int? = nil, values: [String: LintValue] = [:]) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.frame = frame
        self.values = values
    }

    /// The test background a visibility finding is about (`nil` for other findings).
    package var background: String? {
        guard code == .invisibleOnBackground || code == .outlineBlends else { return nil }
        if case .text(let name)? = values["background"] { return name }
        return nil
    }
}

/// Small number formatting shared by lint and preview output.
package enum LintFormat {
    /// `value` rounded to at most `digits` decimals, without trailing zeros.
    package static func decimal(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return "\(Int(rounded))" }
        var text = "\(rounded)"
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A fraction as a percentage with no decimals, e.g. `43%`.
    package static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }

    /// Decimal kilobytes with one decimal, e.g. `501.0 KB`.
    package static func kilobytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50) / 100
        return "\(tenths / 10).\(tenths % 10) KB"
    }
}
