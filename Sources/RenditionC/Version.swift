import CRendition
import RenditionCore

@c @implementation
public func rdn_version() -> UInt32 {
    UInt32(RenditionVersion.number)
}

@c @implementation
public func rdn_version_string() -> UnsafePointer<CChar>? {
    CStrings.literal(RenditionVersion.text)
}
