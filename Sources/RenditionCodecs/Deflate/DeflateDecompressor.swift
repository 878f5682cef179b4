import CLibDeflate

/// A reusable libdeflate zlib decompressor that inflates a stream into a buffer of exactly
/// the expected size, so both missing and surplus data are detected. Not thread-safe.
final class DeflateDecompressor {
    /// What inflating a stream into an exact-size buffer found.
    enum Outcome: Equatable {
        /// The stream decompressed to exactly the expected bytes (Adler-32 checked).
        case exact
        /// The stream ended before filling the buffer.
        case tooShort
        /// The stream holds more data than the buffer.
        case tooLong
        /// The stream is not valid zlib data.
        case invalid
    }

    private let handle: OpaquePointer

    /// Allocates libdeflate's decompressor.
    init() throws(CodecError) {
        guard let handle = libdeflate_alloc_decompressor() else {
            throw .limitExceeded(format: .png, limit: .outOfMemory("out of memory allocating a zlib decompressor"))
        }
        self.handle = handle
    }

    deinit { libdeflate_free_decompressor(handle) }

    /// Inflates the zlib stream `input` into `output`, which must be filled exactly.
    func inflateZlib(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Outcome {
        // libdeflate wants a non-null pointer even for empty buffers.
        var empty: UInt8 = 0
        return withUnsafeMutablePointer(to: &empty) { placeholder in
            let result = libdeflate_zlib_decompress(
                handle, input.baseAddress ?? UnsafeRawPointer(placeholder), input.count,
                output.baseAddress ?? UnsafeMutableRawPointer(placeholder), output.count, nil)
            switch result {
            case LIBDEFLATE_SUCCESS: return .exact
            case LIBDEFLATE_SHORT_OUTPUT: return .tooShort
            case LIBDEFLATE_INSUFFICIENT_SPACE: return .tooLong
            default: return .invalid
            }
        }
    }
}
