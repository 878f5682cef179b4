import Foundation

/// The current process's memory use, as the kernel reports it.
enum ProcessMemory {
    /// Peak resident set size of this process image in bytes (`VmHWM` in
    /// `/proc/self/status` on Linux), or `nil` where that is not available. Unlike
    /// `getrusage`, it does not include memory of the process before `exec`.
    static func peakResidentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kilobytes = digits.first { return kilobytes * 1024 }
        }
        return nil
    }
}
