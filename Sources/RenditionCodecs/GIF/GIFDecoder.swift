import RenditionCore

/// Decodes GIF files into composited animations, the way browsers show them.
///
/// - Every image in the file is one frame (a zero-size image too), composited on a canvas of
///   the logical screen's size that starts fully transparent; the background colour is ignored,
///   as browsers do. Images reaching outside the canvas are clipped.
/// - Delays are kept exactly as stored, in centiseconds (frames without a graphic control
///   extension have delay 0); see `FrameDelay.browserPlaybackDelay` for how browsers show 0
///   and 1 cs delays.
/// - `loopCount` is the number of plays: 1 without a looping extension, 0 (forever) for a
///   repeat count of 0, `count + 1` otherwise. The first `NETSCAPE2.0` / `ANIMEXTS1.0`
///   extension wins.
/// - Recovered like browsers: a missing trailer, image data that ends early or has no `EOI`
///   code (the pixels not given stay transparent), extra image data, unknown extensions, and
///   unknown bytes where a block should start once at least one frame was read (decoding stops
///   there). A file with a trailer but no image is one transparent frame.
/// - Errors (`CodecError.corrupt`): a bad signature, an empty logical screen, a file that ends
///   inside a block, an LZW code size outside 1–11, an undefined LZW code, a pixel index
///   outside the colour table, an image without any colour table.
/// - `DecodeLimits` apply before the first frame is decoded, from a scan of the blocks
///   (`GIFFrameScan`): canvas size, frame count, the decoded bytes of all frames
///   (`width × height × 4 × frames`) and the stored images' total area (LZW decodes every
///   stored pixel, even off the canvas: at most `maxDecodedBytes / 4`); each image's own
///   area is held to `maxPixels`.
public enum GIFDecoder {
    /// Decodes every frame of a GIF, composited.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        try Animation.collecting { (body) throws(CodecError) in try decode(bytes, limits: limits, frames: body) }
    }

    /// Decodes a GIF frame by frame: `body` gets each composited frame as soon as it is drawn,
    /// in order (a frame it does not keep costs no copy of the canvas). The same frames, checks
    /// and errors as `decode(_:limits:)`; an error can come after some frames were handed over.
    public static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = .default, frames body: (AnimationFrame) -> Void
    ) throws(CodecError) -> AnimationOutline {
        DecodeCount.record(bytes)
        try limits.check(inputBytes: bytes.count, format: .gif)
        var reader = GIFByteReader(bytes)
        let signature = Array(try reader.bytes(6, "the GIF signature"))
        guard signature == Array("GIF89a".utf8) || signature == Array("GIF87a".utf8) else {
            throw .corrupt(format: .gif, reason: "the file does not start with GIF87a or GIF89a")
        }
        let width = try reader.uint16("the logical screen descriptor")
        let height = try reader.uint16("the logical screen descriptor")
        let packed = try reader.byte("the logical screen descriptor")
        _ = try reader.bytes(2, "the logical screen descriptor")  // background index, aspect ratio
        try limits.check(width: width, height: height, frames: 1, format: .gif)
        let globalPalette =
            packed & 0x80 != 0
            ? try GIFPalette.read(&reader, count: 2 << Int(packed & 0x07), "the global colour table")
            : nil

        // Frame count and image data are known from a scan of the blocks: a file with too
        // many frames or too much image data is refused before anything is decoded.
        let scan = GIFFrameScan(reader)
        try limits.check(width: width, height: height, frames: max(1, scan.frames), format: .gif)
        if let largest = scan.largestImage {
            try DecodingState.checkImageArea(largest.descriptor, frame: largest.frame, limits: limits)
        }
        try DecodingState.checkStoredPixels(scan.storedPixels, frames: scan.frames, limits: limits)

        var state = DecodingState(width: width, height: height, globalPalette: globalPalette, limits: limits)
        var sawTrailer = false
        records: while let introducer = reader.peek() {
            _ = try reader.byte("a block introducer")
            switch introducer {
            case 0x3B:
                sawTrailer = true
                break records
            case 0x21:
                try state.readExtension(&reader)
            case 0x2C:
                body(try state.readImage(&reader))
            default:
                guard state.frameCount > 0 else {
                    throw .corrupt(
                        format: .gif,
                        reason:
                            "unexpected byte 0x\(String(introducer, radix: 16)) at offset \(reader.offset - 1) where a block should start"
                    )
                }
                break records
            }
        }
        if state.frameCount == 0 {
            guard sawTrailer else { throw .corrupt(format: .gif, reason: "the file ends before any image") }
            body(AnimationFrame(raster: Raster(width: width, height: height), delay: .zero))
            state.frameCount = 1
        }
        return AnimationOutline(
            width: width, height: height, frameCount: state.frameCount,
            loopCount: GIFLoopExtension.plays(repeatCount: state.repeatCount))
    }

    /// What the decoder carries from block to block.
    private struct DecodingState {
        let width: Int
        let height: Int
        let globalPalette: GIFPalette?
        let limits: DecodeLimits
        var compositor: AnimationCompositor
        /// Frames drawn so far.
        var frameCount = 0
        var control: GIFGraphicControl? = nil
        var repeatCount: Int? = nil
        var sawLoopExtension = false
        var indices: [UInt8] = []

        init(width: Int, height: Int, globalPalette: GIFPalette?, limits: DecodeLimits) {
            self.width = width
            self.height = height
            self.globalPalette = globalPalette
            self.limits = limits
            compositor = AnimationCompositor(width: width, height: height)
        }

        mutating func readExtension(_ reader: inout GIFByteReader) throws(CodecError) {
            let label = try reader.byte("an extension label")
            let frame = frameCount
            switch label {
            case 0xF9:
                let blocks = try reader.subBlockList("the graphic control extension before frame \(frame)")
                if let parsed = blocks.first.flatMap(GIFGraphicControl.init) { control = parsed }
            case 0xFF:
                let blocks = try reader.subBlockList("an application extension before frame \(frame)")
                if !sawLoopExtension, let identifier = blocks.first, GIFLoopExtension.isLooping(identifier: identifier),
                    let count = GIFLoopExtension.repeatCount(in: Array(blocks.dropFirst()))
                {
                    repeatCount = count
                    sawLoopExtension = true
                }
            default:
                // Comments, plain text (which browsers do not draw) and unknown extensions.
                _ = try reader.subBlockList("an extension (0x\(String(label, radix: 16))) before frame \(frame)")
            }
        }

        /// Reads an image and draws it: the composited frame.
        mutating func readImage(_ reader: inout GIFByteReader) throws(CodecError) -> AnimationFrame {
            let frame = frameCount
            try limits.check(width: width, height: height, frames: frame + 1, format: .gif)
            let descriptor = try GIFImageDescriptor.read(&reader, frame: frame)
            let control = self.control ?? GIFGraphicControl()
            self.control = nil
            let area = descriptor.width * descriptor.height
            if area == 0 {
                // Nothing to draw. Some encoders then write no colour table or data even when
                // the descriptor announces them: skip them only if they are really there.
                var attempt = reader
                if (try? Self.skipTableAndData(&attempt, descriptor: descriptor, frame: frame)) != nil {
                    reader = attempt
                }
                return draw(
                    GIFFramePatchBuilder.patch(
                        descriptor: descriptor, indices: UnsafeBufferPointer(start: nil, count: 0), decodedCount: 0,
                        colors: [], canvasWidth: width, canvasHeight: height, control: control))
            }
            try Self.checkImageArea(descriptor, frame: frame, limits: limits)
            let localPalette = try descriptor.localPaletteCount.map { count throws(CodecError) in
                try GIFPalette.read(&reader, count: count, "the local colour table of frame \(frame)")
            }
            guard let palette = localPalette ?? globalPalette else {
                throw .corrupt(format: .gif, reason: "frame \(frame) has no colour table (neither local nor global)")
            }
            let codeSize = Int(try reader.byte("the LZW code size of frame \(frame)"))
            let data = try reader.subBlocks("the image data of frame \(frame)")
            if indices.count < area { indices = [UInt8](repeating: 0, count: area) }
            let decoded: Int
            do {
                decoded = try data.withUnsafeBufferPointer { data throws(GIFLZWDecoder.Failure) in
                    try indices.withUnsafeMutableBufferPointer { output throws(GIFLZWDecoder.Failure) in
                        try GIFLZWDecoder.decode(
                            data, minimumCodeSize: codeSize,
                            into: UnsafeMutableBufferPointer(rebasing: output[0..<area]))
                    }
                }
            } catch {
                switch error {
                case .invalidCodeSize(let size):
                    throw .corrupt(
                        format: .gif, reason: "frame \(frame) has an LZW code size of \(size) (1-11 allowed)")
                case .undefinedCode(let code, let next):
                    throw .corrupt(
                        format: .gif, reason: "frame \(frame) has an invalid LZW code \(code) (next free code \(next))")
                }
            }
            try checkIndices(
                decoded: decoded, palette: palette, transparentIndex: control.transparentIndex, frame: frame)
            let colors = palette.lookupTable(transparentIndex: control.transparentIndex)
            let patch = indices.withUnsafeBufferPointer { indices in
                GIFFramePatchBuilder.patch(
                    descriptor: descriptor, indices: UnsafeBufferPointer(rebasing: indices[0..<area]),
                    decodedCount: decoded,
                    colors: colors, canvasWidth: width, canvasHeight: height, control: control)
            }
            return draw(patch)
        }

        /// Each stored image is held to the pixel limit (it is decoded whole, even off the canvas).
        static func checkImageArea(_ descriptor: GIFImageDescriptor, frame: Int, limits: DecodeLimits)
            throws(CodecError)
        {
            if descriptor.width * descriptor.height > limits.maxPixels {
                throw .limitExceeded(
                    format: .gif,
                    limit: ExceededLimit(
                        .pixels, found: descriptor.width * descriptor.height, maximum: limits.maxPixels,
                        measure: "\(descriptor.width)x\(descriptor.height) px"
                    ).within("frame \(frame)"))
            }
        }

        /// LZW decodes every pixel an image stores, even outside the canvas: the images'
        /// total area is held to the decoded-bytes budget too (at 4 bytes a pixel).
        static func checkStoredPixels(_ pixels: Int, frames: Int, limits: DecodeLimits) throws(CodecError) {
            if pixels > limits.maxDecodedBytes / 4 {
                let (bytes, overflow) = pixels.multipliedReportingOverflow(by: 4)
                throw .limitExceeded(
                    format: .gif,
                    limit: ExceededLimit(
                        .decodedBytes, found: overflow ? nil : bytes, maximum: limits.maxDecodedBytes,
                        measure: "decoding the \(pixels) pixels the \(frames) images store (4 bytes each)"))
            }
        }

        private static func skipTableAndData(
            _ reader: inout GIFByteReader, descriptor: GIFImageDescriptor, frame: Int
        ) throws(CodecError) {
            if let count = descriptor.localPaletteCount { _ = try reader.bytes(count * 3, "a local colour table") }
            _ = try reader.byte("an LZW code size")
            _ = try reader.subBlockList("image data")
        }

        /// Every decoded index must name a colour-table entry (or be the transparent index).
        private func checkIndices(decoded: Int, palette: GIFPalette, transparentIndex: Int?, frame: Int)
            throws(CodecError)
        {
            guard palette.count < 256 else { return }
            let largest = indices.withUnsafeBufferPointer { $0[0..<decoded].max() ?? 0 }
            guard Int(largest) >= palette.count else { return }
            let bad = indices[0..<decoded].first { Int($0) >= palette.count && Int($0) != transparentIndex }
            if let bad {
                throw .corrupt(
                    format: .gif,
                    reason: "frame \(frame) uses colour index \(bad) but its colour table has \(palette.count) entries")
            }
        }

        private mutating func draw(_ patch: FramePatch) -> AnimationFrame {
            frameCount += 1
            return compositor.draw(patch)
        }
    }
}
