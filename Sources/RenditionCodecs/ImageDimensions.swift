/// An image's canvas size read from its header, without decoding pixels.
public struct ImageDimensions: Sendable, Equatable {
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int

    /// Reads the size of a file in any registered format (``ImageFormatDecoder/dimensions(_:)``):
    /// a raster file's header, the canvas of a vector animation (which means reading its JSON
    /// document, but not drawing it) or a WebM video track.
    /// - Throws: `CodecError.unrecognizedFormat` for unknown signatures, or the format's error.
    public init(_ bytes: [UInt8]) throws(CodecError) {
        guard let decoder = FormatRegistry.decoder(sniffing: bytes) else { throw .unrecognizedFormat }
        (width, height) = try decoder.dimensions(bytes)
    }
}
