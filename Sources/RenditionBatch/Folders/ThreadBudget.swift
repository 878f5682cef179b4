#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The worker threads a face may use, and how a batch spends them: stickers in parallel, one
/// per thread; when a batch has fewer stickers than threads, the spare threads go to each
/// sticker's frames. Output bytes never depend on it.
public struct ThreadBudget: Sendable, Equatable, CustomStringConvertible {
    /// The number of threads, at least 1.
    public let count: Int

    /// A budget of `count` threads (at least 1).
    public init(_ count: Int) {
        self.count = max(1, count)
    }

    /// One thread per core: the default of every face.
    public static var allCores: ThreadBudget { ThreadBudget(processorCount) }

    /// The active processor cores (at least 1), read once.
    package static let processorCount: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The threads each sticker of a batch of `stickers` uses for its frames: the budget
    /// divided among them when there are fewer stickers than threads, else 1 (the stickers
    /// themselves keep every thread busy). A single sticker gets the whole budget.
    package func frameThreads(forBatchOf stickers: Int) -> Int {
        stickers < count ? count / max(1, stickers) : 1
    }

    /// The count.
    public var description: String { String(count) }
}
