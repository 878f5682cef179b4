import CWebP

/// What a WebP file's container says, read by libwebpdemux before any pixel is decoded:
/// canvas size, frame count, loop count and whether it is an animation.
struct WebPContainerInfo {
    /// Canvas width in pixels.
    let width: Int
    /// Canvas height in pixels.
    let height: Int
    /// Number of frames (1 for a still image).
    let frameCount: Int
    /// `ANIM` loop count (0 = forever); 0 for still images.
    let loopCount: Int
    /// Whether the `VP8X` animation flag is set (frames are `ANMF` chunks).
    let isAnimated: Bool

    /// Size of the RIFF header: "RIFF", the 32-bit size, "WEBP".
    static let riffHeaderSize = 12

    /// Parses the container of `file` (a complete WebP file).
    /// - Throws: `CodecError.corrupt` when the signature is wrong, when the file is shorter than its RIFF header says
    ///   (truncated) or when libwebpdemux rejects the chunk structure.
    init(_ file: UnsafeBufferPointer<UInt8>) throws(CodecError) {
        guard file.count >= Self.riffHeaderSize + 8, let base = file.baseAddress else {
            throw .corrupt(
                format: .webp, reason: "file of \(file.count) bytes is too short for a WebP header (truncated)")
        }
        guard Array(file[0..<4]) == Array("RIFF".utf8), Array(file[8..<12]) == Array("WEBP".utf8) else {
            throw .corrupt(format: .webp, reason: "missing RIFF/WEBP signature")
        }
        let riffPayload = Int(file[4]) | Int(file[5]) << 8 | Int(file[6]) << 16 | Int(file[7]) << 24
        let riffEnd = riffPayload + 8
        if file.count < riffEnd {
            throw .corrupt(
                format: .webp,
                reason: "the RIFF header declares \(riffEnd) bytes but the file has \(file.count) (truncated)")
        }
        var data = WebPData(bytes: base, size: file.count)
        guard let demuxer = WebPDemux(&data) else {
            throw .corrupt(
                format: .webp,
                reason:
                    "invalid container: bad chunk sizes or layout (VP8X/ANIM/ANMF/ALPH), or an unreadable image header")
        }
        defer { WebPDemuxDelete(demuxer) }
        width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        frameCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
        isAnimated = flags & ANIMATION_FLAG.rawValue != 0
        loopCount = isAnimated ? Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT)) : 0
        guard frameCount >= 1 else {
            throw .corrupt(format: .webp, reason: "the file holds no image")
        }
    }
}
