/// A colour table as written: opaque colours, then (if needed) one transparent entry.
struct GIFColorTable: Equatable {
    /// Opaque little-endian RGBA colours.
    var colors: [UInt32]
    /// Whether an extra, transparent entry follows the colours (at index `colors.count`).
    var hasTransparentEntry: Bool

    /// The transparent entry's index, if any.
    var transparentIndex: Int? { hasTransparentEntry ? colors.count : nil }

    /// Entries in use.
    var entryCount: Int { colors.count + (hasTransparentEntry ? 1 : 0) }

    /// The table size written to the file: a power of two, at least 2.
    var tableSize: Int {
        var size = 2
        while size < entryCount { size <<= 1 }
        return size
    }
}
