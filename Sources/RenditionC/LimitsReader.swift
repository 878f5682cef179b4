import CRendition
import RenditionCodecs

/// Reads the caller's `rdn_limits` (0 fields meaning defaults) into `DecodeLimits`.
enum LimitsReader {
    /// The limits to decode with: defaults for NULL and for every zero field.
    static func decodeLimits(_ limits: UnsafePointer<rdn_limits>?) -> DecodeLimits {
        let defaults = DecodeLimits.default
        guard let limits = limits?.pointee else { return defaults }
        func value(_ field: UInt64, _ fallback: Int) -> Int { field == 0 ? fallback : Int(clamping: field) }
        return DecodeLimits(
            maxWidth: value(limits.max_width, defaults.maxWidth),
            maxHeight: value(limits.max_height, defaults.maxHeight),
            maxPixels: value(limits.max_pixels, defaults.maxPixels),
            maxFrames: value(limits.max_frames, defaults.maxFrames),
            maxDecodedBytes: value(limits.max_decoded_bytes, defaults.maxDecodedBytes),
            maxInputBytes: value(limits.max_input_bytes, defaults.maxInputBytes))
    }
}
