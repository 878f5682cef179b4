/// A quick pass over a GIF's blocks that counts its images and the pixels they store,
/// without decoding anything, so that `DecodeLimits` reject a file with too many frames
/// (or too much image data) before the first frame is decoded.
///
/// It follows the decoder's grammar and stops where the decoder would stop or fail (the
/// trailer, an unknown byte where a block should start, the end of the file), so its counts
/// are exactly what decoding the whole file would meet.
struct GIFFrameScan {
    /// The number of images (frames).
    private(set) var frames = 0
    /// The sum of the stored images' areas (width x height), which is what LZW decodes.
    private(set) var storedPixels = 0
    /// The image with the largest area: its frame index and descriptor.
    private(set) var largestImage: (frame: Int, descriptor: GIFImageDescriptor)? = nil

    /// Scans from `reader`'s position (just after the global colour table).
    init(_ reader: GIFByteReader) {
        var reader = reader
        while let introducer = reader.peek() {
            reader.skip(1)
            switch introducer {
            case 0x21:
                guard reader.skip(1), reader.skipSubBlocks() else { return }
            case 0x2C:
                guard let descriptor = try? GIFImageDescriptor.read(&reader, frame: frames) else { return }
                if descriptor.width * descriptor.height > largestImage.map({
                    $0.descriptor.width * $0.descriptor.height
                }) ?? 0 {
                    largestImage = (frames, descriptor)
                }
                frames += 1
                storedPixels += descriptor.width * descriptor.height
                var attempt = reader
                let skipped =
                    attempt.skip(3 * (descriptor.localPaletteCount ?? 0)) && attempt.skip(1) && attempt.skipSubBlocks()
                if skipped {
                    reader = attempt
                } else if descriptor.width * descriptor.height > 0 {
                    return
                }
            default:
                return  // the trailer, or bytes where decoding stops
            }
        }
    }
}
