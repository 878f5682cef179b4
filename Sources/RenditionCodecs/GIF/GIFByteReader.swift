/// A bounds-checked cursor over a GIF file's bytes. Every read past the end throws
/// `CodecError.corrupt` naming what was being read, so a truncated file never reads out of
/// bounds.
struct GIFByteReader {
    private let bytes: [UInt8]
    /// Offset of the next byte to read.
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte without consuming it, or `nil` at the end.
    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Reads one byte.
    mutating func byte(_ what: @autoclosure () -> String) throws(CodecError) -> UInt8 {
        guard offset < bytes.count else { throw truncated(what()) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a little-endian 16-bit value.
    mutating func uint16(_ what: @autoclosure () -> String) throws(CodecError) -> Int {
        guard offset + 2 <= bytes.count else { throw truncated(what()) }
        defer { offset += 2 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    /// Reads `count` bytes.
    mutating func bytes(_ count: Int, _ what: @autoclosure () -> String) throws(CodecError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw truncated(what()) }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// Reads a chain of data sub-blocks up to and including the zero-length terminator and
    /// returns the sub-blocks' contents joined together.
    mutating func subBlocks(_ what: @autoclosure () -> String) throws(CodecError) -> [UInt8] {
        var joined = [UInt8]()
        while true {
            let length = Int(try byte(what()))
            if length == 0 { return joined }
            joined.append(contentsOf: try bytes(length, what()))
        }
    }

    /// Reads a chain of data sub-blocks and returns each one's contents, in order.
    mutating func subBlockList(_ what: @autoclosure () -> String) throws(CodecError) -> [ArraySlice<UInt8>] {
        var blocks: [ArraySlice<UInt8>] = []
        while true {
            let length = Int(try byte(what()))
            if length == 0 { return blocks }
            blocks.append(try bytes(length, what()))
        }
    }

    /// Skips `count` bytes; returns `false` (and stays put) when fewer are left.
    @discardableResult
    mutating func skip(_ count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        offset += count
        return true
    }

    /// Skips a chain of data sub-blocks and its terminator; returns `false` when the file
    /// ends first.
    mutating func skipSubBlocks() -> Bool {
        while offset < bytes.count {
            let length = Int(bytes[offset])
            offset += 1
            if length == 0 { return true }
            guard skip(length) else { return false }
        }
        return false
    }

    private func truncated(_ what: String) -> CodecError {
        .corrupt(format: .gif, reason: "the file ends inside \(what) (truncated at byte \(bytes.count))")
    }
}
