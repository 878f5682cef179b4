import CWebP
import RenditionCore

/// Decodes a still (non-animated) WebP, lossy or lossless, with or without alpha, to
/// straight RGBA8 through libwebp's advanced API, writing straight into a Swift array.
enum WebPStillDecoding {
    /// Decodes the single image of `file`, whose container is `info`.
    static func decode(_ file: UnsafeBufferPointer<UInt8>, info: WebPContainerInfo) throws(CodecError)
        -> WebPStraightImage
    {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .corrupt(format: .webp, reason: "libwebp's decoder does not match its headers (version mismatch)")
        }
        if let error = WebPStatus.error(
            WebPGetFeatures(file.baseAddress, file.count, &config.input), decoding: "the image header")
        {
            throw error
        }
        let width = Int(config.input.width)
        let height = Int(config.input.height)
        guard width == info.width, height == info.height else {
            throw .corrupt(
                format: .webp,
                reason: "the image is \(width)x\(height) but the canvas is \(info.width)x\(info.height)")
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let status = rgba.withUnsafeMutableBufferPointer { pixels in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = pixels.baseAddress
            config.output.u.RGBA.stride = Int32(width * 4)
            config.output.u.RGBA.size = pixels.count
            config.options.use_threads = 0
            let status = WebPDecode(file.baseAddress, file.count, &config)
            WebPFreeDecBuffer(&config.output)
            return status
        }
        if let error = WebPStatus.error(status, decoding: "the image") { throw error }
        return WebPStraightImage(
            width: width, height: height, loopCount: 0,
            frames: [
                .init(image: StraightRGBAImage(width: width, height: height, bytes: rgba), durationMilliseconds: 0)
            ])
    }
}
