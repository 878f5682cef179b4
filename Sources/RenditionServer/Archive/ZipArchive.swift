import CZlib

/// Writes a ZIP archive of stored (uncompressed) entries in memory. The renditions and packs
/// it carries are PNG, WebP, GIF and WebM files, compressed already, so deflating them again
/// would cost time for nothing. Entries carry a fixed date (1980-01-01) so that the same
/// files always make the same archive; names are UTF-8 (general purpose bit 11).
package struct ZipArchive: Sendable {
    private struct Entry {
        let name: [UInt8]
        let crc: UInt32
        let size: UInt32
        let offset: UInt32
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// An empty archive.
    package init() {}

    /// Why an archive could not be made: it would need ZIP64 (an entry or the archive over
    /// 4 GiB, or more than 65,535 entries), or a name is too long.
    package struct TooLarge: Error, Sendable {}

    /// Adds a file called `name` (forward slashes between folders) holding `contents`.
    package mutating func add(_ name: String, _ contents: [UInt8]) throws(TooLarge) {
        let nameBytes = Array(name.utf8)
        guard nameBytes.count <= 0xFFFF, contents.count <= 0xFFFF_FFFE, entries.count < 0xFFFF,
            bytes.count + 30 + nameBytes.count + contents.count <= 0xFFFF_FFFE
        else { throw TooLarge() }
        let crc = contents.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
        let entry = Entry(name: nameBytes, crc: crc, size: UInt32(contents.count), offset: UInt32(bytes.count))
        // Local file header.
        append32(0x0403_4b50)
        append16(20)  // version needed: 2.0
        append16(0x0800)  // UTF-8 names
        append16(0)  // stored
        append16(0)  // time 00:00
        append16(0x21)  // date 1980-01-01
        append32(entry.crc)
        append32(entry.size)
        append32(entry.size)
        append16(UInt16(nameBytes.count))
        append16(0)  // no extra field
        bytes += nameBytes
        bytes += contents
        entries.append(entry)
    }

    /// The archive: the entries, the central directory and its end record.
    package func finished() throws(TooLarge) -> [UInt8] {
        var archive = self
        let directoryStart = archive.bytes.count
        for entry in entries {
            archive.append32(0x0201_4b50)
            archive.append16(0x031E)  // made by: Unix, 3.0
            archive.append16(20)
            archive.append16(0x0800)
            archive.append16(0)
            archive.append16(0)
            archive.append16(0x21)
            archive.append32(entry.crc)
            archive.append32(entry.size)
            archive.append32(entry.size)
            archive.append16(UInt16(entry.name.count))
            archive.append16(0)  // extra
            archive.append16(0)  // comment
            archive.append16(0)  // disk
            archive.append16(0)  // internal attributes
            archive.append32(0o100644 << 16)  // external: a regular file, rw-r--r--
            archive.append32(entry.offset)
            archive.bytes += entry.name
        }
        let directorySize = archive.bytes.count - directoryStart
        guard archive.bytes.count <= 0xFFFF_FFFE else { throw TooLarge() }
        archive.append32(0x0605_4b50)
        archive.append16(0)
        archive.append16(0)
        archive.append16(UInt16(entries.count))
        archive.append16(UInt16(entries.count))
        archive.append32(UInt32(directorySize))
        archive.append32(UInt32(directoryStart))
        archive.append16(0)
        return archive.bytes
    }

    private mutating func append16(_ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    private mutating func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
