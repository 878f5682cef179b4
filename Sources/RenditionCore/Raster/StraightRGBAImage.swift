/// A still image of straight (not premultiplied) RGBA pixels, 8 bits per channel, rows
/// tightly packed: the colour values exactly as a file stores them, including colour under
/// fully transparent pixels, which premultiplication would erase.
///
/// The engine computes on premultiplied `Raster`s; this type is for the few places that need
/// a file's own values (what a decoder produced before premultiplying, hidden colour checks).
/// `premultiplied()` converts to a `Raster`, `init(unpremultiplying:)` back.
public struct StraightRGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel bytes, R, G, B, A for each pixel, row after row: `width * height * 4` of them.
    public var bytes: [UInt8]

    /// Wraps straight RGBA bytes.
    /// - Precondition: `width` and `height` are positive and `bytes.count == width * height * 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "an image needs a positive size")
        precondition(bytes.count == width * height * 4, "byte count does not match width * height * 4")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The straight values of a premultiplied raster: each colour channel becomes
    /// `round(premultiplied * 255 / alpha)`; pixels with zero alpha become `(0, 0, 0, 0)`.
    public init(unpremultiplying raster: Raster) {
        self.init(width: raster.width, height: raster.height, bytes: raster.straightRGBA())
    }

    /// The image as a premultiplied raster: each colour channel becomes
    /// `round(value * alpha / 255)` (so colour under zero alpha is lost).
    public func premultiplied() -> Raster {
        Raster(width: width, height: height, straightRGBA: bytes)
    }

    /// The pixel at (`x`, `y`), straight.
    public subscript(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel coordinate out of range")
        let offset = (y * width + x) * 4
        return RGBA(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    }
}
