import CRendition
import RenditionCore

/// `rdn_version`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_version() -> UInt32 {
    UInt32(RenditionVersion.number)
}

/// `rdn_version_string`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_version_string() -> UnsafePointer<CChar>? {
    CStrings.literal(RenditionVersion.text)
}
