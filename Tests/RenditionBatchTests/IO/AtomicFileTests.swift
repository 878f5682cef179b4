import Foundation
import RenditionBatch
import RenditionTestSupport
import Testing

/// `AtomicFile.write`: new files (written unnamed and linked on Linux), replaced files (named
/// temporary file and rename), permissions, and nothing left behind.
@Suite("Atomic file writes")
struct AtomicFileTests {
    static func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("New and replaced files hold exactly their bytes, mode 0644, with no temporary file left")
    func newAndReplaced() throws {
        let folder = try TemporaryFolder.make("rendition-atomic")
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let pending = PendingFlush()
        for k in 0..<50 {
            if k % 2 == 0 {
                try AtomicFile.write(Array(bytes[k...]), to: "\(folder)/f\(k).png")
            } else {
                try AtomicFile.write(Array(bytes[k...]), to: "\(folder)/f\(k).png", deferringFlushTo: pending)
            }
        }
        try pending.flush()
        // Replacing: the name exists, so the named temporary file and rename are used.
        try AtomicFile.write([9, 8, 7], to: "\(folder)/f3.png")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == (0..<50).map { "f\($0).png" }.sorted())
        for k in 0..<50 where k != 3 {
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/f\(k).png"))) == Array(bytes[k...]))
            #expect(try Self.permissions("\(folder)/f\(k).png") == 0o644)
        }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/f3.png"))) == [9, 8, 7])
        #expect(try Self.permissions("\(folder)/f3.png") == 0o644)
    }

    @Test("Writing into a missing folder or onto a folder is a FileError, leaving nothing")
    func failures() throws {
        let folder = try TemporaryFolder.make("rendition-atomic")
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: "\(folder)/missing/file.png") }
        try FileManager.default.createDirectory(atPath: "\(folder)/taken", withIntermediateDirectories: false)
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: "\(folder)/taken") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/taken").isEmpty)
    }
}
