/// One of `count` disjoint parts of a catalog, so that several machines (for example the
/// pods of a Kubernetes Indexed Job, or GNU parallel jobs) can each render their part.
///
/// A sticker belongs to shard `hash(name) mod count`, with a fixed 64-bit FNV-1a hash of its
/// name: membership does not change when other stickers are added or removed.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// Zero-based shard index.
    public let index: Int
    /// Number of shards.
    public let count: Int

    /// Creates shard `index` (0-based) of `count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n` with a 1-based `i` (`1/4` ... `4/4`).
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i - 1, count: n)
    }

    /// Whether the sticker called `name` belongs to this shard.
    public func contains(stickerNamed name: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index
    }

    /// `i/n`, 1-based.
    public var description: String { "\(index + 1)/\(count)" }
}
