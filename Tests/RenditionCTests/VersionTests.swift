import CRendition
import RenditionC
import Testing

@Suite("version")
struct VersionTests {
    @Test("rdn_version and rdn_version_string match the header's macros")
    func versionMatchesHeader() {
        #expect(rdn_version() == UInt32(RDN_VERSION_MAJOR) * 10_000 + UInt32(RDN_VERSION_MINOR) * 100 + UInt32(RDN_VERSION_PATCH))
        #expect(String(cString: rdn_version_string()) == RDN_VERSION_STRING)
    }
}
