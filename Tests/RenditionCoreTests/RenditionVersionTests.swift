import RenditionCore
import Testing

/// `RenditionVersion`, the one version of Rendition (the C header's macros and the installed
/// library's name are checked against it in RenditionCTests, `rendition --version` in
/// RenditionCLITests).
@Suite("Rendition version")
struct RenditionVersionTests {
    @Test("the version is MAJOR.MINOR.PATCH, its parts are its numbers, and they pack into rdn_version's number")
    func parts() {
        #expect(
            RenditionVersion.string == "\(RenditionVersion.major).\(RenditionVersion.minor).\(RenditionVersion.patch)")
        #expect(
            RenditionVersion.number == RenditionVersion.major * 10_000 + RenditionVersion.minor * 100
                + RenditionVersion.patch)
        #expect(
            RenditionVersion.minor < 100 && RenditionVersion.patch < 100,
            "MAJOR * 10000 + MINOR * 100 + PATCH stays unambiguous")
    }
}
