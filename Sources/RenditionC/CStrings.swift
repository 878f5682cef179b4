import CRendition
import Glibc

/// C strings and buffers handed to callers: static literals, and `malloc`ed copies the
/// caller frees through the matching `rdn_*_free`.
enum CStrings {
    /// A string literal as a C string: literals are stored NUL-terminated in the library's
    /// read-only data, so the pointer stays valid for the life of the process.
    static func literal(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// A `malloc`ed NUL-terminated copy of `text`, or `nil` when memory runs out.
    static func duplicate(_ text: String) -> UnsafeMutablePointer<CChar>? {
        var text = text
        return text.withUTF8 { utf8 -> UnsafeMutablePointer<CChar>? in
            guard let memory = malloc(utf8.count + 1) else { return nil }
            let bytes = memory.assumingMemoryBound(to: UInt8.self)
            if let base = utf8.baseAddress { bytes.update(from: base, count: utf8.count) }
            bytes[utf8.count] = 0
            return memory.assumingMemoryBound(to: CChar.self)
        }
    }

    /// A `malloc`ed copy of `bytes` (at least one byte is allocated, so an empty result is
    /// still a non-NULL pointer), or `nil` when memory runs out.
    /// A JSON report handed to the caller (freed with `rdn_string_free`), or
    /// RDN_ERROR_OUT_OF_MEMORY naming its size.
    static func report(_ json: String) throws(CFailure) -> UnsafeMutablePointer<CChar> {
        guard let copy = duplicate(json) else {
            throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "no memory for the \(json.utf8.count)-byte report")
        }
        return copy
    }

    static func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8>? {
        guard let memory = malloc(max(1, bytes.count)) else { return nil }
        let destination = memory.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { destination.update(from: base, count: source.count) }
        }
        return destination
    }
}

/// `rdn_bytes_free`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_bytes_free(_ bytes: UnsafeMutablePointer<UInt8>?) {
    free(bytes)
}

/// `rdn_string_free`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
