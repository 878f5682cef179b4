import RenditionLint

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One pack written for a platform.
package struct PlannedPack: Sendable, Equatable {
    /// The platform identifier.
    package let platform: String
    /// The pack's identifier, also its folder name inside the platform folder.
    package let identifier: String
    /// The pack's title.
    package let title: String
    /// Whether the pack holds animations (`nil` when it may hold both).
    package let animated: Bool?
    /// Sticker names in pack order.
    package let stickers: [String]
}

/// Splits a platform's stickers into packs the platform accepts: stills and animations apart
/// where it wants them apart; a group over the maximum into balanced packs `BASE-1`,
/// `BASE-2`...; for platforms with fixed counts (LINE's 8, 16, 24...) the largest counts
/// the stickers fill, the rest left out. What cannot be met is a problem, never silent.
enum PackPlanner {
    /// A sticker to place.
    struct Item {
        let name: String
        let animated: Bool
    }

    static func plan(_ items: [Item], platform: PackPlatform, base: String, title: String) -> (
        packs: [PlannedPack], problems: [String]
    ) {
        var groups: [(animated: Bool?, items: [Item])] = []
        if platform.separatesStillAndAnimated == true {
            let stills = items.filter { !$0.animated }, animations = items.filter(\.animated)
            if !stills.isEmpty { groups.append((false, stills)) }
            if !animations.isEmpty { groups.append((true, animations)) }
        } else if !items.isEmpty {
            groups.append((nil, items))
        }
        let kindSuffix = groups.count > 1
        var packs: [PlannedPack] = []
        var problems: [String] = []
        for group in groups {
            let kind = group.animated.map { $0 ? "animated" : "still" } ?? "sticker"
            var parts: [[Item]] = []
            if let allowed = platform.allowedCounts(animated: group.animated ?? false)?.sorted(),
                let smallest = allowed.first
            {
                var remaining = group.items[...]
                while let take = allowed.last(where: { $0 <= remaining.count }) {
                    parts.append(Array(remaining.prefix(take)))
                    remaining = remaining.dropFirst(take)
                }
                if !remaining.isEmpty {
                    let names = remaining.map(\.name).joined(separator: ", ")
                    if parts.isEmpty {
                        problems.append(
                            "\(group.items.count) \(kind) sticker(s); \(platform.name) takes \(list(allowed)) per pack, so no \(kind) pack was written (\(platform.source(of: .allowedCounts)))"
                        )
                    } else {
                        problems.append(
                            "\(group.items.count) \(kind) stickers; \(platform.name) takes \(list(allowed)) per pack: \(remaining.count) left out (\(names)); add \(smallest - remaining.count % smallest) more or remove them (\(platform.source(of: .allowedCounts)))"
                        )
                    }
                }
            } else {
                let count = group.items.count
                if let minimum = platform.minimumStickers, count < minimum {
                    problems.append(
                        "\(count) \(kind) sticker(s); \(platform.name) needs at least \(minimum) per pack, so no pack was written (\(platform.source(of: .stickerCount)))"
                    )
                    continue
                }
                let maximum = platform.maximumStickers ?? count
                let packCount = max(1, (count + maximum - 1) / maximum)
                var start = 0
                for index in 0..<packCount {
                    let size = count / packCount + (index < count % packCount ? 1 : 0)
                    parts.append(Array(group.items[start..<(start + size)]))
                    start += size
                }
            }
            for (index, part) in parts.enumerated() {
                var identifier = base
                var packTitle = title
                if kindSuffix, let animated = group.animated {
                    identifier += animated ? "-animated" : "-still"
                    packTitle += animated ? " (animated)" : " (still)"
                }
                if parts.count > 1 {
                    identifier += "-\(index + 1)"
                    packTitle += " \(index + 1)"
                }
                if let rule = platform.metadata?.identifier { identifier = rule.sanitized(identifier) }
                if let maximum = platform.metadata?.maximumNameLength { packTitle = String(packTitle.prefix(maximum)) }
                packs.append(
                    PlannedPack(
                        platform: platform.id, identifier: identifier, title: packTitle,
                        animated: group.animated, stickers: part.map(\.name)))
            }
        }
        return (packs, problems)
    }

    static func list(_ counts: [Int]) -> String {
        counts.count == 1
            ? "\(counts[0])" : counts.dropLast().map(String.init).joined(separator: ", ") + " or \(counts.last!)"
    }

    /// A folder- and identifier-safe form of a pack name: letters, digits, `.`, `_` and `-`.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
            {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") && !result.isEmpty {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        while result.contains("..") { result = result.replacing("..", with: ".") }
        return result.isEmpty ? "stickers" : result
    }
}
