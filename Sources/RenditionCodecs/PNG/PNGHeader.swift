/// The fields of a PNG `IHDR` chunk, read without decoding anything else.
public struct PNGHeader: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    public let bitDepth: Int
    /// Colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    public let colorType: Int
    /// Whether the image is Adam7-interlaced.
    public let interlaced: Bool

    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads the signature and the `IHDR` chunk that must follow it.
    public init(_ bytes: UnsafeRawBufferPointer) throws(CodecError) {
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(Self.signature) else {
            let converted = bytes.count >= 8 && bytes[4] == bytes[5] && (bytes[4] == 0x0A || bytes[4] == 0x0D)
            throw .corrupt(
                format: .png,
                reason: converted
                    ? "bad PNG signature: line endings were converted (file transferred in text mode)"
                    : "bad PNG signature")
        }
        guard bytes.count >= 33 else {
            throw .corrupt(format: .png, reason: "file ends before the IHDR chunk (truncated)")
        }
        guard bytes.loadBigEndianUInt32(at: 8) == 13, bytes.loadBigEndianUInt32(at: 12) == 0x4948_4452 else {
            throw .corrupt(format: .png, reason: "the first chunk is not a 13-byte IHDR")
        }
        width = Int(bytes.loadBigEndianUInt32(at: 16))
        height = Int(bytes.loadBigEndianUInt32(at: 20))
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
        interlaced = bytes[28] == 1
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .corrupt(format: .png, reason: "invalid image size \(width)x\(height) in IHDR")
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The big-endian 32-bit value at `offset` (which must leave 4 bytes).
    @inline(__always)
    func loadBigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
            | UInt32(self[offset + 3])
    }
}
