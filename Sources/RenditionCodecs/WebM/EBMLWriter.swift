/// Builds EBML (Matroska/WebM) elements into a byte array. Master elements are written with
/// their children first and their size prefixed after, so every size is known and minimal.
struct EBMLWriter {
    private(set) var bytes: [UInt8] = []

    /// The element ID's bytes (the marker bit is part of the ID).
    private static func idBytes(_ id: UInt32) -> [UInt8] {
        let length = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        return (0..<length).reversed().map { UInt8(truncatingIfNeeded: id >> (8 * UInt32($0))) }
    }

    /// A size as the shortest variable-length integer that holds it (the all-ones value of
    /// each length is reserved for "unknown").
    static func sizeBytes(_ size: Int, minimumLength: Int = 1) -> [UInt8] {
        var length = max(1, minimumLength)
        while length < 8 && UInt64(size) >= (UInt64(1) << UInt64(7 * length)) - 1 { length += 1 }
        let marked = UInt64(size) | (UInt64(1) << UInt64(7 * length))
        return (0..<length).reversed().map { UInt8(truncatingIfNeeded: marked >> (8 * UInt64($0))) }
    }

    /// An element with `payload` as its data.
    mutating func element(_ id: UInt32, _ payload: [UInt8]) {
        bytes += Self.idBytes(id)
        bytes += Self.sizeBytes(payload.count)
        bytes += payload
    }

    /// An unsigned integer element, in as few bytes as hold it.
    mutating func unsigned(_ id: UInt32, _ value: UInt64) {
        var length = 1
        while length < 8 && value >> UInt64(8 * length) != 0 { length += 1 }
        element(id, (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) })
    }

    /// An 8-byte float element.
    mutating func float(_ id: UInt32, _ value: Double) {
        let bits = value.bitPattern
        element(id, (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) })
    }

    /// A string element.
    mutating func string(_ id: UInt32, _ value: String) {
        element(id, Array(value.utf8))
    }

    /// A master element whose children `body` writes.
    mutating func master(_ id: UInt32, _ body: (inout EBMLWriter) -> Void) {
        var child = EBMLWriter()
        body(&child)
        element(id, child.bytes)
    }
}
