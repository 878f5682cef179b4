import CLibDeflate

/// A reusable libdeflate zlib compressor at one compression level (0 none ... 12 smallest).
///
/// Creating a compressor allocates its match-finder tables; keep one per worker thread and
/// reuse it to avoid that cost per image. Not thread-safe.
public final class DeflateCompressor {
    /// The libdeflate level, 0...12.
    public let level: Int
    private let handle: OpaquePointer

    /// Creates a compressor for `level` (clamped to 0...12).
    public init(level: Int) throws(CodecError) {
        let clamped = min(12, max(0, level))
        guard let handle = libdeflate_alloc_compressor(Int32(clamped)) else {
            throw .encodingFailed(format: .png, reason: "libdeflate could not allocate a compressor")
        }
        self.level = clamped
        self.handle = handle
    }

    deinit { libdeflate_free_compressor(handle) }

    /// Compresses `count` bytes at `data` into a zlib stream appended to `output`.
    func appendZlib(_ data: UnsafeRawPointer, count: Int, to output: inout [UInt8]) throws(CodecError) {
        let bound = libdeflate_zlib_compress_bound(handle, count)
        var written = 0
        // An uninitialised scratch buffer of the bound's size: no zero-fill.
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            written = libdeflate_zlib_compress(handle, data, count, buffer.baseAddress!, bound)
            initialized = written
        }
        guard written > 0 else {
            throw .encodingFailed(format: .png, reason: "libdeflate could not compress the image data")
        }
        output.append(contentsOf: compressed)
    }
}

/// CRC-32 as PNG chunks use it.
@inline(__always)
func crc32(_ data: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
    libdeflate_crc32(seed, data.baseAddress, data.count)
}
