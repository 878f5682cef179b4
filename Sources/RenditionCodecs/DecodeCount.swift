import Synchronization

/// Test instrumentation: how many times each input's pixels were decoded (by any decoder,
/// libpng's straight decode included) or its vector document parsed. Off until a test calls
/// `startRecording()`; then every decode of the process is counted by its bytes (length and
/// CRC-32), so a test that gives each input unique bytes can check that a whole pack decodes
/// every master once.
package enum DecodeCount {
    private static let recording = Atomic<Bool>(false)
    private static let counts = Mutex<[Key: Int]>([:])

    private struct Key: Hashable {
        let length: Int
        let crc: UInt
    }

    /// Starts counting (for the rest of the process).
    package static func startRecording() { recording.store(true, ordering: .sequentiallyConsistent) }

    /// Decodes of `bytes` counted so far.
    package static func count(of bytes: [UInt8]) -> Int {
        let key = key(bytes)
        return counts.withLock { $0[key] ?? 0 }
    }

    /// Counts one decode of `bytes` when recording.
    @inline(__always)
    package static func record(_ bytes: [UInt8]) {
        guard recording.load(ordering: .relaxed) else { return }
        let key = key(bytes)
        counts.withLock { $0[key, default: 0] += 1 }
    }

    private static func key(_ bytes: [UInt8]) -> Key {
        let crc = bytes.withUnsafeBytes { crc32($0) }
        return Key(length: bytes.count, crc: UInt(crc))
    }
}
