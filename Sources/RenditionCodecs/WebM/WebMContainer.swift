/// The video codecs a WebM file may carry that Rendition decodes.
public enum WebMCodec: String, Sendable, Equatable, Codable, CustomStringConvertible {
    /// VP8 (`V_VP8`).
    case vp8 = "V_VP8"
    /// VP9 (`V_VP9`).
    case vp9 = "V_VP9"

    /// `VP8` or `VP9`.
    public var description: String { self == .vp8 ? "VP8" : "VP9" }
}

/// The video track of a WebM file, as its `TrackEntry` describes it.
struct WebMVideoTrack {
    var number: UInt64 = 0
    var codec: WebMCodec = .vp9
    var width = 0
    var height = 0
    /// `AlphaMode` 1: an alpha stream rides in each block's `BlockAdditional` (ID 1).
    var hasAlpha = false
    /// `DefaultDuration`, nanoseconds per frame.
    var defaultDuration: Int?
    /// `Colour/MatrixCoefficients` (ISO/IEC 23091-4: 1 BT.709, 5/6 BT.601, 9 BT.2020), if given.
    var matrixCoefficients: Int?
    /// `Colour/Range`: 1 limited ("broadcast"), 2 full, if given.
    var range: Int?
}

/// One coded video frame: where its data (and its alpha stream's data) lie in the file.
struct WebMBlock {
    /// Presentation time in timecode ticks (`TimecodeScale` nanoseconds each).
    let timestamp: Int
    /// The VP8/VP9 frame.
    let data: Range<Int>
    /// The alpha stream's frame (`BlockAdditional` with `BlockAddID` 1), if any.
    let alpha: Range<Int>?
    /// `BlockDuration` in ticks, if given.
    let duration: Int?
    /// The block's invisible flag: the frame is decoded (later frames may refer to it) but
    /// never shown.
    let invisible: Bool
}

/// A WebM (or Matroska) file read by hand, as far as decoding its video needs: the EBML
/// header, Segment `Info` (timecode scale, duration), `Tracks`, and the video track's blocks
/// in every `Cluster`; everything else (SeekHead, Cues, Tags, audio blocks, Void) is skipped.
///
/// The reader treats the file as hostile: every element must fit inside its parent (an
/// element running past the end of the file is `corrupt`, "truncated"), the frame count and
/// canvas are checked against the limits before any frame is decoded, and laced or encoded
/// (compressed, encrypted) video blocks are refused as unsupported.
struct WebMContainer {
    /// `webm` or `matroska`.
    let docType: String
    /// Nanoseconds per timecode tick (`TimecodeScale`, 1,000,000 by default).
    let timecodeScale: Int
    /// `Duration` in ticks, if given.
    let duration: Double?
    /// The first video track.
    let video: WebMVideoTrack
    /// Whether any audio track is present.
    let hasAudio: Bool
    /// The video track's blocks, in file (decoding) order.
    let blocks: [WebMBlock]

    private static let format = ImageFormat.webm

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) throws(CodecError) {
        let reader = EBMLReader(bytes: bytes, format: Self.format)
        let fileEnd = bytes.count
        let header = try reader.element(at: 0, end: fileEnd)
        guard header.id == EBMLID.ebml else { throw .corrupt(format: Self.format, reason: "no EBML header") }
        var docType = "matroska"
        let headerEnd = try reader.end(of: header, within: fileEnd, name: "EBML header")
        try reader.children(from: header.dataStart, to: headerEnd) { (child) throws(CodecError) -> Int? in
            if child.id == EBMLID.docType { docType = try reader.string(child, end: headerEnd, name: "DocType") }
            return nil
        }
        guard docType == "webm" || docType == "matroska" else {
            throw .unsupported(format: Self.format, reason: "an EBML document of type \"\(docType)\", not WebM")
        }
        self.docType = docType

        // The Segment: the first top-level element after the header that is one.
        var offset = headerEnd
        var segment: EBMLElement?
        while offset < fileEnd {
            let element = try reader.element(at: offset, end: fileEnd)
            if element.id == EBMLID.segment {
                segment = element
                break
            }
            offset = try reader.end(of: element, within: fileEnd, name: EBMLID.name(element.id))
        }
        guard let segment else { throw .corrupt(format: Self.format, reason: "no Segment (truncated?)") }
        let segmentEnd = segment.size == nil ? fileEnd : try reader.end(of: segment, within: fileEnd, name: "Segment")

        var scale = 1_000_000
        var duration: Double?
        var tracks: [(type: UInt64, track: WebMVideoTrack, encoded: Bool, codecID: String)] = []
        var blocks: [WebMBlock] = []
        var sawTracks = false
        try reader.children(from: segment.dataStart, to: segmentEnd) { (child) throws(CodecError) -> Int? in
            switch child.id {
            case EBMLID.info:
                let end = try reader.end(of: child, within: segmentEnd, name: "Info")
                try reader.children(from: child.dataStart, to: end) { (item) throws(CodecError) -> Int? in
                    if item.id == EBMLID.timecodeScale {
                        let value = try reader.unsigned(item, end: end, name: "TimecodeScale")
                        guard value > 0, value <= 1_000_000_000 else {
                            throw .corrupt(format: Self.format, reason: "a TimecodeScale of \(value) ns")
                        }
                        scale = Int(value)
                    } else if item.id == EBMLID.duration {
                        duration = try reader.float(item, end: end, name: "Duration")
                    }
                    return nil
                }
                return nil
            case EBMLID.tracks:
                sawTracks = true
                let end = try reader.end(of: child, within: segmentEnd, name: "Tracks")
                try reader.children(from: child.dataStart, to: end) { (entry) throws(CodecError) -> Int? in
                    if entry.id == EBMLID.trackEntry { tracks.append(try Self.track(entry, reader: reader, end: end)) }
                    return nil
                }
                return nil
            case EBMLID.cluster:
                guard let video = tracks.first(where: { $0.type == 1 }) else {
                    throw .corrupt(format: Self.format, reason: "a Cluster comes before the video track is described")
                }
                return try Self.cluster(
                    child, reader: reader, end: segmentEnd, videoTrack: video.track.number,
                    into: &blocks, maxFrames: limits.maxFrames)
            default:
                return nil
            }
        }
        guard sawTracks, let video = tracks.first(where: { $0.type == 1 }) else {
            throw .corrupt(format: Self.format, reason: "no video track")
        }
        guard WebMCodec(rawValue: video.codecID) != nil else {
            throw .unsupported(
                format: Self.format, reason: "video codec \(video.codecID) (only VP8 and VP9 are decoded)")
        }
        guard !video.encoded else {
            throw .unsupported(
                format: Self.format, reason: "the video track's blocks are compressed or encrypted (ContentEncodings)")
        }
        guard !blocks.isEmpty else { throw .corrupt(format: Self.format, reason: "the video track has no frames") }
        timecodeScale = scale
        self.duration = duration
        self.video = video.track
        hasAudio = tracks.contains { $0.type == 2 }
        self.blocks = blocks
        try limits.check(
            width: video.track.width, height: video.track.height, frames: blocks.count, format: Self.format)
    }

    /// Reads a `TrackEntry`: its type, the video description, whether it has content
    /// encodings, and its codec ID.
    private static func track(
        _ entry: EBMLElement, reader: EBMLReader, end: Int
    ) throws(CodecError) -> (type: UInt64, track: WebMVideoTrack, encoded: Bool, codecID: String) {
        let entryEnd = try reader.end(of: entry, within: end, name: "TrackEntry")
        var track = WebMVideoTrack()
        var type: UInt64 = 0
        var encoded = false
        var codecID = ""
        func small(_ value: UInt64) -> Int { Int(min(value, 1 << 40)) }
        try reader.children(from: entry.dataStart, to: entryEnd) { (item) throws(CodecError) -> Int? in
            switch item.id {
            case EBMLID.trackNumber: track.number = try reader.unsigned(item, end: entryEnd, name: "TrackNumber")
            case EBMLID.trackType: type = try reader.unsigned(item, end: entryEnd, name: "TrackType")
            case EBMLID.codecID:
                codecID = try reader.string(item, end: entryEnd, name: "CodecID")
                if let codec = WebMCodec(rawValue: codecID) { track.codec = codec }
            case EBMLID.defaultDuration:
                // Kept as it is (up to Int.max): WebMFrameTiming refuses frames over a day.
                let value = try reader.unsigned(item, end: entryEnd, name: "DefaultDuration")
                if value > 0 { track.defaultDuration = Int(clamping: value) }
            case EBMLID.contentEncodings: encoded = true
            case EBMLID.video:
                let videoEnd = try reader.end(of: item, within: entryEnd, name: "Video")
                try reader.children(from: item.dataStart, to: videoEnd) { (field) throws(CodecError) -> Int? in
                    switch field.id {
                    case EBMLID.pixelWidth:
                        track.width = small(try reader.unsigned(field, end: videoEnd, name: "PixelWidth"))
                    case EBMLID.pixelHeight:
                        track.height = small(try reader.unsigned(field, end: videoEnd, name: "PixelHeight"))
                    case EBMLID.alphaMode:
                        track.hasAlpha = try reader.unsigned(field, end: videoEnd, name: "AlphaMode") == 1
                    case EBMLID.colour:
                        let colourEnd = try reader.end(of: field, within: videoEnd, name: "Colour")
                        try reader.children(from: field.dataStart, to: colourEnd) {
                            (colour) throws(CodecError) -> Int? in
                            if colour.id == EBMLID.matrixCoefficients {
                                track.matrixCoefficients = small(
                                    try reader.unsigned(colour, end: colourEnd, name: "MatrixCoefficients"))
                            } else if colour.id == EBMLID.range {
                                track.range = small(try reader.unsigned(colour, end: colourEnd, name: "Range"))
                            }
                            return nil
                        }
                    default: break
                    }
                    return nil
                }
            default: break
            }
            return nil
        }
        return (type, track, encoded, codecID)
    }

    /// Reads a `Cluster`, appending the video track's blocks; returns where it ends (a
    /// Cluster of unknown size ends at the next top-level element or at `end`).
    private static func cluster(
        _ cluster: EBMLElement, reader: EBMLReader, end: Int, videoTrack: UInt64,
        into blocks: inout [WebMBlock], maxFrames: Int
    ) throws(CodecError) -> Int {
        let clusterEnd = cluster.size == nil ? end : try reader.end(of: cluster, within: end, name: "Cluster")
        var clusterTime: Int?
        var offset = cluster.dataStart
        while offset < clusterEnd {
            let item = try reader.element(at: offset, end: clusterEnd)
            if cluster.size == nil && EBMLID.segmentChildren.contains(item.id) { return offset }
            let itemEnd = try reader.end(of: item, within: clusterEnd, name: EBMLID.name(item.id))
            switch item.id {
            case EBMLID.timecode:
                let value = try reader.unsigned(item, end: clusterEnd, name: "Timecode")
                // Room for a block's signed 16-bit offset; ticks times the scale are
                // worked out in 128 bits (WebMFrameTiming).
                guard value <= UInt64(Int.max / 2) else {
                    throw .corrupt(format: format, reason: "a Cluster Timecode of \(value) ticks")
                }
                clusterTime = Int(value)
            case EBMLID.simpleBlock, EBMLID.blockGroup:
                guard let clusterTime else {
                    throw .corrupt(format: format, reason: "a block comes before its Cluster's Timecode")
                }
                if let block = try Self.block(
                    item, end: itemEnd, reader: reader, clusterTime: clusterTime, videoTrack: videoTrack)
                {
                    blocks.append(block)
                    if blocks.count > maxFrames {
                        throw .limitExceeded(
                            format: format, limit: ExceededLimit(.frames, found: nil, maximum: maxFrames))
                    }
                }
            default: break
            }
            offset = itemEnd
        }
        return clusterEnd
    }

    /// A `SimpleBlock` or `BlockGroup` of the video track as a `WebMBlock`; `nil` for other tracks.
    private static func block(
        _ element: EBMLElement, end: Int, reader: EBMLReader, clusterTime: Int, videoTrack: UInt64
    ) throws(CodecError) -> WebMBlock? {
        var blockElement = element
        var alpha: Range<Int>?
        var duration: Int?
        if element.id == EBMLID.blockGroup {
            var found: EBMLElement?
            try reader.children(from: element.dataStart, to: end) { (item) throws(CodecError) -> Int? in
                switch item.id {
                case EBMLID.block: found = item
                case EBMLID.blockDuration:
                    // Kept as it is (up to Int.max): WebMFrameTiming refuses frames over a day.
                    duration = Int(clamping: try reader.unsigned(item, end: end, name: "BlockDuration"))
                case EBMLID.blockAdditions:
                    alpha = try Self.alphaData(item, end: end, reader: reader)
                default: break
                }
                return nil
            }
            guard let found else { throw .corrupt(format: format, reason: "a BlockGroup without a Block") }
            blockElement = found
        }
        let blockEnd = try reader.end(of: blockElement, within: end, name: "Block")
        let (track, trackLength) = try reader.variableInteger(
            at: blockElement.dataStart, end: blockEnd, keepMarker: false, what: "block track number")
        guard track == videoTrack else { return nil }
        let headerEnd = blockElement.dataStart + trackLength + 3
        guard headerEnd <= blockEnd else {
            throw .corrupt(format: format, reason: "a block ends inside its header (truncated)")
        }
        let relative = Int(
            Int16(bitPattern: UInt16(reader.bytes[headerEnd - 3]) << 8 | UInt16(reader.bytes[headerEnd - 2])))
        let flags = reader.bytes[headerEnd - 1]
        guard flags & 0x06 == 0 else { throw .unsupported(format: format, reason: "laced video blocks") }
        guard headerEnd < blockEnd else { throw .corrupt(format: format, reason: "an empty video block") }
        let timestamp = clusterTime + relative
        guard timestamp >= 0 else { throw .corrupt(format: format, reason: "a block before time zero") }
        return WebMBlock(
            timestamp: timestamp, data: headerEnd..<blockEnd, alpha: alpha, duration: duration,
            invisible: flags & 0x08 != 0)
    }

    /// The `BlockAdditional` with `BlockAddID` 1 (the alpha stream) in `BlockAdditions`, if any.
    private static func alphaData(_ additions: EBMLElement, end: Int, reader: EBMLReader) throws(CodecError) -> Range<
        Int
    >? {
        let additionsEnd = try reader.end(of: additions, within: end, name: "BlockAdditions")
        var alpha: Range<Int>?
        try reader.children(from: additions.dataStart, to: additionsEnd) { (more) throws(CodecError) -> Int? in
            guard more.id == EBMLID.blockMore else { return nil }
            let moreEnd = try reader.end(of: more, within: additionsEnd, name: "BlockMore")
            var id: UInt64 = 1
            var data: Range<Int>?
            try reader.children(from: more.dataStart, to: moreEnd) { (field) throws(CodecError) -> Int? in
                if field.id == EBMLID.blockAddID {
                    id = try reader.unsigned(field, end: moreEnd, name: "BlockAddID")
                } else if field.id == EBMLID.blockAdditional {
                    data = field.dataStart..<(try reader.end(of: field, within: moreEnd, name: "BlockAdditional"))
                }
                return nil
            }
            if id == 1, let data, !data.isEmpty { alpha = data }
            return nil
        }
        return alpha
    }
}
