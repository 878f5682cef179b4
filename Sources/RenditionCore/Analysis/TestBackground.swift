/// A background a sticker is checked against: a solid colour, a multicolour gradient or a
/// photo. Stickers sit on message bubbles and photos, so the art must stay visible on each.
///
/// Any background can be sampled at a canvas position (`color(x:y:width:height:)`) or drawn
/// as a raster (`render(width:height:)`). Images cover the canvas: scaled to fill it and
/// centred, cropping the longer side.
public struct TestBackground: Sendable {
    /// How the background is filled.
    public enum Fill: Sendable {
        /// One colour everywhere.
        case solid(RGBColor)
        /// Colours spread evenly along the diagonal from the top-left to the bottom-right corner.
        case diagonalGradient([RGBColor])
        /// An opaque image (premultiplied raster whose alpha is 255 everywhere).
        case image(Raster)
    }

    /// A short lower-case name used in findings and labels (`white`, `black`, `photo`...).
    public let name: String
    /// The fill.
    public let fill: Fill

    /// Creates a background.
    public init(name: String, fill: Fill) {
        self.name = name
        self.fill = fill
    }

    /// White.
    public static let white = TestBackground(name: "white", fill: .solid(.white))
    /// Black.
    public static let black = TestBackground(name: "black", fill: .solid(.black))
    /// The system red of Apple's platforms (`#ff3b30`).
    public static let red = TestBackground(name: "red", fill: .solid(RGBColor(255, 59, 48)))
    /// The system yellow of Apple's platforms (`#ffcc00`).
    public static let yellow = TestBackground(name: "yellow", fill: .solid(RGBColor(255, 204, 0)))
    /// A multicolour diagonal gradient: magenta, red, orange, yellow, green, cyan, blue.
    public static let multicolor = TestBackground(
        name: "multicolor",
        fill: .diagonalGradient([
            RGBColor(214, 51, 168), RGBColor(235, 64, 52), RGBColor(245, 151, 39), RGBColor(245, 222, 60),
            RGBColor(76, 191, 86), RGBColor(45, 190, 205), RGBColor(56, 98, 220),
        ]))

    /// The solid colour, when the background is one.
    public var solidColor: RGBColor? {
        if case .solid(let color) = fill { return color }
        return nil
    }

    /// The background's colour at pixel (`x`, `y`) of a `width` x `height` canvas.
    public func color(x: Int, y: Int, width: Int, height: Int) -> RGBColor {
        switch fill {
        case .solid(let color):
            return color
        case .diagonalGradient(let stops):
            return Self.gradientColor(stops, x: x, y: y, width: width, height: height)
        case .image(let raster):
            return Self.sample(raster, x: x, y: y, width: width, height: height)
        }
    }

    /// The background drawn at `width` x `height` (opaque).
    public func render(width: Int, height: Int) -> Raster {
        var raster = Raster(width: width, height: height)
        switch fill {
        case .image(let image):
            let cover = Self.coverRect(imageWidth: image.width, imageHeight: image.height, width: width, height: height)
            let cropped = image.cropped(to: cover)
            raster = LanczosResampler().resample(cropped, width: width, height: height)
        default:
            raster.bytes.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<height {
                    for x in 0..<width {
                        let c = color(x: x, y: y, width: width, height: height)
                        let o = y * width * 4 + x * 4
                        pixels[o] = c.r
                        pixels[o + 1] = c.g
                        pixels[o + 2] = c.b
                        pixels[o + 3] = 255
                    }
                }
            }
        }
        return raster
    }

    static func gradientColor(_ stops: [RGBColor], x: Int, y: Int, width: Int, height: Int) -> RGBColor {
        guard stops.count > 1 else { return stops.first ?? .white }
        let t = Double(x + y) / Double(max(1, width + height - 2))
        let position = t * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(position))
        let f = position - Double(i)
        let a = stops[i], b = stops[i + 1]
        return RGBColor(
            clamping: Double(a.r) + (Double(b.r) - Double(a.r)) * f,
            Double(a.g) + (Double(b.g) - Double(a.g)) * f,
            Double(a.b) + (Double(b.b) - Double(a.b)) * f)
    }

    /// The part of an image that covers a canvas of the given aspect: the largest centred
    /// rectangle with the canvas's aspect ratio.
    static func coverRect(imageWidth: Int, imageHeight: Int, width: Int, height: Int) -> PixelRect {
        if imageWidth * height > imageHeight * width {
            let w = max(1, imageHeight * width / height)
            return PixelRect(x: (imageWidth - w) / 2, y: 0, width: w, height: imageHeight)
        }
        let h = max(1, imageWidth * height / width)
        return PixelRect(x: 0, y: (imageHeight - h) / 2, width: imageWidth, height: h)
    }

    /// Bilinear sample of an opaque image covering the canvas, at pixel centre (`x`, `y`).
    static func sample(_ image: Raster, x: Int, y: Int, width: Int, height: Int) -> RGBColor {
        let cover = coverRect(imageWidth: image.width, imageHeight: image.height, width: width, height: height)
        let sx = Double(cover.x) + (Double(x) + 0.5) * Double(cover.width) / Double(width) - 0.5
        let sy = Double(cover.y) + (Double(y) + 0.5) * Double(cover.height) / Double(height) - 0.5
        let x0 = min(max(Int(sx.rounded(.down)), 0), image.width - 1)
        let y0 = min(max(Int(sy.rounded(.down)), 0), image.height - 1)
        let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let fx = min(max(sx - Double(x0), 0), 1), fy = min(max(sy - Double(y0), 0), 1)
        let p00 = image[x0, y0], p10 = image[x1, y0], p01 = image[x0, y1], p11 = image[x1, y1]
        func mix(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Double {
            let top = Double(a) + (Double(b) - Double(a)) * fx
            let bottom = Double(c) + (Double(d) - Double(c)) * fx
            return top + (bottom - top) * fy
        }
        return RGBColor(
            clamping: mix(p00.r, p10.r, p01.r, p11.r), mix(p00.g, p10.g, p01.g, p11.g),
            mix(p00.b, p10.b, p01.b, p11.b))
    }
}
