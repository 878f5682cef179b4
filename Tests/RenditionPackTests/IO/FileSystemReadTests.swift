import RenditionPack
import RenditionTestSupport
import Testing
import RenditionBatch

/// `FileSystem.read(_:upTo:)`, which every command reads its inputs with.
@Suite("Reading input files")
struct FileSystemReadTests {
    @Test("reading stops after the input limit: a file that never ends is refused, not held in memory")
    func boundedRead() throws {
        let bytes = try FileSystem.read("/dev/zero", upTo: 1_000)
        #expect(bytes.count == 1_001)
        let whole = try FileSystem.read(Fixtures.path("gif/wuffs/muybridge.gif"), upTo: 1 << 20)
        #expect(whole == (try Fixtures.bytes("gif/wuffs/muybridge.gif")))
    }
}
