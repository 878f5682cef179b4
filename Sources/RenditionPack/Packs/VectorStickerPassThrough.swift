import RenditionCodecs

extension PackStickerWork {
    /// The master's own file for `platform`, kept byte for byte, when the platform takes
    /// stickers in that vector format (`PackPlatform.vectorStickers`, Telegram's TGS) and the
    /// file follows the rule; `nil` otherwise (the sticker is then drawn and written in the
    /// platform's animated format).
    func keptVectorFile(_ bytes: [UInt8], platform: PackPlatform) throws -> PackOutputFile? {
        guard let rule = platform.vectorStickers, ImageFormat.sniff(bytes) == rule.format else { return nil }
        guard rule.problems(bytes, limits: options.limits).isEmpty else { return nil }
        let relative = PackStaging.path(platform: platform.id, name: entry.name, animated: true, fileExtension: "tgs")
        let path = "\(output)/\(relative)"
        if let slash = path.lastIndex(of: "/") { try FileSystem.createDirectory(String(path[..<slash])) }
        try AtomicFile.write(bytes, to: path, durable: false)
        return PackOutputFile(
            path: relative, bytes: bytes.count, width: rule.width, height: rule.height, limit: rule.maximumBytes,
            step: "kept as it is (\(rule.format) follows \(platform.name)'s rules)", givenUp: [], notes: [],
            platform: platform.id, animated: true)
    }
}
