import RenditionBatch

/// What identifies one benchmark across runs: the subcommand, the input and the options that
/// change the work (threads, compression, format). Iteration and warm-up counts are not part
/// of it; they change how many samples there are, not what is timed.
struct BenchKey: Hashable, Sendable, CustomStringConvertible {
    /// The `bench` subcommand: `resize`, `pipeline`, `animated` or `lint`.
    let benchmark: String
    /// The input file as given (folders expanded), or `all N files` for the per-sticker
    /// figure over a list of several files.
    let input: String
    /// Options that identify the work, as `name: value` (`threads`, `compression`, `format`).
    let options: [String: String]

    /// The options as `name=value` words in name order.
    var optionsText: String {
        options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// `benchmark input (options)`, for messages.
    var description: String { "\(benchmark) \(input) (\(optionsText))" }
}

/// Percentiles of one benchmark's samples, in microseconds.
struct BenchStatistics: Equatable, Sendable {
    /// Number of timed samples.
    let samples: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let min: Double
    let max: Double

    /// The value of one percentile.
    subscript(_ percentile: BenchPercentile) -> Double {
        switch percentile {
        case .p50: p50
        case .p90: p90
        case .p99: p99
        case .min: min
        case .max: max
        }
    }
}

extension BenchStatistics {
    // In an extension, so the memberwise initialiser stays synthesised.
    /// The statistics of `values` (microseconds; at least one), interpolated as `BenchReport.percentile`.
    init(of values: [Double]) {
        self.init(
            samples: values.count, p50: BenchReport.percentile(values, 50), p90: BenchReport.percentile(values, 90),
            p99: BenchReport.percentile(values, 99), min: values.min() ?? 0, max: values.max() ?? 0)
    }
}

/// One benchmark's identity and statistics: a line of a baseline file, or what this run measured.
struct BenchRecord: Equatable, Sendable {
    let key: BenchKey
    let statistics: BenchStatistics
    /// Bytes of the input (all inputs together for `all N files`), to notice an input that changed.
    let inputBytes: Int?
    /// SHA-256 (hex) of the input's bytes; for `all N files`, of the files' hashes in order,
    /// one per line. A comparison matches a benchmark by it first, so the same file given by
    /// another path (absolute, relative, copied) is the same benchmark. `nil` in baselines
    /// saved before it was recorded: those match by the path.
    var inputHash: String? = nil

    /// Whether `other` times the same work on the same bytes: the same subcommand and options,
    /// and inputs of the same content, wherever they were.
    func sameContent(as other: BenchRecord) -> Bool {
        guard let inputHash, let otherHash = other.inputHash else { return false }
        return inputHash == otherHash && key.benchmark == other.key.benchmark && key.options == other.key.options
    }

    /// Whether the two inputs' hashes are known and differ (the file changed).
    func contentDiffers(from other: BenchRecord) -> Bool {
        guard let inputHash, let otherHash = other.inputHash else { return false }
        return inputHash != otherHash
    }

    /// The hash `inputHash` holds for a list of files with these hashes: the file's own for one.
    static func listHash(_ hashes: [String]) -> String {
        hashes.count == 1 ? hashes[0] : SHA256.hex(Array(hashes.map { $0 + "\n" }.joined().utf8))
    }
}

extension BenchRecord {
    /// The records of one run: one per file when each file was timed on its own (and there
    /// are several), and the per-sticker figure over the whole list (`all N files`, or the
    /// file itself when there is only one).
    /// `inputHashes`, when given, are the SHA-256 (hex) of each file's bytes.
    static func records(
        benchmark: String, options: [String: String], names: [String], inputBytes: [Int],
        inputHashes: [String]? = nil, perSticker: [Double], perFile: [[Double]]?
    ) -> [BenchRecord] {
        var records: [BenchRecord] = []
        if let perFile, names.count > 1 {
            for index in names.indices {
                records.append(
                    BenchRecord(
                        key: BenchKey(benchmark: benchmark, input: names[index], options: options),
                        statistics: BenchStatistics(of: perFile[index]), inputBytes: inputBytes[index],
                        inputHash: inputHashes?[index]))
            }
        }
        let whole = names.count == 1 ? names[0] : "all \(names.count) files"
        records.append(
            BenchRecord(
                key: BenchKey(benchmark: benchmark, input: whole, options: options),
                statistics: BenchStatistics(of: perSticker), inputBytes: inputBytes.reduce(0, +),
                inputHash: inputHashes.map(listHash)))
        return records
    }

    /// The records of one run over `inputs`, the bytes of the files named `names`.
    static func records(
        benchmark: String, options: [String: String], names: [String], inputs: [[UInt8]], perSticker: [Double],
        perFile: [[Double]]?
    ) -> [BenchRecord] {
        records(
            benchmark: benchmark, options: options, names: names, inputBytes: inputs.map(\.count),
            inputHashes: inputs.map { SHA256.hex($0) }, perSticker: perSticker, perFile: perFile)
    }
}
