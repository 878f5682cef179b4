import RenditionCore

/// Decodes APNG frames' pixels. Each frame's zlib stream is first inflated with libdeflate
/// into a buffer of exactly the size its scanlines need (so data that is too short or too
/// long is rejected, which libpng only warns about), then libpng decodes a plain PNG stream
/// made for the frame: the file's signature and `IHDR` with the frame's size, the file's
/// `PLTE` and `tRNS`, one `IDAT` with the frame's compressed data, and `IEND`.
///
/// One instance serves all frames of a file, reusing its decompressor and scratch buffer.
final class APNGFramePixels {
    private let container: APNGContainer
    private let layout: PNGScanlineLayout
    private let decompressor: DeflateDecompressor
    private var scratch: [UInt8] = []

    /// Prepares to decode the frames of `container`.
    init(container: APNGContainer) throws(CodecError) {
        self.container = container
        layout = try PNGScanlineLayout(container.header)
        decompressor = try DeflateDecompressor()
    }

    /// The frame's premultiplied RGBA8 pixels (`control.width` x `control.height`).
    /// - Throws: `CodecError.corrupt` naming the frame when its data does not decode.
    func decode(
        _ frame: APNGFrameSource, index: Int, file: UnsafeRawBufferPointer, limits: DecodeLimits
    ) throws(CodecError) -> Raster {
        let (stream, payload) = makeStream(frame, file: file)
        let width = frame.control.width, height = frame.control.height
        let expected = layout.filteredByteCount(width: width, height: height)
        if scratch.count < expected { scratch = [UInt8](repeating: 0, count: expected) }
        let outcome = stream.withUnsafeBytes { input in
            scratch.withUnsafeMutableBytes { output in
                decompressor.inflateZlib(
                    UnsafeRawBufferPointer(rebasing: input[payload]),
                    into: UnsafeMutableRawBufferPointer(rebasing: output[0..<expected]))
            }
        }
        switch outcome {
        case .exact: break
        case .tooShort:
            throw .corrupt(
                format: .png, reason: "frame \(index): image data ends before the \(width)x\(height) frame is complete")
        case .tooLong:
            throw .corrupt(
                format: .png, reason: "frame \(index): image data holds more than the \(width)x\(height) frame needs")
        case .invalid:
            throw .corrupt(format: .png, reason: "frame \(index): image data is not a valid zlib stream")
        }
        do {
            return try PNGDecoder.decode(stream, limits: limits)
        } catch {
            switch error {
            case .corrupt(let format, let reason):
                throw .corrupt(format: format, reason: "frame \(index): \(reason)")
            default:
                throw error
            }
        }
    }

    /// The stand-alone PNG stream for one frame, and where its `IDAT` payload lies in it.
    func makeStream(_ frame: APNGFrameSource, file: UnsafeRawBufferPointer) -> (bytes: [UInt8], payload: Range<Int>) {
        let dataBytes = frame.data.reduce(0) { $0 + $1.count }
        var writer = PNGChunkWriter(
            reservingCapacity: dataBytes + 128 + (container.palette?.count ?? 0) + (container.transparency?.count ?? 0))
        writer.appendChunk("IHDR") { out in
            out.appendBigEndian(UInt32(frame.control.width))
            out.appendBigEndian(UInt32(frame.control.height))
            // Bit depth, colour type, compression, filter and interlace as in the file.
            out.append(contentsOf: file[(container.headerData.lowerBound + 8)..<container.headerData.upperBound])
        }
        if let palette = container.palette {
            writer.appendChunk("PLTE") { $0.append(contentsOf: file[palette]) }
        }
        if let transparency = container.transparency {
            writer.appendChunk("tRNS") { $0.append(contentsOf: file[transparency]) }
        }
        var payloadStart = 0
        writer.appendChunk("IDAT") { out in
            payloadStart = out.count
            for piece in frame.data { out.append(contentsOf: file[piece]) }
        }
        writer.append("IEND", [])
        return (writer.bytes, payloadStart..<(payloadStart + dataBytes))
    }
}
