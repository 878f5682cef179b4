import RenditionCore

extension Raster {
    /// Whether any pixel has a non-zero alpha (stops at the first one).
    package var hasVisiblePixel: Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != 0 { return true }
                index += 4
            }
            return false
        }
    }
}

extension Raster {
    /// Whether any pixel is not fully opaque (stops at the first one).
    package var hasTransparentPixel: Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != 255 { return true }
                index += 4
            }
            return false
        }
    }
}

extension Animation {
    /// Whether any frame has a pixel with a non-zero alpha.
    package var hasVisiblePixel: Bool { frames.contains { $0.raster.hasVisiblePixel } }
}
