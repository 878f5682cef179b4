import Foundation

/// The cores this process may use, for the default number of workers.
enum ProcessInfoCores {
    /// `ProcessInfo.activeProcessorCount`, at least 1.
    static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
