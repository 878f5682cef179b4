import Dispatch
import Foundation
import RenditionBatch
import RenditionTestSupport
import Testing

/// `PendingFlush`: files written with `AtomicFile.write(_:to:deferringFlushTo:)` hold their
/// bytes, are recorded in write order, and the record is emptied by a flush. That the flush
/// reaches the disk (`fsync` of each file and folder, no `sync`) is traced in
/// `DurableWriteTraceTests` of the command-line tests.
@Suite("Deferred flushes")
struct PendingFlushTests {
    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("Deferred writes hold their bytes, are recorded in order, and a flush empties the record")
    func recordAndFlush() throws {
        let folder = try TemporaryFolder.make("rendition-pending")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/sub", withIntermediateDirectories: false)
        let pending = PendingFlush()
        #expect(pending.pendingPaths.isEmpty)
        let data = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let paths = ["\(folder)/a.png", "\(folder)/sub/b.png", "\(folder)/c.png"]
        for (k, path) in paths.enumerated() {
            try AtomicFile.write(Array(data[k...]), to: path, deferringFlushTo: pending)
        }
        // Replacing a file already recorded records it again; the flush takes it once.
        try AtomicFile.write([1, 2, 3], to: paths[2], deferringFlushTo: pending)
        #expect(pending.pendingPaths == paths + [paths[2]])
        #expect(try Self.bytes(paths[0]) == data)
        #expect(try Self.bytes(paths[1]) == Array(data[1...]))
        #expect(try Self.bytes(paths[2]) == [1, 2, 3])

        try pending.flush()
        #expect(pending.pendingPaths.isEmpty)
        // The files are untouched by the flush, and a second flush has nothing to do.
        #expect(try Self.bytes(paths[0]) == data)
        try pending.flush()
        #expect(pending.pendingPaths.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.png", "c.png", "sub"])
    }

    @Test("A recorded file removed before the flush is left out, and the others are flushed")
    func removedBeforeFlush() throws {
        let folder = try TemporaryFolder.make("rendition-pending")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pending = PendingFlush()
        try AtomicFile.write([1], to: "\(folder)/gone.png", deferringFlushTo: pending)
        try AtomicFile.write([2], to: "\(folder)/kept.png", deferringFlushTo: pending)
        try FileManager.default.removeItem(atPath: "\(folder)/gone.png")
        try pending.flush()
        #expect(pending.pendingPaths.isEmpty)
        #expect(try Self.bytes("\(folder)/kept.png") == [2])
    }

    @Test("Writes from many threads are all recorded")
    func concurrentWrites() throws {
        let folder = try TemporaryFolder.make("rendition-pending")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pending = PendingFlush()
        DispatchQueue.concurrentPerform(iterations: 200) { k in
            try? AtomicFile.write([UInt8(k & 255)], to: "\(folder)/f\(k).png", deferringFlushTo: pending)
        }
        #expect(Set(pending.pendingPaths) == Set((0..<200).map { "\(folder)/f\($0).png" }))
        #expect(pending.pendingPaths.count == 200)
        try pending.flush()
        #expect(pending.pendingPaths.isEmpty)
        for k in [0, 99, 199] { #expect(try Self.bytes("\(folder)/f\(k).png") == [UInt8(k)]) }
    }
}
