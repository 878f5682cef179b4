/// A colour in CIE L\*a\*b\* (D65), for perceptual colour differences.
///
/// Conversion treats 8-bit values as sRGB (the engine's colour space): the sRGB transfer
/// curve is undone through a table, then XYZ and Lab follow the CIE formulas.
public struct LabColor: Sendable, Equatable {
    /// Lightness, 0 (black) to 100 (white).
    public var l: Float
    /// Green (negative) to red (positive).
    public var a: Float
    /// Blue (negative) to yellow (positive).
    public var b: Float

    /// Creates a Lab colour from its components.
    public init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The Lab value of an sRGB colour given as 0...255 floats (fractional values allowed).
    public init(red: Float, green: Float, blue: Float) {
        let r = Self.linear(red), g = Self.linear(green), b = Self.linear(blue)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The Lab value of an 8-bit sRGB colour.
    public init(_ color: RGBColor) {
        self.init(red: Float(color.r), green: Float(color.g), blue: Float(color.b))
    }

    /// CIE76 colour difference (Euclidean distance in Lab); about 2.3 is just noticeable.
    @inlinable
    public func distance(to other: LabColor) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// sRGB value (0...255, may be fractional) to linear light (0...1).
    static func linear(_ value: Float) -> Float {
        let v = min(max(value, 0), 255)
        let index = Int(v)
        if index >= 255 { return 1 }
        let t = v - Float(index)
        return linearTable[index] * (1 - t) + linearTable[index + 1] * t
    }

    /// Linear light of each 8-bit sRGB value.
    static let linearTable: [Float] = (0..<256).map { i in
        let c = Double(i) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow24((c + 0.055) / 1.055))
    }

    /// `x^2.4` for x in [0, 1] without a math library: `exp(2.4 * ln x)` by series-free means,
    /// computed as `x^2 * x^0.4` with `x^0.4 = (x^2)^(1/5)` found by Newton's method.
    private static func pow24(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        let x2 = x * x
        // y = x2^(1/5): solve y^5 = x2.
        var y = 1.0
        for _ in 0..<60 {
            let y4 = y * y * y * y
            let next = y - (y4 * y - x2) / (5 * y4)
            if abs(next - y) < 1e-15 {
                y = next
                break
            }
            y = next
        }
        return x2 * y
    }

    /// The CIE Lab companding function.
    @inline(__always)
    static func f(_ t: Float) -> Float {
        t > 0.008856 ? cubeRoot(t) : 7.787 * t + 16.0 / 116.0
    }

    /// Cube root of a positive float: a bit-level first guess refined by Newton's method.
    @inline(__always)
    static func cubeRoot(_ t: Float) -> Float {
        var y = Float(bitPattern: t.bitPattern / 3 &+ 709_921_077)
        y = y - (y * y * y - t) / (3 * y * y)
        y = y - (y * y * y - t) / (3 * y * y)
        y = y - (y * y * y - t) / (3 * y * y)
        return y
    }
}
