import RenditionCore

extension ImageFormat {
    /// PNG, including animated PNG (APNG).
    public static let png = ImageFormat(registering: "png")
}

/// PNG and APNG as the registry sees them: decoded by ``APNGDecoder``'s own path (libdeflate
/// inflate, own unfilter; about 3x faster than libpng and checked against it on all of
/// PngSuite); ``PNGDecoder`` remains libpng's decode.
public struct PNGFormat: ImageFormatDecoder {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .png }
    /// The name in messages.
    public var name: String { "PNG" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["png", "apng"] }
    /// The IANA media type.
    public var mediaType: String { "image/png" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 1 }
    /// The `DecodeLimits` its decoder enforces.
    public var limitKeys: [DecodeLimitKey] {
        [.width, .height, .pixels, .frames, .decodedBytes, .inputBytes]
    }

    /// The PNG signature, or a damaged one (a flipped byte, or line endings converted by a
    /// text-mode transfer): most signature bytes match, or an `IHDR` chunk type follows
    /// closely. A damaged one is sniffed as PNG so that the PNG decoder reports what is wrong.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if head.starts(with: signature) { return true }
        let start = Array(head.prefix(40))
        let matching = zip(start, signature).filter { $0 == $1 }.count
        if matching >= 6 { return true }
        let ihdr = Array("IHDR".utf8)
        return start.count >= 16 && (8...(start.count - 4)).contains { Array(start[$0..<($0 + 4)]) == ihdr }
    }

    /// Decodes the whole file.
    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        try APNGDecoder.decode(bytes, limits: limits)
    }

    /// Decodes frame by frame, each frame handed over as soon as it is ready.
    public func decodeFrames(_ bytes: [UInt8], limits: DecodeLimits, _ body: (AnimationFrame) -> Void)
        throws(CodecError) -> AnimationOutline
    {
        try APNGDecoder.decode(bytes, limits: limits, frames: body)
    }

    /// The canvas size from the header.
    public func dimensions(_ bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
        let header = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in
            try PNGHeader(UnsafeRawBufferPointer(buffer))
        }
        return (header.width, header.height)
    }

    /// The canvas size and declared frame count from the headers.
    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let size = try dimensions(bytes)
        return (size.width, size.height, try SourceHeader.apngFrameCount(bytes))
    }
}
