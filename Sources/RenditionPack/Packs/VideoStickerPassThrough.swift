import RenditionCodecs
import RenditionCore
import RenditionLint

extension PackStickerWork {
    /// The master's own WebM for `platform`, kept byte for byte, when the platform writes its
    /// animations as WebM video stickers (`PackPlatform.videoStickers`, Telegram's) and the
    /// file already follows every rule read from its container: an accepted codec, no audio
    /// where none is allowed, a frame rate no higher than allowed, the animated canvas, the
    /// byte limit and the longest duration. A constant-rate file is judged by its rate; a
    /// variable-rate one (ffmpeg drops repeated frames) by its shortest frame, which may be
    /// up to a millisecond shorter than the fastest rate's frame, as WebM keeps times in whole
    /// milliseconds (30 fps: 33 ms), and its loop as decoding times it (a last frame lasting
    /// the track's `DefaultDuration` can take it a fraction of a millisecond past the longest
    /// duration; such a file is remade, keeping its frame times). `nil` otherwise (the sticker is then made by the
    /// pipeline). Telegram loops video stickers itself, so no loop rule applies.
    func keptVideoFile(_ bytes: [UInt8], platform: PackPlatform) -> (
        file: PackOutputFile, bytes: PackStickerResult.PlatformBytes
    )? {
        guard let rule = platform.videoStickers, preferredFirst(platform).first == .webm,
            ImageFormat.sniff(bytes) == .webm, let info = try? WebMDecoder.info(bytes, limits: options.limits),
            rule.codecs.contains(info.codec), rule.allowsAudio || !info.hasAudio,
            platform.canvas(animated: true).accepts(width: info.width, height: info.height),
            bytes.count <= platform.byteLimit(animated: true), info.blockCount > 1
        else { return nil }
        let milliseconds: Double
        let shortestMilliseconds: Double
        if let rate = info.frameRate {
            guard rate.framesPerSecond <= Double(rule.maximumFramesPerSecond) + 1e-9 else { return nil }
            milliseconds = Double(info.blockCount) / rate.framesPerSecond * 1000
            shortestMilliseconds = rate.frameDelay.seconds * 1000
        } else {
            guard let duration = info.duration, let shortest = info.shortestFrame else { return nil }
            shortestMilliseconds = shortest.seconds * 1000
            guard shortestMilliseconds > 1000 / Double(rule.maximumFramesPerSecond) - 1 else { return nil }
            // Judged as the pack's validator judges it: the decoded loop, to the nanosecond.
            if let longest = platform.maximumDurationMilliseconds, duration > .milliseconds(longest) { return nil }
            milliseconds = duration.seconds * 1000
        }
        if let longest = platform.maximumDurationMilliseconds, milliseconds > Double(longest) + 0.5 { return nil }
        if let shortest = platform.minimumFrameMilliseconds, shortestMilliseconds < Double(shortest) - 0.5 {
            return nil
        }
        let file = PackOutputFile(
            path: "\(platform.id)/\(entry.name).webm", bytes: bytes.count, width: info.width, height: info.height,
            limit: platform.byteLimit(animated: true),
            step: "kept as it is (the \(info.codec) WebM follows \(platform.name)'s rules)", givenUp: [], notes: [],
            platform: platform.id, animated: true, quality: 1)
        return (file, .init(bytes: bytes, fileExtension: "webm"))
    }
}
