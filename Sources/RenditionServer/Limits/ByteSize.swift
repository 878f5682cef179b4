import Foundation

/// Parses sizes such as `8MB`, `512KB`, `8MiB` or `1000000`: decimal units as the command
/// line's other byte counts, binary ones with an `i`.
package enum ByteSize {
    /// The number of bytes `text` stands for, or nil when it is not a size.
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = Int(digits) else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let multipliers: [String: Int] = [
            "": 1, "b": 1, "k": 1000, "kb": 1000, "m": 1_000_000, "mb": 1_000_000, "g": 1_000_000_000,
            "gb": 1_000_000_000, "kib": 1024, "mib": 1024 * 1024, "gib": 1024 * 1024 * 1024,
        ]
        guard let multiplier = multipliers[unit] else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }
}
