import RenditionCodecs
import RenditionLint

extension PackStickerWork {
    /// The master's own file for `platform`, kept byte for byte, when the platform takes
    /// stickers in that vector format (`PackPlatform.vectorStickers`, Telegram's TGS) and the
    /// file follows the rule; `nil` otherwise (the sticker is then drawn and written in the
    /// platform's animated format).
    func keptVectorFile(_ bytes: [UInt8], composition: LottieComposition?, platform: PackPlatform) -> (
        file: PackOutputFile, bytes: PackStickerResult.PlatformBytes
    )? {
        guard let rule = platform.vectorStickers, let composition, composition.format == rule.format,
            bytes.count <= rule.maximumBytes,
            rule.problems(of: composition, file: bytes, limits: options.limits).isEmpty
        else { return nil }
        let file = PackOutputFile(
            path: "\(platform.id)/\(entry.name).tgs", bytes: bytes.count, width: rule.width, height: rule.height,
            limit: rule.maximumBytes, step: "kept as it is (\(rule.format) follows \(platform.name)'s rules)",
            givenUp: [], notes: [], platform: platform.id, animated: true, quality: 1)
        return (file, .init(bytes: bytes, fileExtension: "tgs"))
    }
}
