import CWebP
import RenditionCore

/// Animated WebPs in which every frame is a key frame, assembled from frames encoded on their
/// own.
///
/// With `kmax = 1`, libwebp's `WebPAnimEncoder` writes every frame after the first as a
/// full-canvas frame that neither blends with nor depends on the frame before it: a still
/// image shown for a while. Its candidate search and canvas bookkeeping cost about two thirds
/// as much again as encoding the same frames with `WebPEncode` (measured on 512 px frames of
/// video masters), so this path encodes each frame as a still and lets libwebpmux place it
/// as a full-canvas `ANMF` (offset 0, no blending, no disposal), the layout libwebp gives
/// those frames. Runs of identical frames are shown as one frame, as `WebPAnimEncoder`
/// shows them, and a frame whose rounded duration is 0 ms (never on screen for a whole
/// millisecond) is left out. An animation whose frames are all identical is written as two
/// frames (the last on its own), so that it stays an animated file.
extension WebPEncoder {
    /// Whether `options` ask for an animation of key frames only, which `encodeKeyFrames` writes.
    var writesKeyFramesOnly: Bool {
        options.keyframeInterval == 1...1 && !options.minimizeSize && !options.allowMixed
    }

    /// Encodes an animation of more than one frame, every frame a full-canvas key frame.
    func encodeKeyFrames(_ animation: Animation, timestamps: [Int]) throws(CodecError) -> [UInt8] {
        // (frame index, duration in ms) of the frames written.
        var shown: [(index: Int, duration: Int)] = []
        for index in animation.frames.indices {
            let duration = timestamps[index + 1] - timestamps[index]
            if let last = shown.last, animation.frames[last.index].raster == animation.frames[index].raster {
                shown[shown.count - 1].duration += duration
            } else if duration > 0 || (shown.isEmpty && index == animation.frames.count - 1) {
                shown.append((index, duration))
            } else if !shown.isEmpty {
                shown[shown.count - 1].duration += duration
            }
        }
        if shown.count == 1, animation.frames.count > 1 {
            // Frames all alike: the last one is kept on its own, so the file stays animated
            // (libwebpmux makes a lone canvas-sized frame a still image, which a platform that
            // wants animated files refuses).
            let last = animation.frames.count - 1
            let lastDuration = timestamps[last + 1] - timestamps[last]
            shown = [(0, shown[0].duration - lastDuration), (last, lastDuration)]
        }
        guard let mux = WebPMuxNew() else {
            throw .encodingFailed(format: .webp, reason: "libwebpmux could not create a container (out of memory)")
        }
        defer { WebPMuxDelete(mux) }
        // Encoded frames stay alive until the container is assembled (the mux refers to them).
        var encodedFrames: [[UInt8]] = []
        encodedFrames.reserveCapacity(shown.count)
        for frame in shown {
            encodedFrames.append(try encode(animation.frames[frame.index].raster))
        }
        for (position, frame) in shown.enumerated() {
            let status = encodedFrames[position].withUnsafeBufferPointer { bytes in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                info.x_offset = 0
                info.y_offset = 0
                info.duration = Int32(frame.duration)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            guard status == WEBP_MUX_OK else {
                throw .encodingFailed(
                    format: .webp, reason: "frame \(frame.index + 1): libwebpmux refused the frame (\(status.rawValue))"
                )
            }
        }
        var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(animation.loopCount))
        guard WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK,
            WebPMuxSetCanvasSize(mux, Int32(animation.width), Int32(animation.height)) == WEBP_MUX_OK
        else {
            throw .encodingFailed(format: .webp, reason: "libwebpmux refused the animation's canvas or loop count")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK, let bytes = data.bytes else {
            throw .encodingFailed(format: .webp, reason: "libwebpmux could not assemble the animation")
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: data.size))
    }
}
