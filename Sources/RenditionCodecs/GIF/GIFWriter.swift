import CGIF
import RenditionCore

/// A frame ready to write: its rectangle, compressed palette indices, colour table and timing.
struct GIFEncodedFrame {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// The frame's own colour table, or `nil` for the global one.
    var localTable: GIFColorTable?
    /// The transparent index this frame uses, if any.
    var transparentIndex: Int?
    var disposal: FrameDisposal
    /// Delay in centiseconds (0–65,535).
    var delayCentiseconds: Int
    /// The `width × height` palette indices (row-major), LZW-compressed by `GIFLZWEncoder`
    /// with the code size giflib derives from the colour table in use.
    var compressed: [UInt8]
}

/// Writes a GIF89a file through giflib (`EGifOpen` with an output callback into memory).
enum GIFWriter {
    private final class Output {
        var bytes: [UInt8] = []
    }

    /// The file's bytes. `backgroundIndex` is the screen's background colour index (the
    /// transparent entry when there is one); `repeatCount` is the `NETSCAPE2.0` repeat count
    /// (`nil`: no extension); `graphicControl` says whether every frame gets a graphic control
    /// extension.
    static func write(
        width: Int, height: Int, globalTable: GIFColorTable?, backgroundIndex: Int, repeatCount: Int?,
        graphicControl: Bool, frames: [GIFEncodedFrame]
    ) throws(CodecError) -> [UInt8] {
        let output = Output()
        var status: Int32 = 0
        let gif = EGifOpen(
            Unmanaged.passUnretained(output).toOpaque(),
            { file, data, count in
                guard let file, let data, count >= 0, let user = file.pointee.UserData else { return 0 }
                Unmanaged<Output>.fromOpaque(user).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
                return count
            }, &status)
        guard let gif else { throw failure("EGifOpen", status) }
        var closed = false
        defer { if !closed { _ = EGifCloseFile(gif, nil) } }

        EGifSetGifVersion(gif, true)
        try withColorMap(globalTable) { (map) throws(CodecError) in
            try check(
                EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(backgroundIndex), map), gif,
                "the screen descriptor")
        }
        if let repeatCount {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "the loop extension")
            try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), gif, "the loop extension")
            try check(
                EGifPutExtensionBlock(gif, 3, [1, UInt8(repeatCount & 0xFF), UInt8(repeatCount >> 8)]), gif,
                "the loop extension")
            try check(EGifPutExtensionTrailer(gif), gif, "the loop extension")
        }
        for (k, frame) in frames.enumerated() {
            if graphicControl {
                let disposal: UInt8 =
                    switch frame.disposal {
                    case .none: 1
                    case .background: 2
                    case .previous: 3
                    }
                let block: [UInt8] = [
                    disposal << 2 | (frame.transparentIndex != nil ? 1 : 0),
                    UInt8(frame.delayCentiseconds & 0xFF), UInt8(frame.delayCentiseconds >> 8),
                    UInt8(frame.transparentIndex ?? 0),
                ]
                try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, block), gif, "frame \(k)'s graphic control")
            }
            if frame.localTable == nil, let stale = gif.pointee.Image.ColorMap {
                // giflib 5.2.1 drops its copy of the previous frame's local colour table
                // without freeing it when this frame has none (found by LeakSanitizer).
                GifFreeMapObject(stale)
                gif.pointee.Image.ColorMap = nil
            }
            try withColorMap(frame.localTable) { (map) throws(CodecError) in
                try check(
                    EGifPutImageDesc(
                        gif, Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), false, map),
                    gif, "frame \(k)'s image descriptor")
            }
            try writeCompressed(frame.compressed, gif, k)
        }
        closed = true
        guard EGifCloseFile(gif, &status) == GIF_OK else { throw failure("EGifCloseFile", status) }
        return output.bytes
    }

    /// Hands an LZW code stream to giflib as sub-blocks (giflib has already written the code
    /// size byte in `EGifPutImageDesc`), then the terminator.
    private static func writeCompressed(_ data: [UInt8], _ gif: UnsafeMutablePointer<GifFileType>, _ k: Int)
        throws(CodecError)
    {
        for block in GIFLZWEncoder.subBlocks(data) {
            try check(EGifPutCodeNext(gif, block), gif, "frame \(k)'s pixels")
        }
        try check(EGifPutCodeNext(gif, nil), gif, "frame \(k)'s pixels")
    }

    private static func withColorMap(
        _ table: GIFColorTable?, _ body: (UnsafeMutablePointer<ColorMapObject>?) throws(CodecError) -> Void
    ) throws(CodecError) {
        guard let table else { return try body(nil) }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: table.tableSize)
        for (i, c) in table.colors.enumerated() {
            colors[i] = GifColorType(Red: UInt8(c & 0xFF), Green: UInt8((c >> 8) & 0xFF), Blue: UInt8((c >> 16) & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(table.tableSize), colors) else {
            throw .encodingFailed(format: .gif, reason: "giflib could not allocate a colour table")
        }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    private static func check(_ result: Int32, _ gif: UnsafeMutablePointer<GifFileType>, _ what: String)
        throws(CodecError)
    {
        if result != GIF_OK { throw failure("writing \(what)", gif.pointee.Error) }
    }

    private static func failure(_ what: String, _ code: Int32) -> CodecError {
        let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return .encodingFailed(format: .gif, reason: "giflib failed \(what): \(message)")
    }
}
