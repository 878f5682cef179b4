import CLibDeflate
import CRenditionKernels

/// A reusable zlib compressor at one compression level (0 none ... 12 smallest).
///
/// Level 6, the default of ``PNGEncoder``, is Rendition's own deflate compressor made for
/// filtered PNG rows of sticker art (`rendition_deflate.h`): over the 269 RGBA renditions of
/// the OpenMoji fixtures it is about 1.5 times as fast as libdeflate's level 6, 1.85 % smaller
/// in total than zlib's level 6 with `Z_FILTERED` (what Pillow writes), and no file is larger
/// than zlib's, where libdeflate's level 6 is larger on 46 of them. Level 5, the default of
/// ``APNGEncoder``, is the same compressor searching less (16 chain candidates instead of 128):
/// on the peer benchmark's 24-frame APNG sticker the whole render takes about three quarters of
/// level 6's time for 1.3 % more bytes (0.9 % fewer than libdeflate's level 5); over the still
/// fixtures it is 0.2 % larger than libdeflate's level 5 and their render 1.8 times as fast.
/// Every other level is libdeflate's.
///
/// Creating a compressor allocates its match-finder tables; keep one per worker thread and
/// reuse it to avoid that cost per image. Not thread-safe.
public final class DeflateCompressor {
    /// The level, 0...12.
    public let level: Int
    private let engine: Engine

    /// The levels served by Rendition's own row compressor instead of libdeflate.
    static let rowCompressorLevels = 5...6

    private enum Engine {
        case rows(OpaquePointer)
        case libdeflate(OpaquePointer)
    }

    /// Creates a compressor for `level` (clamped to 0...12).
    public init(level: Int) throws(CodecError) {
        let clamped = min(12, max(0, level))
        if Self.rowCompressorLevels.contains(clamped) {
            guard let state = rdn_deflate_new(Int32(clamped)) else {
                throw .encodingFailed(format: .png, reason: "could not allocate the deflate compressor's tables")
            }
            engine = .rows(state)
        } else {
            guard let handle = libdeflate_alloc_compressor(Int32(clamped)) else {
                throw .encodingFailed(format: .png, reason: "libdeflate could not allocate a compressor")
            }
            engine = .libdeflate(handle)
        }
        self.level = clamped
    }

    deinit {
        switch engine {
        case .rows(let state): rdn_deflate_free(state)
        case .libdeflate(let handle): libdeflate_free_compressor(handle)
        }
    }

    /// Compresses `count` bytes at `data` into a zlib stream appended to `output`.
    func appendZlib(_ data: UnsafeRawPointer, count: Int, to output: inout [UInt8]) throws(CodecError) {
        switch engine {
        case .libdeflate(let handle):
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
        case .rows(let state):
            try appendRowsZlib(state, data, count: count, to: &output)
        }
    }

    /// The zlib stream (RFC 1950) around the row compressor's deflate stream: a two-byte header
    /// (32 KiB window, default level), the stream, and the Adler-32 of the data, big-endian.
    private func appendRowsZlib(
        _ state: OpaquePointer, _ data: UnsafeRawPointer, count: Int, to output: inout [UInt8]
    ) throws(CodecError) {
        let bound = rdn_deflate_bound(count) + 6
        var written = 0
        let stream = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            let base = buffer.baseAddress!
            base[0] = 0x78
            base[1] = 0x9C
            let deflated = rdn_deflate_compress(
                state, data.assumingMemoryBound(to: UInt8.self), count, base + 2, bound - 6)
            guard deflated > 0 else { return }
            let adler = libdeflate_adler32(1, data, count)
            for k in 0..<4 { base[2 + deflated + k] = UInt8(truncatingIfNeeded: adler >> (24 - 8 * UInt32(k))) }
            written = deflated + 6
            initialized = written
        }
        guard written > 0 else {
            throw .encodingFailed(format: .png, reason: "the deflate compressor could not compress the image data")
        }
        output.append(contentsOf: stream)
    }
}

/// CRC-32 as PNG chunks use it.
@inline(__always)
func crc32(_ data: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
    libdeflate_crc32(seed, data.baseAddress, data.count)
}
