import CWebP
import RenditionCore

/// Decodes an animated WebP through libwebpdemux's `WebPAnimDecoder`, which composites
/// every `ANMF` frame onto the canvas (offsets, blending, disposal; the canvas starts and
/// is disposed to transparent black, the `ANIM` background colour being only a hint).
enum WebPAnimationDecoding {
    /// Decodes every composited canvas of `file`, whose container is `info`.
    ///
    /// Frame durations are the differences between the decoder's end timestamps, so they are
    /// exactly the `ANMF` durations in milliseconds.
    static func decode(_ file: UnsafeBufferPointer<UInt8>, info: WebPContainerInfo) throws(CodecError)
        -> WebPStraightImage
    {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .corrupt(format: .webp, reason: "libwebpdemux does not match its headers (version mismatch)")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: file.baseAddress, size: file.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw .corrupt(format: .webp, reason: "libwebp could not start decoding the animation (invalid container)")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var animation = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &animation) != 0,
            Int(animation.canvas_width) == info.width, Int(animation.canvas_height) == info.height,
            Int(animation.frame_count) == info.frameCount
        else {
            throw .corrupt(format: .webp, reason: "the animation's header is inconsistent")
        }
        let frameBytes = info.width * info.height * 4
        var frames: [WebPStraightImage.Frame] = []
        frames.reserveCapacity(info.frameCount)
        var previousTimestamp: Int32 = 0
        while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var canvas: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                throw diagnose(frame: frames.count + 1, file: file)
            }
            frames.append(
                .init(
                    image: StraightRGBAImage(
                        width: info.width, height: info.height,
                        bytes: [UInt8](UnsafeBufferPointer(start: canvas, count: frameBytes))),
                    durationMilliseconds: Int(timestamp) - Int(previousTimestamp)))
            previousTimestamp = timestamp
        }
        guard frames.count == info.frameCount else {
            throw .corrupt(format: .webp, reason: "only \(frames.count) of \(info.frameCount) frames could be decoded")
        }
        return WebPStraightImage(width: info.width, height: info.height, loopCount: info.loopCount, frames: frames)
    }

    /// The error for a frame `WebPAnimDecoder` could not decode: the frame's own bitstream is
    /// decoded again on its own to learn libwebp's status code.
    private static func diagnose(frame number: Int, file: UnsafeBufferPointer<UInt8>) -> CodecError {
        let fallback = CodecError.corrupt(format: .webp, reason: "frame \(number): could not be decoded")
        var data = WebPData(bytes: file.baseAddress, size: file.count)
        guard let demuxer = WebPDemux(&data) else { return fallback }
        defer { WebPDemuxDelete(demuxer) }
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demuxer, Int32(number), &iterator) != 0 else { return fallback }
        defer { WebPDemuxReleaseIterator(&iterator) }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { return fallback }
        config.output.colorspace = MODE_RGBA
        let status = WebPDecode(iterator.fragment.bytes, iterator.fragment.size, &config)
        WebPFreeDecBuffer(&config.output)
        return WebPStatus.error(status, decoding: "frame \(number)") ?? fallback
    }
}
