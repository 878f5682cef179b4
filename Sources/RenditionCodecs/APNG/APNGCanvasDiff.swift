#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rectangle of canvas pixels.
struct PixelRect: Equatable {
    /// Left edge.
    var x: Int
    /// Top edge.
    var y: Int
    /// Width (positive).
    var width: Int
    /// Height (positive).
    var height: Int

    /// Whether `other` lies inside this rectangle.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}

/// Pixel comparisons between two canvas-sized straight RGBA8 images (tightly packed), used
/// to find what changed from one frame to the next and to build frame patches.
enum APNGCanvasDiff {
    /// The smallest rectangle holding every pixel that differs, or `nil` when none does.
    ///
    /// Equal rows are skipped with one `memcmp`; in a differing row only the pixels outside
    /// the columns already known to change are compared, from each end inwards.
    static func changedRect(from old: [UInt8], to new: [UInt8], width: Int, height: Int) -> PixelRect? {
        old.withUnsafeBytes { a in
            new.withUnsafeBytes { b in
                var (x0, y0, x1, y1) = (width, height, -1, -1)
                let rowBytes = width * 4
                for y in 0..<height {
                    let row = y * rowBytes
                    if memcmp(a.baseAddress! + row, b.baseAddress! + row, rowBytes) == 0 { continue }
                    var first = 0
                    while first < x0 && pixel(a, row + first * 4) == pixel(b, row + first * 4) { first += 1 }
                    x0 = min(x0, first)
                    var last = width - 1
                    while last > x1 && pixel(a, row + last * 4) == pixel(b, row + last * 4) { last -= 1 }
                    x1 = max(x1, last)
                    if y0 == height { y0 = y }
                    y1 = y
                }
                return y1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
            }
        }
    }

    /// Whether two images hold the same bytes (one `memcmp`, where `==` on arrays compares
    /// element by element).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// The pixels of `rect` from a canvas-sized image, tightly packed.
    static func crop(_ image: [UInt8], width: Int, to rect: PixelRect) -> [UInt8] {
        if rect.x == 0 && rect.width == width {
            return Array(image[(rect.y * width * 4)..<((rect.y + rect.height) * width * 4)])
        }
        var out: [UInt8] = []
        out.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * width + rect.x) * 4
            out.append(contentsOf: image[start..<(start + rect.width * 4)])
        }
        return out
    }

    /// A patch that, blended OVER `old`, gives `new` inside `rect`: changed pixels as in
    /// `new`, unchanged ones fully transparent. `nil` when that is impossible or would not
    /// be exact in every decoder: a changed pixel that is not fully opaque (OVER can neither
    /// clear nor replace with translucency, and some decoders, Pillow among them, blend
    /// translucent OVER pixels wrongly), or no unchanged pixel at all (SOURCE is as good).
    static func overPatch(from old: [UInt8], to new: [UInt8], width: Int, rect: PixelRect) -> [UInt8]? {
        // First whether it is possible: soft-edged art usually fails at its first changed
        // pixel, before anything is allocated.
        let unchanged = old.withUnsafeBytes { a in
            new.withUnsafeBytes { b -> Int? in
                var unchanged = 0
                for y in 0..<rect.height {
                    let row = ((rect.y + y) * width + rect.x) * 4
                    for x in 0..<rect.width {
                        let offset = row + x * 4
                        if pixel(a, offset) == pixel(b, offset) {
                            unchanged += 1
                        } else if b[offset + 3] != 255 {
                            return nil
                        }
                    }
                }
                return unchanged
            }
        }
        guard let unchanged, unchanged > 0 else { return nil }
        return [UInt8](unsafeUninitializedCapacity: rect.width * rect.height * 4) { out, initialized in
            old.withUnsafeBytes { a in
                new.withUnsafeBytes { b in
                    let o = UnsafeMutableRawBufferPointer(out)
                    for y in 0..<rect.height {
                        let row = ((rect.y + y) * width + rect.x) * 4
                        for x in 0..<rect.width {
                            let offset = row + x * 4
                            let value = pixel(b, offset)
                            o.storeBytes(
                                of: pixel(a, offset) == value ? 0 : value, toByteOffset: (y * rect.width + x) * 4,
                                as: UInt32.self)
                        }
                    }
                }
            }
            initialized = rect.width * rect.height * 4
        }
    }

    /// Clears `rect` to transparent black.
    static func clear(_ image: inout [UInt8], width: Int, rect: PixelRect) {
        image.withUnsafeMutableBytes { raw in
            for y in rect.y..<(rect.y + rect.height) {
                let start = (y * width + rect.x) * 4
                UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + rect.width * 4)]).initializeMemory(
                    as: UInt8.self, repeating: 0)
            }
        }
    }

    @inline(__always)
    private static func pixel(_ buffer: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }
}
