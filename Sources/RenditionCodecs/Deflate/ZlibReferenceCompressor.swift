import CZlib

/// zlib (the system library) with the settings Pillow and libpng-based writers use for PNG
/// image data: level 6, `Z_FILTERED`, a 32 KiB window, memory level 9.
///
/// On the same filtered rows this makes exactly the zlib stream Pillow writes, so keeping the
/// smaller of its output and libdeflate's guarantees a file no larger than Pillow's
/// (`PNGEncoder.Options.neverLargerThanZlib`). It is about 3 times slower than libdeflate at
/// level 6 on sticker renditions.
enum ZlibReferenceCompressor {
    /// The zlib settings: level, window bits, memory level, strategy.
    static let level: Int32 = 6
    static let windowBits: Int32 = 15
    static let memoryLevel: Int32 = 9
    static let strategy = Z_FILTERED

    /// Compresses `count` bytes at `data` into a zlib stream, or returns nil when the stream
    /// would be longer than `limit` bytes (or zlib fails).
    static func compress(_ data: UnsafePointer<UInt8>, count: Int, limit: Int = .max) -> [UInt8]? {
        guard count <= Int(UInt32.max), limit > 0 else { return nil }
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, windowBits, memoryLevel, strategy,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let capacity = min(limit, Int(deflateBound(&stream, uLong(count))))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            stream.next_in = UnsafeMutablePointer(mutating: data)
            stream.avail_in = uInt(count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(capacity)
            // With an output buffer of `limit` bytes, Z_BUF_ERROR / Z_OK mean it did not fit.
            finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
            initialized = finished ? Int(stream.total_out) : 0
        }
        return finished ? output : nil
    }
}
