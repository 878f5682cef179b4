import RenditionCore
import RenditionPipeline
import Testing

/// `rendition --version` prints the one version of Rendition.
@Suite("rendition --version")
struct VersionCommandTests {
    @Test("--version prints RenditionVersion and exits 0")
    func version() throws {
        let result = try CommandLineTests.run(["--version"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == RenditionVersion.string + "\n")
    }
}
