import RenditionCore

/// An image embedded in a Lottie document (a base64 `data:` URI), decoded by Rendition's own
/// PNG or JPEG decoder within the limits and written again as a plain RGBA PNG of exactly the
/// decoded pixels.
///
/// rlottie decodes embedded images with its own image loader, which inflates everything a
/// PNG holds before it looks at the size; the canonical document hands it only this PNG,
/// whose size and contents Rendition has already checked.
struct LottieEmbeddedImage {
    /// The canonical `data:image/png;base64,…` URI.
    let dataURI: String
    /// Bytes of RGBA the image takes once decoded.
    let decodedBytes: Int

    /// Decodes `path` (an asset's `p`); `format` names the Lottie file in errors.
    /// - Throws: `.unsupported` when `path` is not a base64 data URI or the image is not PNG
    ///   or JPEG; `.corrupt` when its base64 or image data is damaged; `.limitExceeded` when
    ///   its size breaks `limits`.
    init(path: String, format: ImageFormat, limits: DecodeLimits) throws(CodecError) {
        guard path.hasPrefix("data:"), let comma = path.firstIndex(of: ","), path[..<comma].hasSuffix(";base64") else {
            throw .unsupported(format: format, reason: "an embedded image is not a base64 data URI")
        }
        guard let image = Base64.decode(path.utf8[path.utf8.index(after: comma)...]) else {
            throw .corrupt(format: format, reason: "an embedded image's base64 data is invalid")
        }
        try self.init(file: image, format: format, limits: limits)
    }

    /// Decodes `image`, the bytes of a PNG or JPEG file its container stores (`images/…` of a
    /// dotLottie archive); `format` names the Lottie file in errors.
    /// - Throws: as ``init(path:format:limits:)``, for the image's own data.
    init(file image: [UInt8], format: ImageFormat, limits: DecodeLimits) throws(CodecError) {
        let pixels: StraightRGBAImage
        do throws(CodecError) {
            switch ImageFormat.sniff(image) {
            case .png?: pixels = try PNGDecoder.decodeStraight(image, limits: limits)
            case .jpeg?: pixels = StraightRGBAImage(unpremultiplying: try JPEGDecoder.decode(image, limits: limits))
            default: throw CodecError.unsupported(format: format, reason: "an embedded image is not PNG or JPEG")
            }
        } catch {
            switch error {
            case .unsupported(format, _): throw error
            case .limitExceeded(_, let limit):
                throw .limitExceeded(format: format, limit: limit.within("an embedded image"))
            default: throw .corrupt(format: format, reason: "an embedded image is damaged: \(error)")
            }
        }
        decodedBytes = pixels.bytes.count
        dataURI = "data:image/png;base64," + Base64.encode(try Self.png(pixels))
    }

    /// `image` as an 8-bit RGBA PNG, every row unfiltered.
    private static func png(_ image: StraightRGBAImage) throws(CodecError) -> [UInt8] {
        let rowBytes = image.width * 4
        var rows = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height)
        for y in 0..<image.height {
            rows[(rowBytes + 1) * y + 1..<(rowBytes + 1) * (y + 1)] = image.bytes[rowBytes * y..<rowBytes * (y + 1)]
        }
        var writer = PNGChunkWriter(reservingCapacity: rows.count / 2)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]
        writer.append("IHDR", header)
        let compressor = try DeflateCompressor(level: 6)
        try rows.withUnsafeBufferPointer { raw throws(CodecError) in
            try writer.appendChunk("IDAT") { out throws(CodecError) in
                try compressor.appendZlib(raw.baseAddress!, count: raw.count, to: &out)
            }
        }
        writer.append("IEND", [])
        return writer.bytes
    }
}
