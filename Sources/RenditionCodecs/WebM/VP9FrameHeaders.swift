/// The frames of one VP9 chunk (a WebM block) and the frame size each states, read from the
/// uncompressed headers (VP9 bitstream specification, section 6.2) without decoding: for
/// checking every size before libvpx allocates for it.
///
/// A chunk is one frame or a superframe (Annex B): frames one after another, then an index
/// of their sizes whose first and last byte is a marker `110mmfff`. The index is read as
/// libvpx reads it. Key frames and intra-only frames always state a size; an inter frame
/// states one when it takes its size from no reference (`frame_size_with_refs`); a frame
/// that shows an existing one states none.
struct VP9FrameHeaders {
    /// One frame of the chunk.
    struct Frame {
        /// Where the frame lies in the chunk.
        let range: Range<Int>
        /// The kind of frame, for messages: `a key frame`, `an intra-only frame`, `an inter
        /// frame` or `a frame showing an earlier one`.
        let kind: String
        /// The size the header states, if it states one.
        let size: (width: Int, height: Int)?
    }

    /// The frames, in order.
    let frames: [Frame]
    /// Whether the chunk ends with a superframe index.
    let hasIndex: Bool

    /// Reads `chunk`; a malformed index or a header cut short or invalid (one libvpx would
    /// also refuse) is `corrupt`, with `reason` naming the frame.
    init(_ chunk: UnsafeBufferPointer<UInt8>) throws(CodecError) {
        var ranges: [Range<Int>] = []
        if let last = chunk.last, last & 0xE0 == 0xC0 {
            let count = Int(last & 0x7) + 1
            let sizeBytes = Int((last >> 3) & 0x3) + 1
            let indexSize = 2 + sizeBytes * count
            guard chunk.count >= indexSize, chunk[chunk.count - indexSize] == last else {
                throw .corrupt(format: .webm, reason: "a VP9 superframe index is damaged")
            }
            var cursor = chunk.count - indexSize + 1
            var start = 0
            for i in 0..<count {
                var size = 0
                for j in 0..<sizeBytes { size |= Int(chunk[cursor + j]) << (8 * j) }
                cursor += sizeBytes
                // As libvpx checks: each frame within the chunk (the index included).
                guard size <= chunk.count - start else {
                    throw .corrupt(
                        format: .webm,
                        reason: "VP9 superframe frame \(i + 1) of \(count) is \(size) bytes, past the end of the block")
                }
                ranges.append(start..<(start + size))
                start += size
            }
            hasIndex = true
        } else {
            ranges = [0..<chunk.count]
            hasIndex = false
        }
        var frames: [Frame] = []
        for (i, range) in ranges.enumerated() {
            do {
                frames.append(try Self.frame(UnsafeBufferPointer(rebasing: chunk[range]), range: range))
            } catch {
                let which = ranges.count > 1 ? "superframe frame \(i + 1) of \(ranges.count): " : ""
                throw .corrupt(format: .webm, reason: which + error.reason)
            }
        }
        self.frames = frames
    }

    /// Why a header cannot be read.
    struct HeaderError: Error {
        let reason: String
    }

    /// The header of one frame.
    private static func frame(_ data: UnsafeBufferPointer<UInt8>, range: Range<Int>) throws(HeaderError) -> Frame {
        var bits = BitReader(data)
        guard try bits.read(2) == 2 else { throw HeaderError(reason: "invalid VP9 frame marker") }
        var profile = try bits.read(1)
        profile |= try bits.read(1) << 1
        if profile == 3 {
            guard try bits.read(1) == 0 else { throw HeaderError(reason: "unsupported VP9 profile") }
        }
        if try bits.read(1) == 1 {  // show_existing_frame
            return Frame(range: range, kind: "a frame showing an earlier one", size: nil)
        }
        let keyFrame = try bits.read(1) == 0
        let showFrame = try bits.read(1) == 1
        let errorResilient = try bits.read(1) == 1
        if keyFrame {
            try syncCode(&bits)
            try colourConfig(&bits, profile: profile)
            return Frame(range: range, kind: "a key frame", size: try frameSize(&bits))
        }
        let intraOnly = showFrame ? false : try bits.read(1) == 1
        if !errorResilient { _ = try bits.read(2) }  // reset_frame_context
        if intraOnly {
            try syncCode(&bits)
            if profile > 0 { try colourConfig(&bits, profile: profile) }
            _ = try bits.read(8)  // refresh_frame_flags
            return Frame(range: range, kind: "an intra-only frame", size: try frameSize(&bits))
        }
        _ = try bits.read(8)  // refresh_frame_flags
        _ = try bits.read(3 * 4)  // ref_frame_idx and ref_frame_sign_bias, three times
        for _ in 0..<3 {
            // found_ref: the size of a reference (checked when that frame was decoded).
            if try bits.read(1) == 1 { return Frame(range: range, kind: "an inter frame", size: nil) }
        }
        return Frame(range: range, kind: "an inter frame", size: try frameSize(&bits))
    }

    private static func syncCode(_ bits: inout BitReader) throws(HeaderError) {
        guard try bits.read(24) == 0x49_8342 else { throw HeaderError(reason: "invalid VP9 frame sync code") }
    }

    /// `color_config()`: bit depth, colour space, range and subsampling (skipped).
    private static func colourConfig(_ bits: inout BitReader, profile: Int) throws(HeaderError) {
        if profile >= 2 { _ = try bits.read(1) }
        let colourSpace = try bits.read(3)
        if colourSpace != 7 {  // not CS_RGB
            _ = try bits.read(1)
            if profile == 1 || profile == 3 { _ = try bits.read(3) }
        } else if profile == 1 || profile == 3 {
            _ = try bits.read(1)
        }
    }

    /// `frame_size()`: 16 bits each, minus one.
    private static func frameSize(_ bits: inout BitReader) throws(HeaderError) -> (width: Int, height: Int) {
        let width = try bits.read(16) + 1
        return (width, try bits.read(16) + 1)
    }

    /// Reads bits most significant first; running out is a header cut short.
    private struct BitReader {
        let data: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ data: UnsafeBufferPointer<UInt8>) { self.data = data }

        mutating func read(_ count: Int) throws(HeaderError) -> Int {
            var value = 0
            for _ in 0..<count {
                let byte = position >> 3
                guard byte < data.count else { throw HeaderError(reason: "the VP9 frame header is cut short") }
                value = value << 1 | Int(data[byte] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return value
        }
    }
}
