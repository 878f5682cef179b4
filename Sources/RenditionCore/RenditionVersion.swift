/// The version of Rendition, defined here once: what `rendition --version` prints, what the
/// C library's `rdn_version` and `rdn_version_string` return (its header `rendition.h`
/// carries the same numbers as `RDN_VERSION_MAJOR`, `_MINOR`, `_PATCH` and
/// `RDN_VERSION_STRING`, and `Scripts/install-c-library` names the installed library and its
/// SONAME from those macros; the tests check that they agree with this), and part of every
/// output fingerprint, so outputs recorded by another version are rendered again.
///
/// Semantic versioning: the major version changes with incompatible changes of the Swift or C
/// interface, the minor version with additions and with changes of output bytes, the patch
/// version with fixes that change neither.
public enum RenditionVersion {
    /// `MAJOR.MINOR.PATCH`. A static string, so the C library can hand out a pointer to it
    /// that stays valid for the life of the process.
    public static let text: StaticString = "0.4.0"

    /// `MAJOR.MINOR.PATCH` as a `String`.
    public static var string: String { text.description }

    /// The major version.
    public static var major: Int { component(0) }

    /// The minor version.
    public static var minor: Int { component(1) }

    /// The patch version.
    public static var patch: Int { component(2) }

    /// The version as one number, `MAJOR * 10000 + MINOR * 100 + PATCH`, as the C
    /// library's `rdn_version` packs it.
    public static var number: Int { major * 10_000 + minor * 100 + patch }

    /// The `index`th dot-separated number of `text`.
    private static func component(_ index: Int) -> Int {
        let parts = string.split(separator: ".")
        guard parts.count == 3, let value = Int(parts[index]) else {
            preconditionFailure("RenditionVersion.text \(string) is not MAJOR.MINOR.PATCH")
        }
        return value
    }
}
