/// An opaque sRGB colour, 8 bits per channel (straight, not premultiplied).
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8

    /// Creates a colour from its three channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates a colour from floating-point channels, rounded and clamped to 0...255.
    public init(clamping r: Double, _ g: Double, _ b: Double) {
        func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        self.init(channel(r), channel(g), channel(b))
    }

    /// `#rrggbb`.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for v in [r, g, b] {
            text.append(digits[Int(v >> 4)])
            text.append(digits[Int(v & 15)])
        }
        return text
    }

    /// Relative luma (Rec. 709 weights on the 8-bit values), 0...255.
    public var luma: Double { 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) }

    /// `#rrggbb`.
    public var description: String { hex }

    /// White, `#ffffff`.
    public static let white = RGBColor(255, 255, 255)
    /// Black, `#000000`.
    public static let black = RGBColor(0, 0, 0)
}

extension RGBColor {
    /// Parses `#rrggbb` or `rrggbb`; `nil` for anything else.
    public init?(hex text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
        self.init(UInt8(value >> 16), UInt8((value >> 8) & 255), UInt8(value & 255))
    }
}
