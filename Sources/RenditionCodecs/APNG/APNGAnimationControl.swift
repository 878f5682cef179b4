/// The `acTL` chunk: how many frames an APNG declares and how many times it plays.
struct APNGAnimationControl: Equatable {
    /// The number of frames (`fcTL` chunks) the file must contain; at least 1.
    let frameCount: Int
    /// How many times the animation plays; 0 means forever.
    let playCount: Int

    /// Parses the chunk's 8 bytes.
    /// - Throws: `CodecError.corrupt` for a wrong length, zero frames, or values over 2^31-1.
    init(_ data: UnsafeRawBufferPointer) throws(CodecError) {
        guard data.count == 8 else {
            throw .corrupt(format: .png, reason: "acTL chunk has \(data.count) bytes instead of 8")
        }
        let frames = data.loadBigEndianUInt32(at: 0)
        let plays = data.loadBigEndianUInt32(at: 4)
        guard frames != 0 else {
            throw .corrupt(format: .png, reason: "acTL declares 0 frames (num_frames must be at least 1)")
        }
        guard frames <= 0x7FFF_FFFF else {
            throw .corrupt(format: .png, reason: "acTL declares \(frames) frames, over 2^31-1")
        }
        guard plays <= 0x7FFF_FFFF else {
            throw .corrupt(format: .png, reason: "acTL declares \(plays) plays, over 2^31-1")
        }
        frameCount = Int(frames)
        playCount = Int(plays)
    }
}
