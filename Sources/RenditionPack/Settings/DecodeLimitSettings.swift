import RenditionCodecs

extension DecodeLimitKey {
    /// The default limits changed by `settings`, each `KEY=VALUE` with VALUE a positive whole
    /// number; a later setting of the same key wins.
    package static func limits(from settings: [String]) throws(SettingsError) -> DecodeLimits {
        var limits = DecodeLimits.default
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let key = DecodeLimitKey(rawValue: parts[0]) else {
                throw SettingsError(.limit, .limitSyntax(setting))
            }
            guard let value = Int(parts[1]), value > 0 else { throw SettingsError(.limit, .limitValue(setting)) }
            limits[keyPath: key.limit] = value
        }
        return limits
    }
}
