/// A Lottie document's canvas, frame rate and frame range, read without any conversion that
/// could trap on a hostile number.
struct LottieHeader {
    /// Canvas width in pixels.
    let width: Int
    /// Canvas height in pixels.
    let height: Int
    /// Frames per second.
    let frameRate: FrameRate
    /// How many frames the animation has (`op` − `ip`, rounded; at least 1).
    let frameCount: Int

    /// Reads `w`, `h`, `fr`, `ip` and `op` of `root` and checks them against `limits`.
    /// - Throws: `.corrupt` for a missing, fractional or non-positive value; `.unsupported`
    ///   for a frame rate over 1000 fps; `.limitExceeded` for a canvas or frame count over
    ///   the limits.
    init(_ root: JSONValue, format: ImageFormat, limits: DecodeLimits) throws(CodecError) {
        width = try Self.side("w", of: root, format: format)
        height = try Self.side("h", of: root, format: format)
        guard let rateValue = root["fr"]?.number, rateValue.isFinite, rateValue > 0 else {
            throw .corrupt(format: format, reason: "the frame rate \"fr\" is missing, zero, negative or not finite")
        }
        guard rateValue <= 1_000, let rate = FrameRate(rateValue) else {
            throw .unsupported(
                format: format, reason: "a frame rate of \(LottieNumber.text(rateValue)) fps (at most 1000)")
        }
        frameRate = rate
        guard let inPoint = root["ip"]?.number, let outPoint = root["op"]?.number, inPoint.isFinite, outPoint.isFinite,
            inPoint >= 0, outPoint > inPoint
        else {
            throw .corrupt(
                format: format, reason: "the in and out points \"ip\" and \"op\" are missing or out of order")
        }
        let span = outPoint - inPoint
        guard span.isFinite, span <= Double(limits.maxFrames) + 0.5 else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .frames, found: span < 1e18 ? Int(span.rounded()) : nil, maximum: limits.maxFrames,
                    measure: "\(LottieNumber.text(span.rounded())) frames"))
        }
        // Exporters write points like 61.0000024845809: close enough to a whole number is one.
        frameCount = max(1, abs(span - span.rounded()) < 1e-3 ? Int(span.rounded()) : Int(span.rounded(.up)))
        try limits.check(width: width, height: height, frames: frameCount, format: format)
    }

    /// The canvas side `key`: a positive whole number; one past the pixel limits is reported
    /// by `DecodeLimits.check` as over them.
    private static func side(_ key: String, of root: JSONValue, format: ImageFormat) throws(CodecError) -> Int {
        guard let value = root[key]?.number else {
            throw .corrupt(format: format, reason: "\"\(key)\" is missing or not a number")
        }
        guard value.isFinite, value == value.rounded() else {
            throw .corrupt(format: format, reason: "\"\(key)\" is \(LottieNumber.text(value)), not a whole number")
        }
        guard value > 0 else { throw .corrupt(format: format, reason: "\"\(key)\" is \(LottieNumber.text(value))") }
        // Past any limit anyway; kept in Int's range for the check's message.
        return Int(min(value, 1e15))
    }
}
