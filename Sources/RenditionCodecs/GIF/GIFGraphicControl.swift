import RenditionCore

/// The graphic control extension (GIF89a): how the next image is shown.
struct GIFGraphicControl: Equatable {
    /// Disposal after the image is shown.
    var disposal: FrameDisposal = .none
    /// Delay in centiseconds, as stored (0 when there is no extension).
    var delayCentiseconds: Int = 0
    /// The palette index drawn as transparent, if any.
    var transparentIndex: Int? = nil

    /// Parses the extension's first data sub-block (4 bytes: packed fields, delay, index).
    ///
    /// Disposal codes: 0 (unspecified) and 1 (do not dispose) keep the canvas, 2 clears the
    /// image's rectangle to transparent, 3 restores what was there before. 4 is read as 3,
    /// as Firefox does (some encoders set the third bit for "restore previous");
    /// 5–7 are undefined and keep the canvas. A block shorter than 4 bytes is ignored.
    init?(_ block: ArraySlice<UInt8>) {
        guard block.count >= 4 else { return nil }
        let b = Array(block.prefix(4))
        switch (b[0] >> 2) & 0x07 {
        case 2: disposal = .background
        case 3, 4: disposal = .previous
        default: disposal = .none
        }
        delayCentiseconds = Int(b[1]) | Int(b[2]) << 8
        transparentIndex = b[0] & 0x01 != 0 ? Int(b[3]) : nil
    }

    /// No extension: keep the canvas, no delay, no transparency.
    init() {}
}
