import RenditionBatch
import RenditionCodecs
import RenditionPack

/// `--limit KEY=VALUE` (the keys are `DecodeLimitKey`, parsed by `RenditionSettings`): its
/// help, and the hint that names the setting when an input exceeds a limit.
enum DecodeLimitSetting {
    /// One entry per key for `--help`, with its default.
    static var help: String {
        DecodeLimitKey.allCases.map {
            "\($0.rawValue) (\($0.counts), default \(DecodeLimits.default[keyPath: $0.limit]))"
        }
        .joined(separator: ", ")
    }

    /// What `render` prints for a failed sticker: the error, and for an exceeded limit that a
    /// setting changes, the `--limit` setting that would let a trusted file through.
    static func message(for error: StickerError) -> String {
        guard case .codec(_, .limitExceeded(_, let limit)) = error, let key = limit.key else {
            return error.description
        }
        return "\(error.description); if the file is trusted, raise it with --limit \(key.rawValue)=N"
    }
}
