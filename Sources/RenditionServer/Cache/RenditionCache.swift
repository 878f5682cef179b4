import Foundation
import RenditionBatch
import Synchronization

/// Renditions by content address: the key is the SHA-256 of the master's bytes and of the
/// options that change output bytes (`CacheKey`), so an entry never goes stale and any number
/// of servers can share a disk cache. Kept in memory up to a byte budget (the least recently
/// used go first) and, with a folder, on disk, each file written atomically (temporary file,
/// then rename) so a reader never sees half a file.
package final class RenditionCache: Sendable {
    private struct Memory {
        var entries: [String: (bytes: [UInt8], used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let memory = Mutex(Memory())
    /// The most bytes kept in memory.
    package let memoryBudget: Int
    /// The folder of the disk cache, if any.
    package let folder: String?

    /// Creates a cache; the folder is created when missing.
    package init(memoryBudget: Int, folder: String?) throws {
        self.memoryBudget = max(0, memoryBudget)
        self.folder = folder
        if let folder { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    }

    /// The bytes stored under `key`, from memory or else from disk (then kept in memory too).
    package func get(_ key: String) -> [UInt8]? {
        let found: [UInt8]? = memory.withLock { memory in
            guard let entry = memory.entries[key] else { return nil }
            memory.clock += 1
            memory.entries[key] = (entry.bytes, memory.clock)
            return entry.bytes
        }
        if let found { return found }
        guard let path = diskPath(key), let bytes = try? FileSystem.read(path) else { return nil }
        remember(key, bytes)
        return bytes
    }

    /// Stores `bytes` under `key` in memory and, with a folder, on disk.
    package func put(_ key: String, _ bytes: [UInt8]) {
        remember(key, bytes)
        if let path = diskPath(key) {
            let folder = (path as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // A failed disk write only costs a later render.
            try? AtomicFile.write(bytes, to: path)
        }
    }

    private func remember(_ key: String, _ bytes: [UInt8]) {
        guard bytes.count <= memoryBudget else { return }
        memory.withLock { memory in
            memory.clock += 1
            if let old = memory.entries[key] { memory.bytes -= old.bytes.count }
            memory.entries[key] = (bytes, memory.clock)
            memory.bytes += bytes.count
            while memory.bytes > memoryBudget,
                let oldest = memory.entries.min(by: { $0.value.used < $1.value.used })
            {
                memory.bytes -= oldest.value.bytes.count
                memory.entries[oldest.key] = nil
            }
        }
    }

    /// `FOLDER/ab/KEY` for a key of hex digits; nil without a folder or for another key.
    func diskPath(_ key: String) -> String? {
        guard let folder, key.count >= 8, key.allSatisfy({ $0.isHexDigit || $0 == "." || $0.isLetter }) else {
            return nil
        }
        return "\(folder)/\(key.prefix(2))/\(key)"
    }
}
