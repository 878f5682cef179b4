import RenditionCore

/// Decodes the pixels of APNG frames (and of a plain PNG's image) without libpng: the
/// compressed pieces are inflated by libdeflate into a buffer of exactly the size the
/// frame's scanlines need — so data that is too short or too long is rejected, which libpng
/// only warns about — then unfiltered and expanded to premultiplied RGBA8 by
/// `PNGScanlineDecoder`.
///
/// Measured on 24 frames of 618 x 618 RGBA, composited (release build, CPU time): about
/// 100 ms when libpng decoded each frame from a plain PNG stream made for it (after the
/// same exact-size check), about 30 ms this way.
///
/// One instance serves all frames of a file, reusing its decompressor and buffers.
final class APNGFramePixels {
    private let layout: PNGScanlineLayout
    private let expander: PNGPixelExpander
    private let decompressor: DeflateDecompressor
    private var input: [UInt8] = []
    private var scratch: [UInt8] = []

    /// Prepares to decode images in the pixel format of `container`.
    /// - Throws: `CodecError.corrupt` for an invalid colour type, bit depth or palette.
    init(container: APNGContainer, file: UnsafeRawBufferPointer) throws(CodecError) {
        layout = try PNGScanlineLayout(container.header)
        expander = try PNGPixelExpander(
            header: container.header,
            palette: container.palette.map { UnsafeRawBufferPointer(rebasing: file[$0]) },
            transparency: container.transparency.map { UnsafeRawBufferPointer(rebasing: file[$0]) })
        decompressor = try DeflateDecompressor()
    }

    /// The premultiplied pixels of a `width` x `height` image whose zlib stream is split
    /// over `pieces` of `file`. `label` ("frame 3") prefixes error messages.
    /// - Throws: `CodecError.corrupt` when the data is not a zlib stream of exactly the
    ///   image's size or holds an invalid filter type.
    func decode(
        _ pieces: [Range<Int>], width: Int, height: Int, file: UnsafeRawBufferPointer, label: String
    ) throws(CodecError) -> Raster {
        let expected = layout.filteredByteCount(width: width, height: height)
        if scratch.count < expected { scratch = [UInt8](repeating: 0, count: expected) }
        let outcome: DeflateDecompressor.Outcome
        if pieces.count == 1 {
            outcome = inflate(UnsafeRawBufferPointer(rebasing: file[pieces[0]]), expected: expected)
        } else {
            input.removeAll(keepingCapacity: true)
            for piece in pieces { input.append(contentsOf: file[piece]) }
            outcome = input.withUnsafeBytes { inflate($0, expected: expected) }
        }
        switch outcome {
        case .exact: break
        case .tooShort:
            throw .corrupt(
                format: .png, reason: "\(label): image data ends before the \(width)x\(height) image is complete")
        case .tooLong:
            throw .corrupt(
                format: .png, reason: "\(label): image data holds more than the \(width)x\(height) image needs")
        case .invalid:
            throw .corrupt(format: .png, reason: "\(label): image data is not a valid zlib stream")
        }
        do {
            return try scratch.withUnsafeMutableBufferPointer { buffer throws(CodecError) in
                try PNGScanlineDecoder.decode(
                    buffer.baseAddress!, width: width, height: height, layout: layout, expander: expander)
            }
        } catch {
            guard case .corrupt(let format, let reason) = error else { throw error }
            throw .corrupt(format: format, reason: "\(label): \(reason)")
        }
    }

    private func inflate(_ data: UnsafeRawBufferPointer, expected: Int) -> DeflateDecompressor.Outcome {
        scratch.withUnsafeMutableBytes { output in
            decompressor.inflateZlib(data, into: UnsafeMutableRawBufferPointer(rebasing: output[0..<expected]))
        }
    }
}
