import RenditionCore

/// A format that holds a Lottie document (Lottie JSON, TGS, dotLottie): it only says how to
/// get the JSON out of its bytes; checking, drawing and streaming frames are shared
/// (``LottieComposition``), and its files are drawn at each target size.
public protocol LottieSourceFormat: ImageFormatDecoder {
    /// The Lottie JSON document inside `bytes`, at most `limits.maxDocumentBytes` long (the
    /// input-size limit was checked before).
    /// - Throws: ``CodecError`` when the container is damaged, unsupported or over a limit.
    func lottieJSON(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> [UInt8]

    /// The document inside `bytes` with the images its container stores beside it, read in
    /// one pass over the container. The default is ``lottieJSON(_:limits:)`` with no images;
    /// a container that stores images (dotLottie) overrides it.
    /// - Throws: ``CodecError`` when the container is damaged, unsupported or over a limit.
    func lottieSource(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> LottieSource
}

/// A Lottie document and the images its container stores beside it, by their path in the
/// container (`images/img_0.png`), for image assets that name a file (`"u": "/images/",
/// "p": "img_0.png"`) rather than embed it. A document's image files are never read from disk.
public struct LottieSource: Sendable {
    /// The Lottie JSON.
    public let json: [UInt8]
    /// The stored images by path; empty for formats that store none.
    public let storedImages: [String: [UInt8]]

    /// A document and its container's images.
    public init(json: [UInt8], storedImages: [String: [UInt8]] = [:]) {
        self.json = json
        self.storedImages = storedImages
    }
}

extension LottieSourceFormat {
    /// Vector art.
    public var isVector: Bool { true }

    /// The document, with no images beside it.
    public func lottieSource(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> LottieSource {
        LottieSource(json: try lottieJSON(bytes, limits: limits))
    }

    /// The limits a Lottie document is checked and drawn under.
    public var limitKeys: [DecodeLimitKey] {
        [
            .width, .height, .pixels, .frames, .decodedBytes, .inputBytes,
            .documentBytes, .draws, .drawingWork,
        ]
    }

    /// Every frame drawn at the canvas size.
    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        try LottieComposition(bytes, limits: limits).animation()
    }

    /// Frames drawn one by one at the canvas size.
    public func decodeFrames(_ bytes: [UInt8], limits: DecodeLimits, _ body: (AnimationFrame) -> Void)
        throws(CodecError) -> AnimationOutline
    {
        let composition = try LottieComposition(bytes, limits: limits)
        try composition.drawFrames(width: composition.width, height: composition.height) { body($0) }
        return AnimationOutline(
            width: composition.width, height: composition.height,
            frameCount: composition.frameCount, loopCount: 0)
    }

    /// The first frame drawn at the canvas size.
    public func decodeFirstFrame(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Raster {
        let composition = try LottieComposition(bytes, limits: limits)
        return try composition.frame(0, width: composition.width, height: composition.height)
    }

    /// The document's canvas and frame count, read and checked but not drawn.
    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let document = try LottieComposition.read(bytes, limits: limits).2
        return (document.width, document.height, max(1, document.frameCount))
    }
}

/// Lottie JSON's sniffing: a JSON object (after optional whitespace or a byte order mark) with
/// a `"layers"` member name in its first MiB, as far as JSON has a signature.
enum LottieSniffing {
    static func looksLikeLottie(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var head = bytes.prefix(1 << 20).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            head = head.dropFirst(3).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        }
        guard head.first == UInt8(ascii: "{") else { return false }
        let name = Array("\"layers\"".utf8)
        var matched = 0
        for byte in head {
            if byte == name[matched] {
                matched += 1
                if matched == name.count { return true }
            } else {
                matched = byte == name[0] ? 1 : 0
            }
        }
        return false
    }
}
