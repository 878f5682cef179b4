/// The chunks after `IHDR`, read one at a time in file order, checking the order rules of
/// PNG and APNG as they come (see `APNGContainer` for the list); `finish()` checks what can
/// only be checked at the end.
struct APNGChunkSequence {
    let header: PNGHeader
    private(set) var palette: Range<Int>? = nil
    private(set) var transparency: Range<Int>? = nil
    private(set) var animationControl: APNGAnimationControl? = nil
    private(set) var frames: [APNGFrameSource] = []
    private(set) var defaultImageIsFrame = false
    private(set) var imageData: [Range<Int>] = []
    private var sawImageData = false
    private var imageDataEnded = false
    private var sawAnimationChunk = false
    private var nextSequence = 0

    init(header: PNGHeader) {
        self.header = header
    }

    /// Reads one chunk; `data` is its data.
    /// - Throws: `CodecError.corrupt` when the chunk breaks an order rule, `.unsupported` for
    ///   an unknown critical chunk.
    mutating func read(_ chunk: PNGChunk, data: UnsafeRawBufferPointer) throws(CodecError) {
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
            try readFrameControl(chunk, data: data)
        case .idat:
            try readImageData(chunk)
        case .fdat:
            try readFrameData(chunk, data: data)
        case .iend:
            break
        default:
            if chunk.type.isCritical {
                throw .unsupported(format: .png, reason: "unknown critical chunk \(chunk.type)")
            }
        }
    }

    /// After the last chunk: the image data is there, every frame has data and the frame
    /// count is the one `acTL` declares (or there are no animation chunks without `acTL`).
    func finish() throws(CodecError) {
        guard sawImageData else { throw .corrupt(format: .png, reason: "no IDAT chunk (no image data)") }
        if let animationControl {
            try checkLastFrameHasData()
            guard frames.count == animationControl.frameCount else {
                throw .corrupt(
                    format: .png,
                    reason:
                        "acTL declares \(animationControl.frameCount) frame\(animationControl.frameCount == 1 ? "" : "s") "
                        + "but the file has \(frames.count) fcTL chunk\(frames.count == 1 ? "" : "s")")
            }
        } else if sawAnimationChunk {
            throw .corrupt(format: .png, reason: "fcTL or fdAT chunks without an acTL chunk")
        }
    }

    /// `fcTL`: starts a frame; before `IDAT` it makes the default image the first frame and
    /// must then cover the whole canvas.
    private mutating func readFrameControl(_ chunk: PNGChunk, data: UnsafeRawBufferPointer) throws(CodecError) {
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
    }

    /// `IDAT`: the default image's data, in consecutive chunks.
    private mutating func readImageData(_ chunk: PNGChunk) throws(CodecError) {
        guard !imageDataEnded else {
            throw .corrupt(
                format: .png, reason: "IDAT chunks are not consecutive (another IDAT at byte \(chunk.offset))")
        }
        sawImageData = true
        imageData.append(chunk.data)
        if defaultImageIsFrame { frames[0].data.append(chunk.data) }
    }

    /// `fdAT`: a sequence number, then data of the latest frame after the default image.
    private mutating func readFrameData(_ chunk: PNGChunk, data: UnsafeRawBufferPointer) throws(CodecError) {
        sawAnimationChunk = true
        guard chunk.data.count >= 4 else {
            throw .corrupt(
                format: .png, reason: "fdAT chunk at byte \(chunk.offset) is too short for a sequence number")
        }
        try checkSequence(Int(data.loadBigEndianUInt32(at: 0)), in: chunk.type)
        guard sawImageData else {
            throw .corrupt(format: .png, reason: "fdAT chunk before IDAT (at byte \(chunk.offset))")
        }
        guard !frames.isEmpty, !(defaultImageIsFrame && frames.count == 1) else {
            throw .corrupt(format: .png, reason: "fdAT chunk at byte \(chunk.offset) has no fcTL before it")
        }
        frames[frames.count - 1].data.append((chunk.data.lowerBound + 4)..<chunk.data.upperBound)
    }

    /// `fcTL` and `fdAT` sequence numbers count up from 0 without gaps, repeats or reordering.
    private mutating func checkSequence(_ number: Int, in type: PNGChunkType) throws(CodecError) {
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

    private func checkLastFrameHasData() throws(CodecError) {
        if let last = frames.last, last.data.isEmpty {
            throw .corrupt(
                format: .png,
                reason: "frame \(frames.count - 1) has no image data (its fcTL is followed by "
                    + (sawImageData ? "no fdAT" : "no IDAT") + ")")
        }
    }
}
