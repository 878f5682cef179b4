import RenditionCodecs
import RenditionCore

/// How a platform takes animated stickers already in its own vector format (Telegram's TGS):
/// a file that follows these rules is kept byte for byte; one that does not is drawn and
/// written in the platform's animated format instead.
public struct VectorStickerRule: Sendable, Codable, Equatable {
    /// The vector format taken as it is (`tgs`).
    public var format: ImageFormat
    /// Required canvas width (the composition's `w`).
    public var width: Int
    /// Required canvas height.
    public var height: Int
    /// Largest file, in bytes (as stored, compressed).
    public var maximumBytes: Int
    /// Longest loop, in milliseconds.
    public var maximumDurationMilliseconds: Int
    /// The frame rates the file may have, in whole frames per second (empty: any).
    public var framesPerSecond: [Int]
    /// Whether the document must carry Telegram's `"tgs": 1` member.
    public var requiresTelegramMarker: Bool
    /// Features the platform does not draw.
    public var forbiddenFeatures: [LottieFeature]

    /// Creates a rule.
    public init(
        format: ImageFormat, width: Int, height: Int, maximumBytes: Int, maximumDurationMilliseconds: Int,
        framesPerSecond: [Int] = [], requiresTelegramMarker: Bool = false, forbiddenFeatures: [LottieFeature] = []
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.maximumBytes = maximumBytes
        self.maximumDurationMilliseconds = maximumDurationMilliseconds
        self.framesPerSecond = framesPerSecond
        self.requiresTelegramMarker = requiresTelegramMarker
        self.forbiddenFeatures = forbiddenFeatures
    }

    /// What keeps `bytes` from being taken as they are, one sentence each (empty: keep the file).
    package func problems(_ bytes: [UInt8], limits: DecodeLimits = .default) -> [String] {
        guard ImageFormat.sniff(bytes) == format else { return ["not a \(format) file"] }
        var problems: [String] = []
        if bytes.count > maximumBytes {
            problems.append(
                "\(ProfileRules.grouped(bytes.count)) bytes is over the limit of \(ProfileRules.grouped(maximumBytes)) bytes"
            )
        }
        let composition: LottieComposition
        do { composition = try LottieComposition(bytes, limits: limits) } catch {
            return problems + ["\(error)"]
        }
        return problems + self.problems(of: composition, file: bytes, limits: limits)
    }

    /// What keeps the file `file`, already parsed as `composition`, from being taken as it is,
    /// besides its byte size (checked by `problems(_:limits:)`).
    package func problems(of composition: LottieComposition, file bytes: [UInt8], limits: DecodeLimits) -> [String] {
        var problems: [String] = []
        if composition.width != width || composition.height != height {
            problems.append("the canvas is \(composition.width)x\(composition.height) px, not \(width)x\(height)")
        }
        if composition.duration > FrameDelay.milliseconds(maximumDurationMilliseconds) {
            problems.append(
                "one loop lasts \((composition.duration.seconds * 1000).rounded() / 1000) s, over \(Double(maximumDurationMilliseconds) / 1000) s"
            )
        }
        if !framesPerSecond.isEmpty,
            !framesPerSecond.contains(where: { composition.frameRate == FrameRate(numerator: $0, denominator: 1) })
        {
            let allowed = framesPerSecond.map(String.init).joined(separator: " or ")
            problems.append("the frame rate is \(composition.frameRate), not \(allowed) fps")
        }
        if requiresTelegramMarker && !composition.hasTelegramMarker {
            problems.append("the document lacks Telegram's \"tgs\": 1 member")
        }
        let used = LottieComposition.features(of: bytes, limits: limits).filter(forbiddenFeatures.contains)
        if !used.isEmpty {
            problems.append(
                "it uses \(used.map(\.description).joined(separator: ", ")), which \(format) stickers may not")
        }
        return problems
    }

    /// Telegram's animated (TGS) stickers: 512 x 512, at most 64 KB, 3 s, 60 fps or 30, with
    /// none of the features Telegram's exporter refuses.
    package static let telegramSticker = VectorStickerRule(
        format: .tgs, width: 512, height: 512, maximumBytes: 64_000, maximumDurationMilliseconds: 3_000,
        framesPerSecond: [60, 30], requiresTelegramMarker: true,
        forbiddenFeatures: LottieFeature.allCases.filter { $0 != .mattes })

    /// Telegram's animated custom emoji: as stickers, on a 100 x 100 canvas.
    package static let telegramEmoji = VectorStickerRule(
        format: .tgs, width: 100, height: 100, maximumBytes: 64_000, maximumDurationMilliseconds: 3_000,
        framesPerSecond: [60, 30], requiresTelegramMarker: true,
        forbiddenFeatures: LottieFeature.allCases.filter { $0 != .mattes })
}

/// A platform's rules for video stickers beyond canvas, bytes and duration.
public struct VideoStickerRule: Sendable, Codable, Equatable {
    /// Codecs accepted.
    public var codecs: [WebMCodec]
    /// Whether an audio track may be present.
    public var allowsAudio: Bool
    /// Highest frame rate, in frames per second.
    public var maximumFramesPerSecond: Int

    /// Creates a rule.
    public init(codecs: [WebMCodec], allowsAudio: Bool, maximumFramesPerSecond: Int) {
        self.codecs = codecs
        self.allowsAudio = allowsAudio
        self.maximumFramesPerSecond = maximumFramesPerSecond
    }

    /// Telegram's video stickers and emoji: VP9, no audio, at most 30 fps.
    package static let telegram = VideoStickerRule(codecs: [.vp9], allowsAudio: false, maximumFramesPerSecond: 30)
}
