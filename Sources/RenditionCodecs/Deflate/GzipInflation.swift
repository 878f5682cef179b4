import CLibDeflate

/// Inflates a single-member gzip file (RFC 1952) with libdeflate, with a cap on the inflated
/// size (decompression bombs): inflating stops as soon as the output would pass the cap.
///
/// The trailer's size field is only a hint: the data is first inflated into a buffer of that
/// size, and only when that fails (a damaged or lying trailer, data after the member, a size
/// over the cap) is it inflated again into a buffer of the cap's size to say exactly what is
/// wrong.
enum GzipInflation {
    /// Whether `bytes` start with the gzip signature and the deflate method.
    static func isGzip<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.starts(with: [0x1F, 0x8B, 0x08])
    }

    /// The inflated bytes of `input`.
    /// - Throws: `.limitExceeded` when the data inflates to more than `maxBytes`, `.corrupt`
    ///   for truncated or damaged data, data after the gzip member, or an empty result.
    static func inflate(_ input: UnsafeBufferPointer<UInt8>, maxBytes: Int, format: ImageFormat) throws(CodecError)
        -> [UInt8]
    {
        // Header (10 bytes) + trailer (CRC-32 and size, 8 bytes) at the least.
        guard input.count >= 18, isGzip(input) else {
            throw .corrupt(format: format, reason: "not a gzip stream, or one too short to hold its header and trailer")
        }
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw .limitExceeded(format: format, limit: .outOfMemory("out of memory allocating a gzip decompressor"))
        }
        defer { libdeflate_free_decompressor(decompressor) }
        let trailer = input.count - 4
        let declared =
            Int(input[trailer]) | Int(input[trailer + 1]) << 8 | Int(input[trailer + 2]) << 16 | Int(input[trailer + 3])
            << 24
        if declared > 0 && declared <= maxBytes {
            let attempt = inflate(input, decompressor, capacity: declared)
            if attempt.result == LIBDEFLATE_SUCCESS && attempt.consumed == input.count
                && attempt.output.count == declared
            {
                return attempt.output
            }
        }
        let attempt = inflate(input, decompressor, capacity: maxBytes)
        switch attempt.result {
        case LIBDEFLATE_SUCCESS:
            guard attempt.consumed == input.count else {
                throw .corrupt(format: format, reason: "\(input.count - attempt.consumed) bytes follow the gzip stream")
            }
            guard !attempt.output.isEmpty else {
                throw .corrupt(format: format, reason: "the gzip stream holds no data")
            }
            return attempt.output
        case LIBDEFLATE_INSUFFICIENT_SPACE:
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .documentBytes, found: nil, maximum: maxBytes,
                    measure: "a gzip stream inflating to more than \(maxBytes) bytes"))
        default:
            throw .corrupt(format: format, reason: "the gzip data is truncated or damaged")
        }
    }

    /// One inflation into a buffer of `capacity` bytes: libdeflate's result, the input bytes
    /// it read, and the output it wrote.
    private static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, _ decompressor: OpaquePointer, capacity: Int
    ) -> (result: libdeflate_result, consumed: Int, output: [UInt8]) {
        var consumed = 0, produced = 0
        var result = LIBDEFLATE_SUCCESS
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            result = libdeflate_gzip_decompress_ex(
                decompressor, input.baseAddress, input.count, buffer.baseAddress, capacity, &consumed, &produced)
            initialized = result == LIBDEFLATE_SUCCESS ? produced : 0
        }
        return (result, consumed, output)
    }
}
