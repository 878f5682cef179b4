/// One of `count` disjoint parts of a catalog, so that several machines (for example the
/// pods of a Kubernetes Indexed Job, the tasks of a Slurm or AWS Batch array job, or GNU
/// parallel jobs) can each render their part.
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
    package init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i - 1, count: n)
    }

    /// Whether the sticker called `name` belongs to this shard.
    package func contains(stickerNamed name: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index
    }

    /// The sticker files of `files` that belong to this shard (by their sticker names), in order.
    package func stickerFiles(_ files: [String]) -> [String] {
        files.filter { contains(stickerNamed: StickerInputs.stickerName(for: $0)) }
    }

    /// `i/n`, 1-based.
    public var description: String { "\(index + 1)/\(count)" }
}

extension Shard {
    /// The array-job index variables `auto/N` reads, first set first: Kubernetes Indexed Jobs
    /// (0-based), AWS Batch array jobs (0-based) and Slurm job arrays (counted from
    /// SLURM_ARRAY_TASK_MIN in steps of SLURM_ARRAY_TASK_STEP).
    package static let schedulerVariables = [
        "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "SLURM_ARRAY_TASK_ID",
    ]

    /// Parses `i/n` (1-based `i`) or `auto/n`, which takes the index from the scheduler's
    /// variable in `environment` (see `schedulerVariables`).
    public static func parse(_ text: String, environment: [String: String]) throws(ShardSpecError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else { throw .syntax(text) }
        guard parts[0] == "auto" else {
            guard let shard = Shard(parsing: text) else { throw .syntax(text) }
            return shard
        }
        guard let variable = schedulerVariables.first(where: { environment[$0] != nil }),
            let value = environment[variable]
        else {
            throw .noSchedulerIndex
        }
        guard var index = Int(value) else { throw .badVariable(variable, value) }
        if variable == "SLURM_ARRAY_TASK_ID" {
            let minimum = try Self.integer("SLURM_ARRAY_TASK_MIN", in: environment) ?? 0
            let step = try Self.integer("SLURM_ARRAY_TASK_STEP", in: environment) ?? 1
            guard step >= 1, index >= minimum, (index - minimum) % step == 0 else {
                throw .badVariable(variable, value)
            }
            index = (index - minimum) / step
        }
        guard let shard = Shard(index: index, count: count) else {
            throw .indexOutOfRange(variable: variable, index: index, count: count)
        }
        return shard
    }

    private static func integer(_ name: String, in environment: [String: String]) throws(ShardSpecError) -> Int? {
        guard let value = environment[name] else { return nil }
        guard let number = Int(value) else { throw .badVariable(name, value) }
        return number
    }
}

/// Why a `--shard` value could not be used.
public enum ShardSpecError: Error, Equatable, CustomStringConvertible {
    /// Neither `i/n` with 1 <= i <= n nor `auto/n`.
    case syntax(String)
    /// `auto/n` but no scheduler index variable is set.
    case noSchedulerIndex
    /// A scheduler variable that is not a usable integer.
    case badVariable(String, String)
    /// The scheduler's index (0-based) is not below the shard count.
    case indexOutOfRange(variable: String, index: Int, count: Int)

    /// What is wrong, for people.
    public var description: String {
        switch self {
        case .syntax(let text):
            "--shard must look like i/n with 1 <= i <= n (e.g. 1/4) or auto/n, not \"\(text)\""
        case .noSchedulerIndex:
            "--shard auto/n takes the index from \(Shard.schedulerVariables.joined(separator: ", ")), and none is set"
        case .badVariable(let name, let value):
            "--shard auto/n: \(name)=\(value) is not a valid array index"
        case .indexOutOfRange(let variable, let index, let count):
            "--shard auto/\(count): \(variable) gives index \(index) (0-based), which is not below \(count); make the array as large as the shard count"
        }
    }
}
