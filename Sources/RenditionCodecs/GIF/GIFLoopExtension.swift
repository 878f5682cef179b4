/// The looping application extension (`NETSCAPE2.0`, or its older twin `ANIMEXTS1.0`).
enum GIFLoopExtension {
    /// Whether an application extension's 11-byte identifier block names a looping extension.
    static func isLooping(identifier: ArraySlice<UInt8>) -> Bool {
        let text = Array(identifier)
        return text == Array("NETSCAPE2.0".utf8) || text == Array("ANIMEXTS1.0".utf8)
    }

    /// The loop count in the extension's sub-blocks (sub-block id 1, a 16-bit repeat count;
    /// 0 = forever), or `nil` when none is there.
    static func repeatCount(in blocks: [ArraySlice<UInt8>]) -> Int? {
        for block in blocks where block.count >= 3 && block.first == 1 {
            let b = Array(block.prefix(3))
            return Int(b[1]) | Int(b[2]) << 8
        }
        return nil
    }

    /// The number of times an animation plays, as `Animation.loopCount` counts it, from the
    /// extension's repeat count: browsers (Chrome, Firefox, Safari) play a GIF once when it has
    /// no looping extension, forever when the count is 0, and `count + 1` times otherwise (the
    /// count is the number of *repeats*).
    static func plays(repeatCount: Int?) -> Int {
        guard let repeatCount else { return 1 }
        return repeatCount == 0 ? 0 : repeatCount + 1
    }

    /// The repeat count to write for an animation that plays `plays` times (0 = forever):
    /// `nil` (no extension) for a single play; otherwise `plays - 1`, capped at 65,535.
    static func repeatCount(plays: Int) -> Int? {
        if plays == 1 { return nil }
        if plays <= 0 { return 0 }
        return min(plays - 1, 65_535)
    }
}
