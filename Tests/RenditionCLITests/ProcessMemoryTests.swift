import Foundation
import Testing

@testable import rendition

/// `ProcessMemory`, which `rendition render` reports peak memory with.
@Suite("Process memory")
struct ProcessMemoryTests {
    /// A field of `/proc/self/status` in bytes (the kernel reports kB).
    static func statusBytes(_ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try #require(line.split(separator: " ").compactMap { Int($0) }.first) * 1024
    }

    @Test("the peak resident set is in bytes, at least the current resident set, and covers 64 MiB just touched")
    func peakResidentBytes() throws {
        var block = [UInt8](repeating: 1, count: 64 << 20)
        block[block.count - 1] = 2
        // Other tests run in parallel and allocate; the resident set read first is
        // at most the peak read after it, whatever they do in between.
        let resident = try Self.statusBytes("VmRSS")
        let peak = try #require(ProcessMemory.peakResidentBytes())
        #expect(peak >= resident && peak >= 64 << 20, "peak \(peak), resident \(resident)")
        #expect(peak <= (try Self.statusBytes("VmHWM")), "the peak only grows")
        #expect(block[block.count - 1] == 2)
    }
}
