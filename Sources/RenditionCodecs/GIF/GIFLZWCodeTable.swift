/// The string table of GIF's LZW decompression, with the current code width.
///
/// Each code's string is kept as where it first appeared in the output and its length. A new
/// code is always the previous string plus the first byte of the one after it, and the two are
/// adjacent in the output, so every string can be copied from there: no prefix chains to walk.
/// Codes below `clear` are single bytes, written directly. The storage is allocated once;
/// call `deallocate()` when done.
struct GIFLZWCodeTable {
    /// The largest number of codes (12-bit codes).
    static var maxCodes: Int { 4096 }

    /// The stream's minimum code size (1–11): literal codes are below `1 << minimumCodeSize`.
    let minimumCodeSize: Int
    /// The clear code: `1 << minimumCodeSize`.
    let clear: Int
    /// The end-of-information code, after `clear`.
    let endOfInformation: Int
    /// The width of the next code, in bits.
    private(set) var codeSize: Int
    /// `(1 << codeSize) - 1`.
    private(set) var codeMask: Int
    /// The code the next table entry gets.
    private var nextCode: Int
    /// The code read before, or -1 after a clear code.
    private var previous = -1
    /// Where the previous code's string was written.
    private var previousStart = 0
    private let origin: UnsafeMutablePointer<Int32>
    private let length: UnsafeMutablePointer<Int32>

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        clear = 1 << minimumCodeSize
        endOfInformation = clear + 1
        codeSize = minimumCodeSize + 1
        codeMask = (1 << codeSize) - 1
        nextCode = endOfInformation + 1
        origin = .allocate(capacity: Self.maxCodes)
        length = .allocate(capacity: Self.maxCodes)
        origin.initialize(repeating: 0, count: Self.maxCodes)
        length.initialize(repeating: 1, count: Self.maxCodes)
    }

    func deallocate() {
        origin.deallocate()
        length.deallocate()
    }

    /// Back to the initial code width and entries, after a clear code.
    @inline(__always)
    mutating func reset() {
        codeSize = minimumCodeSize + 1
        codeMask = (1 << codeSize) - 1
        nextCode = endOfInformation + 1
        previous = -1
    }

    /// Writes `code`'s string at `out[start...]`, as much of it as fits below `capacity`.
    /// - Returns: the string's full length.
    /// - Throws: `.undefinedCode` for a code that is not in the table yet.
    @inline(__always)
    func write(
        _ code: Int, to out: UnsafeMutablePointer<UInt8>, at start: Int, capacity: Int
    ) throws(GIFLZWDecoder.Failure) -> Int {
        if code < clear {
            out[start] = UInt8(truncatingIfNeeded: code)
            return 1
        }
        if code < nextCode {
            // A known string, earlier in the output: copy what fits.
            let count = Int(length[code])
            (out + start).update(from: out + Int(origin[code]), count: min(count, capacity - start))
            return count
        }
        if code == nextCode && previous >= 0 && nextCode < Self.maxCodes {
            // The "KwKwK" case: the previous string plus its own first byte, which is the
            // first byte written here; copied forwards, byte by byte, it comes out right.
            let count = Int(length[previous]) + 1
            let from = out + previousStart
            for i in 0..<min(count, capacity - start) { out[start + i] = from[i] }
            return count
        }
        throw .undefinedCode(code: code, nextCode: nextCode)
    }

    /// After `code`'s string was written at `start`: adds the entry the previous string and
    /// this one make, and widens the codes when the table fills the current width.
    @inline(__always)
    mutating func extend(after code: Int, writtenAt start: Int) {
        if previous >= 0 && nextCode < Self.maxCodes {
            origin[nextCode] = Int32(previousStart)
            length[nextCode] = length[previous] &+ 1
            nextCode += 1
        }
        previous = code
        previousStart = start
        if nextCode == codeMask + 1 && codeSize < 12 {
            codeSize += 1
            codeMask = (1 << codeSize) - 1
        }
    }
}
