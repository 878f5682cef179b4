import CRendition

@c @implementation
public func rdn_version() -> UInt32 {
    UInt32(RDN_VERSION_MAJOR) * 10_000 + UInt32(RDN_VERSION_MINOR) * 100 + UInt32(RDN_VERSION_PATCH)
}

@c @implementation
public func rdn_version_string() -> UnsafePointer<CChar>? {
    CStrings.literal(RenditionCVersion.literal)
}

/// The library's version as text.
enum RenditionCVersion {
    /// Must equal RDN_VERSION_STRING in rendition.h (the tests compare them).
    static let literal: StaticString = "0.2.0"
    /// The version as a Swift string, for messages.
    static var string: String { literal.description }
}
