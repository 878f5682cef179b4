/// One animation frame as stored in an APNG file: its `fcTL` and the pieces of compressed
/// image data (`IDAT` payloads for the default image, `fdAT` payloads without their
/// sequence numbers otherwise).
struct APNGFrameSource {
    /// The frame's control chunk.
    let control: APNGFrameControl
    /// Ranges of the file holding the frame's zlib stream, in order.
    var data: [Range<Int>]
}

/// The structure of a PNG or APNG file, validated against the APNG specification: the
/// header, the chunks every frame shares (`PLTE`, `tRNS`), and the animation's frames.
///
/// Checked: one `acTL` before the first `IDAT`; consecutive `IDAT` chunks; `fcTL` and `fdAT`
/// sequence numbers counting up from 0 without gaps, repeats or reordering; every frame
/// having data; `fdAT` only after `IDAT` and after an `fcTL`; the default image's `fcTL`
/// covering the whole canvas; `num_frames` equal to the number of `fcTL` chunks; frame
/// regions inside the canvas; dispose and blend operations in range.
struct APNGContainer {
    /// The `IHDR` fields.
    let header: PNGHeader
    /// The `IHDR` chunk's 13 data bytes.
    let headerData: Range<Int>
    /// The `PLTE` chunk's data, when present.
    let palette: Range<Int>?
    /// The `tRNS` chunk's data, when present.
    let transparency: Range<Int>?
    /// The `acTL` chunk; `nil` for a plain PNG.
    let animationControl: APNGAnimationControl?
    /// The animation's frames in order (empty for a plain PNG). The first one is the
    /// default image when `defaultImageIsFrame`.
    let frames: [APNGFrameSource]
    /// Whether the default image (`IDAT`) is the first frame (an `fcTL` precedes it).
    let defaultImageIsFrame: Bool
    /// The payloads of the `IDAT` chunks (the default image's zlib stream), in order.
    let imageData: [Range<Int>]

    /// Parses and validates the file's chunk structure without decompressing anything.
    /// - Throws: `CodecError.corrupt` with the first violation found.
    init(_ bytes: UnsafeRawBufferPointer) throws(CodecError) {
        let chunks = try APNGChunkReader.chunks(in: bytes)
        header = try PNGHeader(bytes)
        headerData = chunks[0].data
        var sequence = APNGChunkSequence(header: header)
        for chunk in chunks.dropFirst() {
            try sequence.read(chunk, data: UnsafeRawBufferPointer(rebasing: bytes[chunk.data]))
        }
        try sequence.finish()
        palette = sequence.palette
        transparency = sequence.transparency
        animationControl = sequence.animationControl
        frames = sequence.frames
        defaultImageIsFrame = sequence.defaultImageIsFrame
        imageData = sequence.imageData
    }
}
