/// GIF's LZW compression of one frame's palette indices, optionally *lossy*.
///
/// Codes start at `minimumCodeSize + 1` bits and widen up to 12; when the 4,096-entry
/// dictionary is full a clear code starts a new one. The output is the packed code stream
/// (least significant bit first), without the code-size byte or sub-block lengths.
///
/// **Lossy matching** (`GIFLossyMatch`): where the exact next index would end the current
/// dictionary string, a palette colour close to it (within the match's distance) that
/// continues the string is taken instead, so strings grow longer and the stream shorter. Each
/// substituted pixel differs from its own colour by at most that distance; the transparent
/// index is never substituted nor substituted in. The idea is the one behind gifsicle's
/// `--lossy`; this is a greedy, one-pixel-at-a-time version of it.
struct GIFLZWEncoder {
    private static let maximumCode = 4095
    private static let tableSize = 1 << 13

    private var output: [UInt8] = []
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    /// Compresses `indices` (each below `1 << minimumCodeSize`). With `lossy`, indices that were
    /// substituted are rewritten in place, so `indices` ends up as what a decoder will show.
    static func compress(_ indices: inout [UInt8], minimumCodeSize: Int, lossy: GIFLossyMatch?) -> [UInt8] {
        var encoder = GIFLZWEncoder()
        encoder.output.reserveCapacity(indices.count / 2 + 16)
        // Dictionary: open addressing, each slot `(prefix << 8 | index) << 12 | code` in one
        // word, so a lookup is a single load (0 = empty: no code below 4 is ever assigned).
        var slots = [UInt32](repeating: 0, count: tableSize)
        var recent = [UInt32](repeating: 0, count: maximumCode + 1)
        slots.withUnsafeMutableBufferPointer { slots in
            recent.withUnsafeMutableBufferPointer { recent in
                indices.withUnsafeMutableBufferPointer { pixels in
                    encoder.run(
                        pixels, minimumCodeSize: minimumCodeSize, lossy: lossy,
                        dictionary: Dictionary(slots: slots.baseAddress!, recent: recent.baseAddress!))
                }
            }
        }
        return encoder.output
    }

    /// The string table, over memory owned by `compress`.
    private struct Dictionary {
        let slots: UnsafeMutablePointer<UInt32>
        /// Per prefix code, the last child found for it, as `index << 16 | code` (0 = none):
        /// flat art asks for the same child again and again, and this answers with one load
        /// instead of a hash and a probe. Entries never change until the dictionary is cleared.
        let recent: UnsafeMutablePointer<UInt32>

        /// Multiplicative (Fibonacci) hashing of the 20-bit key: short XOR hashes cluster badly
        /// under linear probing here (measured: the whole GIF pipeline 1.8 times as slow).
        @inline(__always)
        private static func slot(_ key: UInt32) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 19) & (tableSize - 1)
        }

        /// The code for `prefix` followed by `index`, if the dictionary has it.
        @inline(__always)
        func child(of prefix: Int, _ index: UInt8) -> Int? {
            let last = recent[prefix]
            if last >> 16 == UInt32(index) && last != 0 { return Int(last & 0xFFF) }
            let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(index))
            var s = Self.slot(key)
            while true {
                let entry = slots[s]
                if entry >> 12 == key && entry != 0 {
                    let code = entry & 0xFFF
                    recent[prefix] = UInt32(index) << 16 | code
                    return Int(code)
                }
                if entry == 0 { return nil }
                s = (s + 1) & (tableSize - 1)
            }
        }

        @inline(__always)
        func add(prefix: Int, _ index: UInt8, code: Int) {
            let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(index))
            var s = Self.slot(key)
            while slots[s] != 0 { s = (s + 1) & (tableSize - 1) }
            slots[s] = key << 12 | UInt32(code)
        }

        func clear() {
            slots.update(repeating: 0, count: tableSize)
            recent.update(repeating: 0, count: maximumCode + 1)
        }
    }

    @inline(__always)
    private mutating func emit(_ code: Int, bits: Int) {
        bitBuffer |= UInt64(code) << UInt64(bitCount)
        bitCount += bits
        while bitCount >= 8 {
            output.append(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private mutating func run(
        _ pixels: UnsafeMutableBufferPointer<UInt8>, minimumCodeSize: Int, lossy: GIFLossyMatch?, dictionary: Dictionary
    ) {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var codeSize = minimumCodeSize + 1
        var lastCode = end  // the most recently assigned code
        emit(clear, bits: codeSize)
        guard !pixels.isEmpty else {
            emit(end, bits: codeSize)
            flush()
            return
        }
        var prefix = Int(pixels[0])
        for i in 1..<pixels.count {
            let index = pixels[i]
            if let code = dictionary.child(of: prefix, index) {
                prefix = code
                continue
            }
            if let lossy, let (code, substitute) = Self.lossyChild(of: prefix, index, lossy, dictionary) {
                pixels[i] = substitute
                prefix = code
                continue
            }
            emit(prefix, bits: codeSize)
            lastCode += 1
            dictionary.add(prefix: prefix, index, code: lastCode)
            if lastCode >= 1 << codeSize && codeSize < 12 { codeSize += 1 }
            if lastCode == Self.maximumCode {
                emit(clear, bits: codeSize)
                dictionary.clear()
                codeSize = minimumCodeSize + 1
                lastCode = end
            }
            prefix = Int(index)
        }
        emit(prefix, bits: codeSize)
        emit(end, bits: codeSize)
        flush()
    }

    /// The first close colour (nearest first) that continues `prefix`, with its code.
    @inline(__always)
    private static func lossyChild(of prefix: Int, _ index: UInt8, _ lossy: GIFLossyMatch, _ dictionary: Dictionary)
        -> (Int, UInt8)?
    {
        for candidate in lossy.neighbours(of: index) {
            if let code = dictionary.child(of: prefix, candidate) { return (code, candidate) }
        }
        return nil
    }

    private mutating func flush() {
        if bitCount > 0 { output.append(UInt8(truncatingIfNeeded: bitBuffer)) }
        bitBuffer = 0
        bitCount = 0
    }

    /// `data` cut into GIF sub-blocks: a length byte (1–255) before each piece, no terminator.
    static func subBlocks(_ data: [UInt8]) -> [[UInt8]] {
        stride(from: 0, to: data.count, by: 255).map { start in
            let piece = data[start..<min(data.count, start + 255)]
            return [UInt8(piece.count)] + piece
        }
    }
}

/// Which palette entries lossy LZW may show instead of an entry: the opaque entries within
/// `distance` of it (Euclidean RGB distance in 8-bit levels), nearest first (ties by index).
struct GIFLossyMatch {
    private let lists: [[UInt8]]

    /// `colors` are the table's opaque entries (little-endian RGBA), at indices 0..<count;
    /// any other index (the transparent entry) has no neighbours.
    init(colors: [UInt32], distance: Int) {
        let limit = distance * distance
        var lists = [[UInt8]](repeating: [], count: 256)
        for (i, a) in colors.enumerated() {
            var near: [(Int, Int)] = []
            for (j, b) in colors.enumerated() where j != i {
                let d = squaredRGBDistance(a, b)
                if d <= limit { near.append((d, j)) }
            }
            near.sort { $0 < $1 }
            lists[i] = near.map { UInt8($0.1) }
        }
        self.lists = lists
    }

    @inline(__always)
    func neighbours(of index: UInt8) -> [UInt8] { lists[Int(index)] }
}
