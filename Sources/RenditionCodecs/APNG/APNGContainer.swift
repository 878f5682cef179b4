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

        var palette: Range<Int>? = nil
        var transparency: Range<Int>? = nil
        var animationControl: APNGAnimationControl? = nil
        var frames: [APNGFrameSource] = []
        var defaultImageIsFrame = false
        var sawImageData = false
        var imageData: [Range<Int>] = []
        var imageDataEnded = false
        var sawAnimationChunk = false
        var nextSequence = 0

        func checkSequence(_ number: Int, in type: PNGChunkType) throws(CodecError) {
            defer { nextSequence += 1 }
            if number == nextSequence { return }
            let reason: String
            if nextSequence == 0 {
                reason = "sequence numbers must start at 0, but the first \(type) has \(number)"
            } else if number < nextSequence {
                reason = "\(type) sequence number \(number) repeats or goes back (expected \(nextSequence))"
            } else {
                reason = "\(type) sequence number \(number) skips \(nextSequence) (gap in the sequence)"
            }
            throw .corrupt(format: .png, reason: reason)
        }

        func checkLastFrameHasData() throws(CodecError) {
            if let last = frames.last, last.data.isEmpty {
                throw .corrupt(
                    format: .png,
                    reason: "frame \(frames.count - 1) has no image data (its fcTL is followed by "
                        + (sawImageData ? "no fdAT" : "no IDAT") + ")")
            }
        }

        for chunk in chunks.dropFirst() {
            let data = UnsafeRawBufferPointer(rebasing: bytes[chunk.data])
            if sawImageData && chunk.type != .idat { imageDataEnded = true }
            switch chunk.type {
            case .ihdr:
                throw .corrupt(format: .png, reason: "IHDR chunk repeated at byte \(chunk.offset)")
            case .plte:
                guard palette == nil else { throw .corrupt(format: .png, reason: "PLTE chunk repeated") }
                guard !sawImageData else { throw .corrupt(format: .png, reason: "PLTE chunk after IDAT") }
                palette = chunk.data
            case .trns:
                guard transparency == nil else { throw .corrupt(format: .png, reason: "tRNS chunk repeated") }
                guard !sawImageData else { throw .corrupt(format: .png, reason: "tRNS chunk after IDAT") }
                transparency = chunk.data
            case .actl:
                guard animationControl == nil else { throw .corrupt(format: .png, reason: "acTL chunk repeated") }
                guard !sawImageData else {
                    throw .corrupt(format: .png, reason: "acTL chunk after IDAT (it must come before the image data)")
                }
                animationControl = try APNGAnimationControl(data)
            case .fctl:
                sawAnimationChunk = true
                try checkLastFrameHasData()
                let control = try APNGFrameControl(
                    data, canvasWidth: header.width, canvasHeight: header.height, frameIndex: frames.count)
                try checkSequence(control.sequenceNumber, in: chunk.type)
                if !sawImageData {
                    guard control.x == 0, control.y == 0, control.width == header.width,
                          control.height == header.height
                    else {
                        throw .corrupt(
                            format: .png,
                            reason: "the default image's fcTL is \(control.width)x\(control.height) at "
                                + "\(control.x),\(control.y), not the whole \(header.width)x\(header.height) canvas")
                    }
                    defaultImageIsFrame = true
                }
                frames.append(APNGFrameSource(control: control, data: []))
            case .idat:
                guard !imageDataEnded else {
                    throw .corrupt(format: .png, reason: "IDAT chunks are not consecutive (another IDAT at byte \(chunk.offset))")
                }
                sawImageData = true
                imageData.append(chunk.data)
                if defaultImageIsFrame { frames[0].data.append(chunk.data) }
            case .fdat:
                sawAnimationChunk = true
                guard chunk.data.count >= 4 else {
                    throw .corrupt(format: .png, reason: "fdAT chunk at byte \(chunk.offset) is too short for a sequence number")
                }
                try checkSequence(Int(data.loadBigEndianUInt32(at: 0)), in: chunk.type)
                guard sawImageData else {
                    throw .corrupt(format: .png, reason: "fdAT chunk before IDAT (at byte \(chunk.offset))")
                }
                guard !frames.isEmpty, !(defaultImageIsFrame && frames.count == 1) else {
                    throw .corrupt(format: .png, reason: "fdAT chunk at byte \(chunk.offset) has no fcTL before it")
                }
                frames[frames.count - 1].data.append((chunk.data.lowerBound + 4)..<chunk.data.upperBound)
            case .iend:
                break
            default:
                if chunk.type.isCritical {
                    throw .unsupported(format: .png, reason: "unknown critical chunk \(chunk.type)")
                }
            }
        }

        guard sawImageData else { throw .corrupt(format: .png, reason: "no IDAT chunk (no image data)") }
        if let animationControl {
            try checkLastFrameHasData()
            guard frames.count == animationControl.frameCount else {
                throw .corrupt(
                    format: .png,
                    reason: "acTL declares \(animationControl.frameCount) frame\(animationControl.frameCount == 1 ? "" : "s") "
                        + "but the file has \(frames.count) fcTL chunk\(frames.count == 1 ? "" : "s")")
            }
        } else if sawAnimationChunk {
            throw .corrupt(format: .png, reason: "fcTL or fdAT chunks without an acTL chunk")
        }
        self.palette = palette
        self.transparency = transparency
        self.animationControl = animationControl
        self.frames = frames
        self.defaultImageIsFrame = defaultImageIsFrame
        self.imageData = imageData
    }
}
