/// Builds a well-formed WebM file from fuzz bytes, so that mutations land on the numbers and
/// frame headers the decoder must survive instead of being stopped by the EBML layer: the
/// timecode scale, Segment `Duration`, `DefaultDuration`, Cluster timecodes, block offsets
/// and flags, `BlockDuration`s, VP8 and VP9 frame headers (key, intra-only, inter with and
/// without their own size, frames showing an earlier one, superframes with their index) in
/// the colour and the alpha stream (`BlockAdditional`), element sizes (unknown sizes, a Void
/// element of any claimed size) and a cut anywhere.
///
/// The input is read front to back as a list of choices; past its end every choice is 0.
/// A number is chosen as a small value, a 16-, 32- or 64-bit one, a power of two or the
/// largest value, so that overflow edges are reached quickly.
enum StructuredWebM {
    /// The WebM file for `input`, or `nil` when the input is too short to describe one.
    static func make(_ input: [UInt8]) -> [UInt8]? {
        guard input.count >= 4 else { return nil }
        var r = Choices(input)
        let flags = r.byte()
        let vp8 = flags & 1 != 0
        let alpha = flags & 2 != 0
        let width = 1 + Int(r.byte())
        let height = 1 + Int(r.byte())
        let track = Track(vp8: vp8, width: width, height: height)

        var info = uint(0x2A_D7B1, [1, 1_000, 1_000_000, 1_000_000, 1_000_000_000, r.number()][Int(r.byte() % 6)])
        if flags & 4 != 0 { info += element(0x4489, bigEndian(r.double().bitPattern, count: 8)) }
        var video = uint(0xB0, UInt64(width)) + uint(0xBA, UInt64(height))
        if alpha { video += uint(0x53C0, 1) }
        var entry = uint(0xD7, 1) + uint(0x83, 1) + element(0x86, Array((vp8 ? "V_VP8" : "V_VP9").utf8))
        if flags & 8 != 0 { entry += uint(0x23_E383, r.number()) }
        entry += element(0xE0, video)
        var segment = element(0x1549_A966, info) + element(0x1654_AE6B, element(0xAE, entry))

        for _ in 0..<(1 + Int(r.byte() % 4)) {
            var cluster = uint(0xE7, r.byte() % 4 == 0 ? r.number() : UInt64(r.byte()) * 100)
            for _ in 0..<(1 + Int(r.byte() % 4)) {
                cluster += block(&r, track: track, alpha: alpha)
            }
            if r.byte() % 8 == 0 {
                // A Void element of any claimed size.
                cluster += [0xEC] + vint(r.number() & ((1 << 56) - 2), length: 8) + r.bytes(Int(r.byte() % 8))
            }
            // Unknown size (all ones) or the real one.
            segment +=
                flags & 16 != 0
                ? [0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + cluster
                : element(0x1F43_B675, cluster)
        }
        var file = element(0x1A45_DFA3, element(0x4282, Array("webm".utf8)))
        file +=
            flags & 32 != 0
            ? [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + segment
            : element(0x1853_8067, segment)
        if r.byte() % 8 == 0 { file = Array(file.prefix(Int(r.number() % UInt64(file.count + 1)))) }
        return file
    }

    struct Track {
        let vp8: Bool
        let width: Int
        let height: Int
    }

    /// A SimpleBlock or BlockGroup of track 1 (sometimes track 2), with its frame, and in a
    /// BlockGroup a BlockDuration and the alpha stream's frame.
    private static func block(_ r: inout Choices, track: Track, alpha: Bool) -> [UInt8] {
        let choice = r.byte()
        let relative: UInt16 = choice & 1 != 0 ? UInt16(truncatingIfNeeded: r.number()) : UInt16(r.byte()) * 10
        // Keyframe bit; invisible (0x08) and lacing (0x06) bits now and then.
        let blockFlags: UInt8 = 0x80 | (choice & 0x30 == 0x30 ? r.byte() & 0x0E : 0)
        let trackNumber: UInt8 = choice & 0xC0 == 0xC0 ? 0x82 : 0x81
        let frame = track.vp8 ? vp8Frame(&r, track: track) : vp9Chunk(&r, track: track)
        let body = [trackNumber] + bigEndian(UInt64(relative), count: 2) + [blockFlags] + frame
        guard choice & 2 != 0 || alpha else { return element(0xA3, body) }
        var group = element(0xA1, body)
        if choice & 4 != 0 { group += uint(0x9B, r.number()) }
        if alpha && choice & 8 == 0 {
            let additional = track.vp8 ? vp8Frame(&r, track: track) : vp9Chunk(&r, track: track)
            group += element(0x75A1, element(0xA6, uint(0xEE, 1) + element(0xA5, additional)))
        }
        return element(0xA0, group)
    }

    /// One VP9 frame, or a superframe of two or three with its index.
    private static func vp9Chunk(_ r: inout Choices, track: Track) -> [UInt8] {
        guard r.byte() % 4 == 0 else { return vp9Frame(&r, track: track) }
        let frames = (0..<(2 + Int(r.byte() % 2))).map { _ in vp9Frame(&r, track: track) }
        let sizeBytes = 1 + Int(r.byte() % 4)
        let marker = 0xC0 | UInt8(sizeBytes - 1) << 3 | UInt8(frames.count - 1)
        var index: [UInt8] = [marker]
        for frame in frames {
            // The true size, or any.
            let size = r.byte() % 8 == 0 ? r.number() : UInt64(frame.count)
            index += (0..<sizeBytes).map { UInt8(truncatingIfNeeded: size >> (8 * UInt64($0))) }
        }
        return frames.flatMap { $0 } + index + [marker]
    }

    /// A VP9 frame: an uncompressed header of the chosen kind (VP9 specification, section
    /// 6.2), then bytes from the input as the rest; or bytes from the input only.
    private static func vp9Frame(_ r: inout Choices, track: Track) -> [UInt8] {
        var bits = BitWriter()
        let kind = r.byte() % 6
        let profile = r.byte() % 8 < 6 ? 0 : Int(r.byte() % 4)
        let size =
            r.byte() % 4 == 0 ? (Int(r.number() % 65536) + 1, Int(r.number() % 65536) + 1) : (track.width, track.height)
        bits.put(2, 2)
        bits.put(profile & 1, 1)
        bits.put(profile >> 1, 1)
        if profile == 3 { bits.put(0, 1) }
        func colourConfig(_ bits: inout BitWriter, _ r: inout Choices) {
            if profile >= 2 { bits.put(Int(r.byte() & 1), 1) }
            let space = Int(r.byte() % 8)
            bits.put(space, 3)
            if space != 7 {
                bits.put(Int(r.byte() & 1), 1)
                if profile == 1 || profile == 3 { bits.put(Int(r.byte() & 6), 3) }
            } else if profile == 1 || profile == 3 {
                bits.put(0, 1)
            }
        }
        func frameSize(_ bits: inout BitWriter, _ r: inout Choices) {
            bits.put(size.0 - 1, 16)
            bits.put(size.1 - 1, 16)
            bits.put(0, 1)  // render_and_frame_size_different
        }
        switch kind {
        case 0:  // show_existing_frame
            bits.put(1, 1)
            bits.put(Int(r.byte() % 8), 3)
        case 1:  // key frame
            bits.put(0b0010, 4)  // show_existing 0, key, shown, error_resilient 0
            bits.put(0x49_8342, 24)
            colourConfig(&bits, &r)
            frameSize(&bits, &r)
        case 2:  // intra-only (hidden)
            bits.put(0b0100, 4)  // show_existing 0, not key, hidden, error_resilient 0
            bits.put(1, 1)
            bits.put(0, 2)  // reset_frame_context
            bits.put(0x49_8342, 24)
            if profile > 0 { colourConfig(&bits, &r) }
            bits.put(Int(r.byte()), 8)  // refresh_frame_flags
            frameSize(&bits, &r)
        case 3, 4:  // inter: a reference's size, or its own
            bits.put(0b0110, 4)  // show_existing 0, not key, shown, error_resilient 0
            bits.put(0, 2)
            bits.put(Int(r.byte()), 8)
            bits.put(Int(r.byte()) << 4 | Int(r.byte() & 0xF), 12)  // ref_frame_idx and sign bias
            if kind == 3 {
                bits.put(1, 1)
            } else {
                bits.put(0, 3)
                frameSize(&bits, &r)
            }
        default:  // no header: up to 64 KiB from the input as they are (a real frame, in the seeds)
            return r.bytes(Int(r.byte()) << 8 | Int(r.byte()))
        }
        return bits.bytes + r.bytes(Int(r.byte()))
    }

    /// A VP8 frame: a key frame with its start code and a size (RFC 6386, section 9.1), or an
    /// inter frame; then bytes from the input.
    private static func vp8Frame(_ r: inout Choices, track: Track) -> [UInt8] {
        let choice = r.byte()
        let key = choice % 3 != 0
        let partition = Int(r.byte()) << 8 | Int(r.byte())
        let tag = partition << 5 | 1 << 4 | (key ? 0 : 1)  // version 0, shown
        var frame = [UInt8(tag & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag >> 16 & 0xFF)]
        if key {
            let size =
                choice % 3 == 1 ? (track.width, track.height) : (Int(r.number() % 16384), Int(r.number() % 16384))
            frame += [
                0x9D, 0x01, 0x2A, UInt8(size.0 & 0xFF), UInt8(size.0 >> 8), UInt8(size.1 & 0xFF), UInt8(size.1 >> 8),
            ]
        }
        return frame + r.bytes(Int(r.byte()) << 8 | Int(r.byte()))
    }

    // EBML.

    private static func element(_ id: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let idLength = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        var length = 1
        while length < 8 && UInt64(payload.count) >= (1 << UInt64(7 * length)) - 1 { length += 1 }
        return bigEndian(UInt64(id), count: idLength) + vint(UInt64(payload.count), length: length) + payload
    }

    private static func uint(_ id: UInt32, _ value: UInt64) -> [UInt8] {
        element(id, bigEndian(value, count: max(1, (64 - value.leadingZeroBitCount + 7) / 8)))
    }

    /// `value` (which must fit) as an EBML variable-length integer of `length` bytes.
    private static func vint(_ value: UInt64, length: Int) -> [UInt8] {
        bigEndian(value | 1 << UInt64(7 * length), count: length)
    }

    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// The input read as choices.
    struct Choices {
        let input: [UInt8]
        var cursor = 0

        init(_ input: [UInt8]) { self.input = input }

        mutating func byte() -> UInt8 {
            guard cursor < input.count else { return 0 }
            defer { cursor += 1 }
            return input[cursor]
        }

        mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }

        /// A number near an edge: small, 16, 32 or 64 bits, 2^k, 2^k - 1 or the largest.
        mutating func number() -> UInt64 {
            let raw = bytes(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            switch byte() % 8 {
            case 0: return raw & 0xFF
            case 1: return raw & 0xFFFF
            case 2: return raw & 0xFFFF_FFFF
            case 3: return 1 << (raw % 64)
            case 4: return (1 << (raw % 64)) &- 1
            case 5: return .max
            default: return raw
            }
        }

        /// A double: a number, a power of ten, or any bit pattern (NaN, infinities).
        mutating func double() -> Double {
            switch byte() % 3 {
            case 0: return Double(number())
            case 1: return Double(sign: .plus, exponent: Int(byte() % 128), significand: 1)
            default: return Double(bitPattern: bytes(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            }
        }
    }

    /// Writes bits most significant first.
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var count = 0

        mutating func put(_ value: Int, _ width: Int) {
            for i in stride(from: width - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> i) & 1) << UInt8(7 - count % 8)
                count += 1
            }
        }
    }
}
