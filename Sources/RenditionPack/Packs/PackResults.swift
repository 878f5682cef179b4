import RenditionCore

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
    /// The platform the file is for (`nil` for Apple's catalog and renditions).
    public var platform: String?
    /// Whether the file is animated (platform files).
    public var animated: Bool?
    /// How close the file stays to the rendition it was fitted from (`TargetReport.quality`):
    /// 1 for a lossless file; `nil` when not measured (a file up to date from an
    /// earlier build).
    public var quality: Double?

    /// Describes a written file.
    package init(
        path: String, bytes: Int, width: Int, height: Int, limit: Int, step: String, givenUp: [String], notes: [String],
        platform: String? = nil, animated: Bool? = nil, quality: Double? = nil
    ) {
        self.path = path
        self.bytes = bytes
        self.width = width
        self.height = height
        self.limit = limit
        self.step = step
        self.givenUp = givenUp
        self.notes = notes
        self.platform = platform
        self.animated = animated
        self.quality = quality
    }

    /// The same file at another path.
    package func moved(to newPath: String) -> PackOutputFile {
        PackOutputFile(
            path: newPath, bytes: bytes, width: width, height: height, limit: limit, step: step, givenUp: givenUp,
            notes: notes, platform: platform, animated: animated, quality: quality)
    }
}

/// Why one sticker of a pack failed.
public struct PackStickerError: Error, Sendable, CustomStringConvertible {
    /// The input file.
    public let path: String
    /// What went wrong.
    public let reason: String

    /// `PATH: reason` (never an empty reason: see `StatedReason`).
    public var description: String { "\(path): \(StatedReason.stated(reason, otherwise: StatedReason.unstated))" }
}

/// The outcome for one sticker of a pack.
public struct PackStickerResult: Sendable {
    /// Creates a result.
    package init(name: String, inputPath: String, outcome: Result<[PackOutputFile], PackStickerError>) {
        self.name = name
        self.inputPath = inputPath
        self.outcome = outcome
    }

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

    /// A platform file's bytes, held until the pack writer places them.
    struct PlatformBytes: Sendable {
        let bytes: [UInt8]
        let fileExtension: String
    }
    /// The platform files made in this run, by platform id (an up-to-date sticker's are read
    /// back by the pack writer).
    var platformBytes: [String: PlatformBytes] = [:]
    /// Whether a platform file of the sticker went into no pack (it is then not recorded as up
    /// to date).
    var leftOutOfPacks = false
    /// The fingerprints the manifest records for the sticker.
    var inputHash = "", optionsHash = ""
}

/// What a pack build did.
public struct PackSummary: Sendable {
    /// Per-sticker outcomes in pack order (platform files at their place in the packs).
    public let stickers: [PackStickerResult]
    /// The packs written for each platform, in order.
    package var packs: [String: [PlannedPack]] = [:]
    /// Pack-level notes per platform that are not failures (default emojis used, for example).
    public var platformNotes: [String: [String]] = [:]
    /// Pack-level problems per platform (`apple` for the Xcode catalog), e.g. too few stickers.
    public let platformProblems: [String: [String]]
    /// The size class the catalog uses.
    public let sizeClass: StickerSizeClass
    /// The top-level folders of the output this build owns (Apple's, and one per platform), as
    /// recorded for the next build (`PackOwnedFolders`) and listed in `pack-report.json`.
    public var folders: [String] = []
    /// The folders an earlier build recorded and this one no longer makes, removed.
    package var removedFolders: [String] = []
    /// Whether anything failed.
    public var hasFailures: Bool {
        !platformProblems.values.allSatisfy(\.isEmpty)
            || stickers.contains { if case .failure = $0.outcome { true } else { !$0.problems.isEmpty } }
    }
}
