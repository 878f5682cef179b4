/// Writes a WebM file of one VP9 video track (with its alpha stream, if any), by hand:
/// EBML header, SeekHead, Info, Tracks, Clusters and Cues. Nothing depends on the time or
/// the machine, so the same frames always give the same bytes.
///
/// - Timestamps are in milliseconds (`TimecodeScale` 1,000,000), the format's usual choice.
/// - A track whose frames all last the same time gets a `DefaultDuration` in nanoseconds, so
///   readers recover the exact frame rate (`WebMFrameTiming`).
/// - Frames with an alpha stream are `BlockGroup`s: the colour frame in `Block`, the alpha
///   frame in `BlockAdditions/BlockMore/BlockAdditional` with `BlockAddID` 1, and the track
///   says `AlphaMode` 1 (what Chrome, Firefox, ffmpeg and Telegram read). Other frames are
///   `SimpleBlock`s.
/// - A new Cluster starts at each key frame and at least every 30 s (block times are 16-bit
///   offsets from their cluster's); Cues point at each cluster.
enum WebMMuxer {
    struct Frame {
        let data: [UInt8]
        let alpha: [UInt8]?
        /// Start time in ms.
        let time: Int
        let isKey: Bool
    }

    static func mux(
        frames: [Frame], width: Int, height: Int, hasAlpha: Bool, durationMilliseconds: Double,
        defaultDurationNanoseconds: Int?
    ) -> [UInt8] {
        // Segment children, built first so the SeekHead and Cues can point at them.
        var info = EBMLWriter()
        info.master(EBMLID.info) { info in
            info.unsigned(EBMLID.timecodeScale, 1_000_000)
            info.float(EBMLID.duration, durationMilliseconds)
            info.string(EBMLID.muxingApp, "Rendition")
            info.string(EBMLID.writingApp, "Rendition")
        }
        var tracks = EBMLWriter()
        tracks.master(EBMLID.tracks) { tracks in
            tracks.master(EBMLID.trackEntry) { entry in
                entry.unsigned(EBMLID.trackNumber, 1)
                entry.unsigned(EBMLID.trackUID, 1)
                entry.unsigned(EBMLID.trackType, 1)
                entry.unsigned(EBMLID.flagLacing, 0)
                entry.string(EBMLID.codecID, WebMCodec.vp9.rawValue)
                if let defaultDurationNanoseconds {
                    entry.unsigned(EBMLID.defaultDuration, UInt64(defaultDurationNanoseconds))
                }
                entry.master(EBMLID.video) { video in
                    video.unsigned(EBMLID.pixelWidth, UInt64(width))
                    video.unsigned(EBMLID.pixelHeight, UInt64(height))
                    if hasAlpha { video.unsigned(EBMLID.alphaMode, 1) }
                }
            }
        }
        // Clusters, and where each starts relative to the first.
        var clusters: [[UInt8]] = []
        var clusterTimes: [Int] = []
        var current = EBMLWriter()
        var clusterTime = 0
        var previousTime = 0
        func closeCluster() {
            guard !current.bytes.isEmpty else { return }
            var cluster = EBMLWriter()
            cluster.element(EBMLID.cluster, current.bytes)
            clusters.append(cluster.bytes)
            current = EBMLWriter()
        }
        for frame in frames {
            if current.bytes.isEmpty || frame.isKey || frame.time - clusterTime > 30_000 {
                closeCluster()
                clusterTime = frame.time
                clusterTimes.append(clusterTime)
                current.unsigned(EBMLID.timecode, UInt64(clusterTime))
            }
            let relative = UInt16(bitPattern: Int16(frame.time - clusterTime))
            // Track 1 as a one-byte variable-length integer, the time, then flags.
            let header: [UInt8] = [0x81, UInt8(relative >> 8), UInt8(relative & 0xFF)]
            if let alpha = frame.alpha {
                current.master(EBMLID.blockGroup) { group in
                    group.element(EBMLID.block, header + [0x00] + frame.data)
                    if !frame.isKey {
                        // A signed offset to the frame this one refers to: the one before.
                        let offset = previousTime - frame.time
                        let bits = UInt16(bitPattern: Int16(max(-32_768, offset)))
                        group.element(referenceBlockID, [UInt8(bits >> 8), UInt8(bits & 0xFF)])
                    }
                    group.master(EBMLID.blockAdditions) { additions in
                        additions.master(EBMLID.blockMore) { more in
                            more.unsigned(EBMLID.blockAddID, 1)
                            more.element(EBMLID.blockAdditional, alpha)
                        }
                    }
                }
            } else {
                current.element(EBMLID.simpleBlock, header + [frame.isKey ? 0x80 : 0x00] + frame.data)
            }
            previousTime = frame.time
        }
        closeCluster()

        // SeekHead with fixed-width (8-byte) positions, so its size does not depend on them.
        func seekHead(info: Int, tracks: Int, cues: Int) -> [UInt8] {
            var writer = EBMLWriter()
            writer.master(EBMLID.seekHead) { head in
                for (id, position) in [(EBMLID.info, info), (EBMLID.tracks, tracks), (EBMLID.cues, cues)] {
                    head.master(seekID) { seek in
                        seek.element(seekIDID, idBytes(id))
                        seek.element(
                            seekPositionID, (0..<8).reversed().map { UInt8(truncatingIfNeeded: position >> (8 * $0)) })
                    }
                }
            }
            return writer.bytes
        }
        let headSize = seekHead(info: 0, tracks: 0, cues: 0).count
        let infoPosition = headSize
        let tracksPosition = infoPosition + info.bytes.count
        var clusterPosition = tracksPosition + tracks.bytes.count
        var cues = EBMLWriter()
        cues.master(EBMLID.cues) { cues in
            for (cluster, time) in zip(clusters, clusterTimes) {
                cues.master(cuePointID) { point in
                    point.unsigned(cueTimeID, UInt64(time))
                    point.master(cueTrackPositionsID) { positions in
                        positions.unsigned(cueTrackID, 1)
                        positions.unsigned(cueClusterPositionID, UInt64(clusterPosition))
                    }
                }
                clusterPosition += cluster.count
            }
        }
        var segment = seekHead(info: infoPosition, tracks: tracksPosition, cues: clusterPosition)
        segment += info.bytes
        segment += tracks.bytes
        for cluster in clusters { segment += cluster }
        segment += cues.bytes

        var file = EBMLWriter()
        file.master(EBMLID.ebml) { header in
            header.unsigned(EBMLID.ebmlVersion, 1)
            header.unsigned(EBMLID.ebmlReadVersion, 1)
            header.unsigned(EBMLID.ebmlMaxIDLength, 4)
            header.unsigned(EBMLID.ebmlMaxSizeLength, 8)
            header.string(EBMLID.docType, "webm")
            // BlockAdditions and AlphaMode came with version 4 of the format.
            header.unsigned(EBMLID.docTypeVersion, hasAlpha ? 4 : 2)
            header.unsigned(EBMLID.docTypeReadVersion, 2)
        }
        file.element(EBMLID.segment, segment)
        return file.bytes
    }

    private static let referenceBlockID: UInt32 = 0xFB
    private static let seekID: UInt32 = 0x4DBB
    private static let seekIDID: UInt32 = 0x53AB
    private static let seekPositionID: UInt32 = 0x53AC
    private static let cuePointID: UInt32 = 0xBB
    private static let cueTimeID: UInt32 = 0xB3
    private static let cueTrackPositionsID: UInt32 = 0xB7
    private static let cueTrackID: UInt32 = 0xF7
    private static let cueClusterPositionID: UInt32 = 0xF1

    private static func idBytes(_ id: UInt32) -> [UInt8] {
        let length = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        return (0..<length).reversed().map { UInt8(truncatingIfNeeded: id >> (8 * UInt32($0))) }
    }
}
