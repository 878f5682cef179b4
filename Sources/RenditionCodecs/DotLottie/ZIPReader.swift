import CLibDeflate

/// A read-only ZIP archive in memory (PKWARE APPNOTE 6.3): the central directory read and
/// checked whole, entries inflated on demand into buffers of their declared size.
///
/// Hostile input is expected: the directory must lie inside the file, hold at most
/// `maxEntries` entries with plain relative names (no `..`, no absolute path, no control
/// character or backslash, at most `maxNameBytes` bytes of UTF-8, no duplicates); an entry is
/// inflated only when its declared size fits the caller's budget, into a buffer of exactly
/// that size, so inflating stops there whatever the stream holds, and a stream that holds more
/// or less than declared (a lying size) or fails its CRC-32 is refused. ZIP64, split archives,
/// encryption and methods other than stored and deflate are refused. Nothing is written
/// anywhere and nothing outside `bytes` is read.
struct ZIPReader {
    /// One central directory entry.
    struct Entry: Equatable {
        /// The entry's name (a path inside the archive, `/`-separated).
        let name: String
        /// 0 (stored) or 8 (deflate).
        let method: UInt16
        /// The CRC-32 of the uncompressed data.
        let crc32: UInt32
        /// Compressed size in bytes.
        let compressedSize: Int
        /// Uncompressed size in bytes, as the directory declares it.
        let size: Int
        /// Offset of the entry's local header.
        let localHeaderOffset: Int
        /// Whether the name ends in `/`.
        var isFolder: Bool { name.hasSuffix("/") }
    }

    /// The format errors are reported as.
    let format: ImageFormat
    /// The archive's entries in directory order.
    let entries: [Entry]
    private let bytes: [UInt8]
    /// Where the central directory starts: entry data must end before it.
    private let directoryOffset: Int

    /// Reads the central directory of `bytes`.
    /// - Throws: `.corrupt` for a damaged directory or an unacceptable name, `.unsupported`
    ///   for ZIP64, split or encrypted archives and unknown methods, `.limitExceeded` for more
    ///   than `maxEntries` entries.
    init(_ bytes: [UInt8], format: ImageFormat, maxEntries: Int, maxNameBytes: Int) throws(CodecError) {
        self.bytes = bytes
        self.format = format
        guard let end = Self.endOfDirectory(bytes) else {
            throw .corrupt(format: format, reason: "no end of central directory record: not a whole ZIP archive")
        }
        let disk = Self.u16(bytes, end + 4), directoryDisk = Self.u16(bytes, end + 6)
        let entriesHere = Int(Self.u16(bytes, end + 8)), count = Int(Self.u16(bytes, end + 10))
        let size = Int(Self.u32(bytes, end + 12)), offset = Int(Self.u32(bytes, end + 16))
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
            throw .unsupported(format: format, reason: "ZIP64 archives are not read")
        }
        guard disk == 0, directoryDisk == 0, entriesHere == count else {
            throw .unsupported(format: format, reason: "split (multi-disk) archives are not read")
        }
        guard count <= maxEntries else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(fixed: "an archive of \(count) entries", found: count, maximum: maxEntries))
        }
        guard offset <= end, size <= end - offset else {
            throw .corrupt(
                format: format, reason: "the central directory (\(size) bytes at \(offset)) does not fit in the file")
        }
        directoryOffset = offset
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var names = Set<String>()
        var position = offset
        for index in 0..<count {
            guard position + 46 <= offset + size, Self.u32(bytes, position) == 0x0201_4B50 else {
                throw .corrupt(format: format, reason: "central directory entry \(index) is damaged or missing")
            }
            let flags = Self.u16(bytes, position + 8), method = Self.u16(bytes, position + 10)
            let nameLength = Int(Self.u16(bytes, position + 28))
            let extraLength = Int(Self.u16(bytes, position + 30)), commentLength = Int(Self.u16(bytes, position + 32))
            let nameStart = position + 46
            let next = nameStart + nameLength + extraLength + commentLength
            guard next <= offset + size else {
                throw .corrupt(format: format, reason: "central directory entry \(index) runs past the directory")
            }
            let name = try Self.checkedName(
                bytes[nameStart..<(nameStart + nameLength)], index: index, maxBytes: maxNameBytes, format: format)
            guard names.insert(name).inserted else {
                throw .corrupt(format: format, reason: "the archive holds two entries named \"\(name)\"")
            }
            guard flags & 0x41 == 0 else {
                throw .unsupported(format: format, reason: "entry \"\(name)\" is encrypted")
            }
            guard method == 0 || method == 8 else {
                throw .unsupported(
                    format: format,
                    reason: "entry \"\(name)\" uses compression method \(method) (only stored and deflate are read)")
            }
            entries.append(
                Entry(
                    name: name, method: method, crc32: Self.u32(bytes, position + 16),
                    compressedSize: Int(Self.u32(bytes, position + 20)), size: Int(Self.u32(bytes, position + 24)),
                    localHeaderOffset: Int(Self.u32(bytes, position + 42))))
            position = next
        }
        self.entries = entries
    }

    /// The entry called `name`, or `nil`.
    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The uncompressed data of `entry`, which must declare at most `maxBytes`.
    /// - Throws: `.limitExceeded` when the declared size is over `maxBytes`; `.corrupt` when
    ///   the local header or data lie outside the file, the data inflates to more or fewer
    ///   bytes than declared, or its CRC-32 differs.
    /// `key` is the setting `maxBytes` comes from (`nil`: a bound of the reader's own).
    func data(of entry: Entry, maxBytes: Int, key: DecodeLimitKey?) throws(CodecError) -> [UInt8] {
        guard entry.size <= maxBytes else {
            let measure = "\"\(entry.name)\" of \(entry.size) bytes"
            throw .limitExceeded(
                format: format,
                limit: key.map { ExceededLimit($0, found: entry.size, maximum: maxBytes, measure: measure) }
                    ?? ExceededLimit(fixed: measure, found: entry.size, maximum: maxBytes))
        }
        let local = entry.localHeaderOffset
        guard local <= directoryOffset - 30, Self.u32(bytes, local) == 0x0403_4B50 else {
            throw .corrupt(format: format, reason: "the local header of \"\(entry.name)\" is damaged or missing")
        }
        let start = local + 30 + Int(Self.u16(bytes, local + 26)) + Int(Self.u16(bytes, local + 28))
        guard start <= directoryOffset, entry.compressedSize <= directoryOffset - start else {
            throw .corrupt(format: format, reason: "the data of \"\(entry.name)\" runs past the end of the entries")
        }
        let compressed = bytes[start..<(start + entry.compressedSize)]
        var output = [UInt8](repeating: 0, count: entry.size)
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else {
                throw .corrupt(
                    format: format,
                    reason:
                        "stored entry \"\(entry.name)\" holds \(entry.compressedSize) bytes but declares \(entry.size)")
            }
            output.replaceSubrange(0..<entry.size, with: compressed)
        } else {
            let result = try inflate(compressed, into: &output)
            switch result {
            case LIBDEFLATE_SUCCESS: break
            case LIBDEFLATE_INSUFFICIENT_SPACE:
                throw .corrupt(
                    format: format,
                    reason: "\"\(entry.name)\" inflates to more than the \(entry.size) bytes it declares (a lying size)"
                )
            case LIBDEFLATE_SHORT_OUTPUT:
                throw .corrupt(
                    format: format,
                    reason:
                        "\"\(entry.name)\" inflates to fewer than the \(entry.size) bytes it declares (a lying size)")
            default:
                throw .corrupt(format: format, reason: "the deflate data of \"\(entry.name)\" is damaged")
            }
        }
        let crc = output.withUnsafeBytes { crc32($0) }
        guard crc == entry.crc32 else {
            throw .corrupt(format: format, reason: "\"\(entry.name)\" fails its CRC-32 check")
        }
        return output
    }

    /// Inflates raw deflate data into `output`, which must be filled exactly (libdeflate stops
    /// at its end: a stream holding more never writes past it).
    private func inflate(_ input: ArraySlice<UInt8>, into output: inout [UInt8]) throws(CodecError) -> libdeflate_result
    {
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw .limitExceeded(format: format, limit: .outOfMemory("out of memory allocating a deflate decompressor"))
        }
        defer { libdeflate_free_decompressor(decompressor) }
        var placeholder: UInt8 = 0
        return input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                withUnsafeMutablePointer(to: &placeholder) { empty in
                    libdeflate_deflate_decompress(
                        decompressor, source.baseAddress ?? UnsafeRawPointer(empty), source.count,
                        target.baseAddress ?? UnsafeMutableRawPointer(empty), target.count, nil)
                }
            }
        }
    }

    /// The offset of the end of central directory record: its signature, with a comment that
    /// ends exactly at the end of the file.
    private static func endOfDirectory(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var offset = bytes.count - 22
        while offset >= lowest {
            if u32(bytes, offset) == 0x0605_4B50, offset + 22 + Int(u16(bytes, offset + 20)) == bytes.count {
                return offset
            }
            offset -= 1
        }
        return nil
    }

    /// `raw` as an entry name, or the error saying why it is not one: UTF-8, 1 to `maxBytes`
    /// bytes, no control character or backslash, relative, and no empty, `.` or `..`
    /// component (a folder's trailing `/` aside).
    private static func checkedName(_ raw: ArraySlice<UInt8>, index: Int, maxBytes: Int, format: ImageFormat)
        throws(CodecError) -> String
    {
        guard !raw.isEmpty, raw.count <= maxBytes else {
            throw .corrupt(
                format: format,
                reason: "entry \(index) has a name of \(raw.count) bytes (names are 1 to \(maxBytes) bytes)")
        }
        guard let name = String(validating: raw, as: UTF8.self) else {
            throw .corrupt(format: format, reason: "entry \(index) has a name that is not UTF-8")
        }
        let shown = "\"\(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined())\""
        guard !raw.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else {
            throw .corrupt(format: format, reason: "entry name \(shown) holds a control character or a backslash")
        }
        let components = (name.hasSuffix("/") ? String(name.dropLast()) : name).split(
            separator: "/", omittingEmptySubsequences: false)
        guard !name.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw .corrupt(
                format: format,
                reason: "entry name \(shown) is not a plain relative path (absolute, empty, . or .. component)")
        }
        return name
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
