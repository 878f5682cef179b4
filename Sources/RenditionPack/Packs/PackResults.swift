/// A file the pack builder wrote.
public struct PackOutputFile: Sendable, Codable, Equatable {
    /// Path relative to the output folder.
    public let path: String
    /// Size in bytes.
    public let bytes: Int
    /// Pixel width.
    public let width: Int
    /// Pixel height.
    public let height: Int
    /// The byte limit it had to meet.
    public let limit: Int
    /// The size-fitting step that produced it.
    public let step: String
    /// What was given up to meet the limit (empty when lossless).
    public let givenUp: [String]
    /// Other changes made to follow the platform's rules (frames merged, loop count...).
    public let notes: [String]
}

/// Why one sticker of a pack failed.
public struct PackStickerError: Error, Sendable, CustomStringConvertible {
    /// The input file.
    public let path: String
    /// What went wrong.
    public let reason: String

    /// `PATH: reason`.
    public var description: String { "\(path): \(reason)" }
}

/// The outcome for one sticker of a pack.
public struct PackStickerResult: Sendable {
    /// The sticker's name.
    public let name: String
    /// The input file.
    public let inputPath: String
    /// The files written, or why there are none.
    public let outcome: Result<[PackOutputFile], PackStickerError>
    /// True when its outputs were already up to date.
    public var skipped = false
    /// Outputs that could not be made (one platform's file over its limit, for example) while
    /// the others were written.
    public var problems: [String] = []
    /// What packing changed about the master that the user should know (an upscale, a lint
    /// error packed anyway).
    public var notes: [String] = []
}

/// What a pack build did.
public struct PackSummary: Sendable {
    /// Per-sticker outcomes in pack order.
    public let stickers: [PackStickerResult]
    /// Pack-level problems per platform (`apple` for the Xcode catalog), e.g. too few stickers.
    public let platformProblems: [String: [String]]
    /// The size class the catalog uses.
    public let sizeClass: StickerSizeClass
    /// Whether anything failed.
    public var hasFailures: Bool {
        !platformProblems.values.allSatisfy(\.isEmpty)
            || stickers.contains { if case .failure = $0.outcome { true } else { !$0.problems.isEmpty } }
    }
}

import RenditionCore
