/// One EBML element header: its ID (with the length marker kept, as Matroska writes IDs),
/// where its data starts, and how long the data is (`nil` for an unknown size, which only
/// Segment and Cluster may have).
struct EBMLElement {
    let id: UInt32
    let dataStart: Int
    let size: Int?
}

/// A bounds-checked reader of EBML (the binary format of Matroska and WebM) over a byte
/// buffer: every read stays inside the buffer, and every failure is a `CodecError.corrupt`
/// saying what was cut short or malformed.
struct EBMLReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let format: ImageFormat

    /// The element header at `offset`, which must lie before `end`.
    func element(at offset: Int, end: Int) throws(CodecError) -> EBMLElement {
        let (id, idLength) = try variableInteger(at: offset, end: end, keepMarker: true, what: "element ID")
        guard idLength <= 4 else {
            throw .corrupt(format: format, reason: "an element ID of \(idLength) bytes at byte \(offset)")
        }
        let sizeOffset = offset + idLength
        let (size, sizeLength) = try variableInteger(at: sizeOffset, end: end, keepMarker: false, what: "element size")
        // All value bits set means "unknown size".
        let unknown = size == (UInt64(1) << UInt64(7 * sizeLength)) - 1
        let dataStart = sizeOffset + sizeLength
        guard unknown || size <= UInt64(Int.max / 2) else {
            throw .corrupt(format: format, reason: "an element size of \(size) bytes at byte \(offset)")
        }
        return EBMLElement(id: UInt32(id), dataStart: dataStart, size: unknown ? nil : Int(size))
    }

    /// The end of `element`'s data, which must fit before `end`.
    func end(of element: EBMLElement, within end: Int, name: String) throws(CodecError) -> Int {
        guard let size = element.size else {
            throw .corrupt(format: format, reason: "the \(name) element has an unknown size")
        }
        guard size <= end - element.dataStart else {
            throw .corrupt(format: format, reason: "the file ends inside the \(name) element (truncated)")
        }
        return element.dataStart + size
    }

    /// A variable-length integer (1 to 8 bytes; the count of leading zero bits of the first
    /// byte gives the length) at `offset`, and its length.
    func variableInteger(at offset: Int, end: Int, keepMarker: Bool, what: String) throws(CodecError) -> (UInt64, Int) {
        guard offset < end else {
            throw .corrupt(format: format, reason: "the file ends where an \(what) should be (truncated)")
        }
        let first = bytes[offset]
        guard first != 0 else { throw .corrupt(format: format, reason: "an invalid \(what) at byte \(offset)") }
        let length = first.leadingZeroBitCount + 1
        guard length <= end - offset else {
            throw .corrupt(format: format, reason: "the file ends inside an \(what) (truncated)")
        }
        var value = UInt64(keepMarker ? first : first & (0xFF >> UInt8(length)))
        for i in 1..<length { value = value << 8 | UInt64(bytes[offset + i]) }
        return (value, length)
    }

    /// An unsigned integer element's value (0 to 8 bytes, big-endian).
    func unsigned(_ element: EBMLElement, end: Int, name: String) throws(CodecError) -> UInt64 {
        let dataEnd = try self.end(of: element, within: end, name: name)
        guard dataEnd - element.dataStart <= 8 else {
            throw .corrupt(format: format, reason: "\(name) is longer than 8 bytes")
        }
        var value: UInt64 = 0
        for i in element.dataStart..<dataEnd { value = value << 8 | UInt64(bytes[i]) }
        return value
    }

    /// A float element's value (0, 4 or 8 bytes, IEEE 754 big-endian).
    func float(_ element: EBMLElement, end: Int, name: String) throws(CodecError) -> Double {
        let dataEnd = try self.end(of: element, within: end, name: name)
        var bits: UInt64 = 0
        for i in element.dataStart..<dataEnd { bits = bits << 8 | UInt64(bytes[i]) }
        switch dataEnd - element.dataStart {
        case 0: return 0
        case 4: return Double(Float(bitPattern: UInt32(bits)))
        case 8: return Double(bitPattern: bits)
        default: throw .corrupt(format: format, reason: "\(name) is a float of \(dataEnd - element.dataStart) bytes")
        }
    }

    /// A string element's value (ASCII or UTF-8; trailing NULs dropped).
    func string(_ element: EBMLElement, end: Int, name: String) throws(CodecError) -> String {
        let dataEnd = try self.end(of: element, within: end, name: name)
        var text = UnsafeBufferPointer(rebasing: bytes[element.dataStart..<dataEnd])
        while let last = text.last, last == 0 { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Calls `body` with each child element of the range `start..<end`, then moves past it.
    /// A child of unknown size is handed over with its data running to `end`; `body` returns
    /// where that child really ended.
    func children(from start: Int, to end: Int, _ body: (EBMLElement) throws(CodecError) -> Int?) throws(CodecError) {
        var offset = start
        while offset < end {
            let child = try element(at: offset, end: end)
            if let next = try body(child) {
                offset = next
            } else {
                offset = try self.end(of: child, within: end, name: EBMLID.name(child.id))
            }
        }
    }
}

/// The Matroska element IDs the WebM reader and writer use.
enum EBMLID {
    static let ebml: UInt32 = 0x1A45_DFA3
    static let ebmlVersion: UInt32 = 0x4286
    static let ebmlReadVersion: UInt32 = 0x42F7
    static let ebmlMaxIDLength: UInt32 = 0x42F2
    static let ebmlMaxSizeLength: UInt32 = 0x42F3
    static let docType: UInt32 = 0x4282
    static let docTypeVersion: UInt32 = 0x4287
    static let docTypeReadVersion: UInt32 = 0x4285
    static let segment: UInt32 = 0x1853_8067
    static let seekHead: UInt32 = 0x114D_9B74
    static let info: UInt32 = 0x1549_A966
    static let timecodeScale: UInt32 = 0x2A_D7B1
    static let duration: UInt32 = 0x4489
    static let muxingApp: UInt32 = 0x4D80
    static let writingApp: UInt32 = 0x5741
    static let tracks: UInt32 = 0x1654_AE6B
    static let trackEntry: UInt32 = 0xAE
    static let trackNumber: UInt32 = 0xD7
    static let trackUID: UInt32 = 0x73C5
    static let trackType: UInt32 = 0x83
    static let flagLacing: UInt32 = 0x9C
    static let codecID: UInt32 = 0x86
    static let defaultDuration: UInt32 = 0x23_E383
    static let contentEncodings: UInt32 = 0x6D80
    static let video: UInt32 = 0xE0
    static let pixelWidth: UInt32 = 0xB0
    static let pixelHeight: UInt32 = 0xBA
    static let alphaMode: UInt32 = 0x53C0
    static let colour: UInt32 = 0x55B0
    static let matrixCoefficients: UInt32 = 0x55B1
    static let range: UInt32 = 0x55B9
    static let cluster: UInt32 = 0x1F43_B675
    static let timecode: UInt32 = 0xE7
    static let simpleBlock: UInt32 = 0xA3
    static let blockGroup: UInt32 = 0xA0
    static let block: UInt32 = 0xA1
    static let blockDuration: UInt32 = 0x9B
    static let blockAdditions: UInt32 = 0x75A1
    static let blockMore: UInt32 = 0xA6
    static let blockAddID: UInt32 = 0xEE
    static let blockAdditional: UInt32 = 0xA5
    static let cues: UInt32 = 0x1C53_BB6B
    static let tags: UInt32 = 0x1254_C367
    static let chapters: UInt32 = 0x1043_A770
    static let attachments: UInt32 = 0x1941_A469
    static let voidElement: UInt32 = 0xEC

    /// Top-level (Segment child) IDs: one of these ends a Cluster of unknown size.
    static let segmentChildren: Set<UInt32> = [seekHead, info, tracks, cluster, cues, tags, chapters, attachments]

    /// A name for messages, read after "the" and before "element": `Cluster`, `0xEC`.
    static func name(_ id: UInt32) -> String {
        switch id {
        case ebml: "EBML header"
        case segment: "Segment"
        case info: "Info"
        case tracks: "Tracks"
        case trackEntry: "TrackEntry"
        case cluster: "Cluster"
        case blockGroup: "BlockGroup"
        case simpleBlock: "SimpleBlock"
        case block: "Block"
        case seekHead: "SeekHead"
        case cues: "Cues"
        case tags: "Tags"
        case chapters: "Chapters"
        case attachments: "Attachments"
        case blockAdditions: "BlockAdditions"
        case voidElement: "Void"
        default: "0x" + String(id, radix: 16, uppercase: true)
        }
    }
}
