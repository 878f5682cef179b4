/// A still image of premultiplied-alpha RGBA pixels, 8 bits per channel.
///
/// Pixels are stored row by row, `bytesPerRow` bytes apart, each pixel as R, G, B, A with
/// the colour channels already multiplied by alpha (so no channel exceeds its alpha, and a
/// fully transparent pixel is `(0, 0, 0, 0)`). This is the one pixel format the engine
/// computes on: decoders produce it, the resampler and the compositor read and write it.
public struct Raster: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance in bytes between the starts of two consecutive rows (at least `width * 4`).
    public let bytesPerRow: Int
    /// The pixel bytes, `height * bytesPerRow` of them.
    public var bytes: [UInt8]

    /// Creates a fully transparent raster.
    /// - Precondition: `width` and `height` are positive; `bytesPerRow`, when given, is at least `width * 4`.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil) {
        precondition(width > 0 && height > 0, "a raster needs a positive size")
        let stride = bytesPerRow ?? width * 4
        precondition(stride >= width * 4, "bytesPerRow is smaller than a row of pixels")
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.bytes = [UInt8](repeating: 0, count: stride * height)
    }

    /// A tightly packed raster whose bytes are not initialised, for a producer that writes
    /// every byte (the resampler), so that no time goes into zeroing it first.
    package static func uninitialized(width: Int, height: Int) -> Raster {
        precondition(width > 0 && height > 0, "a raster needs a positive size")
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, initialized in
            initialized = width * height * 4
        }
        return Raster(width: width, height: height, premultipliedBytes: bytes)
    }

    /// The same pixels in a buffer of their own, shared with no other raster: for handing a
    /// frame to another thread while this one is drawn over (no copy-on-write between them).
    package func copied() -> Raster {
        let copy = [UInt8](unsafeUninitializedCapacity: bytes.count) { destination, initialized in
            bytes.withUnsafeBufferPointer { source in
                if let from = source.baseAddress, let to = destination.baseAddress {
                    to.update(from: from, count: source.count)
                }
            }
            initialized = bytes.count
        }
        return Raster(width: width, height: height, bytesPerRow: bytesPerRow, premultipliedBytes: copy)
    }

    /// Wraps premultiplied RGBA bytes.
    /// - Precondition: `bytes.count == height * bytesPerRow` and every colour channel is at most its alpha.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, premultipliedBytes bytes: [UInt8]) {
        let stride = bytesPerRow ?? width * 4
        precondition(width > 0 && height > 0 && stride >= width * 4, "invalid raster geometry")
        precondition(bytes.count == stride * height, "byte count does not match the raster's geometry")
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.bytes = bytes
    }

    /// Creates a raster from straight (non-premultiplied) RGBA bytes, tightly packed.
    ///
    /// Each colour channel becomes `round(value * alpha / 255)`.
    public init(width: Int, height: Int, straightRGBA: [UInt8]) {
        precondition(straightRGBA.count == width * height * 4, "byte count does not match width * height * 4")
        var raster = Raster(width: width, height: height)
        raster.bytes.withUnsafeMutableBufferPointer { destination in
            straightRGBA.withUnsafeBufferPointer { source in
                AlphaConversion.premultiply(
                    source.baseAddress!, into: destination.baseAddress!, pixelCount: width * height)
            }
        }
        self = raster
    }

    /// The pixels as tightly packed straight-alpha RGBA bytes (`width * height * 4`).
    ///
    /// Each colour channel becomes `round(premultiplied * 255 / alpha)`; pixels with zero
    /// alpha become `(0, 0, 0, 0)`.
    public func straightRGBA() -> [UInt8] {
        let count = width * height * 4
        return [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
            bytes.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    AlphaConversion.unpremultiply(
                        source.baseAddress! + y * bytesPerRow,
                        into: destination.baseAddress! + y * width * 4, pixelCount: width)
                }
            }
            initialized = count
        }
    }

    /// The premultiplied pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel coordinate out of range")
            let offset = y * bytesPerRow + x * 4
            return RGBA(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel coordinate out of range")
            let offset = y * bytesPerRow + x * 4
            bytes[offset] = newValue.r
            bytes[offset + 1] = newValue.g
            bytes[offset + 2] = newValue.b
            bytes[offset + 3] = newValue.a
        }
    }

    /// The raster with rows tightly packed (`bytesPerRow == width * 4`); `self` when already so.
    public func tightlyPacked() -> Raster {
        if bytesPerRow == width * 4 { return self }
        var packed = [UInt8]()
        packed.reserveCapacity(width * height * 4)
        for y in 0..<height {
            packed.append(contentsOf: bytes[(y * bytesPerRow)..<(y * bytesPerRow + width * 4)])
        }
        return Raster(width: width, height: height, premultipliedBytes: packed)
    }
}

/// One RGBA pixel, 8 bits per channel.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Alpha (0 transparent, 255 opaque).
    public var a: UInt8

    /// Creates a pixel from its four channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `rgba(r, g, b, a)`.
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
