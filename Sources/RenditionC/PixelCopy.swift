import RenditionCore

/// The geometry of a caller's pixel buffer, checked: positive size, rows of at least
/// `width * 4` bytes, and a buffer long enough for every row.
struct PixelLayout {
    /// Pixels per row.
    let width: Int
    /// Rows.
    let height: Int
    /// Bytes from one row to the next.
    let stride: Int

    /// Checks a buffer of `length` bytes; `what` names it in messages.
    init(width: UInt32, height: UInt32, stride: Int, length: Int, what: String) throws(CFailure) {
        guard width > 0, height > 0 else { throw .invalidArgument("\(what): size \(width)x\(height) is empty") }
        let rowBytes = Int(width) * 4
        guard stride >= rowBytes else {
            throw .invalidArgument("\(what): stride \(stride) is less than width * 4 = \(rowBytes)")
        }
        let (rows, overflow) = stride.multipliedReportingOverflow(by: Int(height) - 1)
        let (needed, overflow2) = rows.addingReportingOverflow(rowBytes)
        guard !overflow, !overflow2, length >= needed else {
            throw .invalidArgument(
                "\(what): \(length) bytes is less than the \(overflow || overflow2 ? "unrepresentable" : String(needed)) bytes \(width)x\(height) pixels need at stride \(stride)"
            )
        }
        self.width = Int(width)
        self.height = Int(height)
        self.stride = stride
    }
}

/// Copies pixels between callers' buffers and rasters, row by row, honouring strides.
enum PixelCopy {
    /// A raster of premultiplied pixels copied from `source`; a pixel with a colour above its
    /// alpha is an invalid argument (those bytes are straight alpha or garbage).
    static func premultipliedRaster(from source: UnsafePointer<UInt8>, layout: PixelLayout) throws(CFailure) -> Raster {
        var bytes = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        let rowBytes = layout.width * 4
        var invalid: (x: Int, y: Int)?
        bytes.withUnsafeMutableBufferPointer { destination in
            for y in 0..<layout.height {
                let row = source + y * layout.stride
                (destination.baseAddress! + y * rowBytes).update(from: row, count: rowBytes)
                if invalid == nil {
                    for x in 0..<layout.width {
                        let a = row[x * 4 + 3]
                        if row[x * 4] > a || row[x * 4 + 1] > a || row[x * 4 + 2] > a {
                            invalid = (x, y)
                            break
                        }
                    }
                }
            }
        }
        if let invalid {
            throw .invalidArgument(
                "pixel (\(invalid.x), \(invalid.y)) has a colour channel above its alpha, so it is not premultiplied (pass RDN_ALPHA_STRAIGHT for straight alpha)"
            )
        }
        return Raster(width: layout.width, height: layout.height, premultipliedBytes: bytes)
    }

    /// A raster of the straight-alpha pixels in `source`, premultiplied.
    static func rasterPremultiplying(from source: UnsafePointer<UInt8>, layout: PixelLayout) -> Raster {
        var raster = Raster(width: layout.width, height: layout.height)
        let rowBytes = layout.width * 4
        raster.bytes.withUnsafeMutableBufferPointer { destination in
            for y in 0..<layout.height {
                AlphaConversion.premultiply(
                    source + y * layout.stride, into: destination.baseAddress! + y * rowBytes, pixelCount: layout.width)
            }
        }
        return raster
    }

    /// Copies `raster`'s premultiplied rows into `destination`.
    static func copyPremultiplied(_ raster: Raster, to destination: UnsafeMutablePointer<UInt8>, layout: PixelLayout) {
        raster.bytes.withUnsafeBufferPointer { source in
            for y in 0..<layout.height {
                (destination + y * layout.stride).update(
                    from: source.baseAddress! + y * raster.bytesPerRow, count: layout.width * 4)
            }
        }
    }

    /// Copies `raster`'s rows into `destination` as straight alpha.
    static func copyStraight(_ raster: Raster, to destination: UnsafeMutablePointer<UInt8>, layout: PixelLayout) {
        raster.bytes.withUnsafeBufferPointer { source in
            for y in 0..<layout.height {
                AlphaConversion.unpremultiply(
                    source.baseAddress! + y * raster.bytesPerRow, into: destination + y * layout.stride,
                    pixelCount: layout.width)
            }
        }
    }
}
