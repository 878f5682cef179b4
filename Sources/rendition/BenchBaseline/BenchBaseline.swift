import Foundation
import RenditionBatch

/// A baseline file (`rendition bench … --save-baseline FILE`): the statistics of every
/// benchmark of a run and the machine they were measured on, for `--compare FILE` later.
///
/// ```json
/// {"schema": "rendition-bench-baseline/1", "created": "2026-01-02T03:04:05Z",
///  "machine": {"cpu": "…", "cores": 2, "os": "…", "rendition_version": "0.3.0"},
///  "benchmarks": [{"benchmark": "pipeline", "input": "a.png", "options": {"compression": "6", "threads": "1"},
///                  "input_bytes": 20334, "input_sha256": "9f86d0…", "samples": 50, "p50_us": 9119.3, "p90_us": 10583.9,
///                  "p99_us": 11811.0, "min_us": 6586.9, "max_us": 12001.2}]}
/// ```
struct BenchBaseline: Equatable, Sendable {
    /// The format's name and version; a reader refuses other versions.
    static let schema = "rendition-bench-baseline/1"

    /// When the baseline was recorded (ISO 8601, UTC).
    let created: String
    let machine: BenchMachine
    let records: [BenchRecord]

    /// The file's bytes: pretty-printed JSON with sorted keys, so baselines diff well in git.
    func encoded() -> [UInt8] {
        let file = File(
            schema: Self.schema, created: created, machine: machine,
            benchmarks: records.map { record in
                Entry(
                    benchmark: record.key.benchmark, input: record.key.input, options: record.key.options,
                    inputBytes: record.inputBytes, inputHash: record.inputHash, samples: record.statistics.samples,
                    p50: Self.nanosecondPrecision(record.statistics.p50),
                    p90: Self.nanosecondPrecision(record.statistics.p90),
                    p99: Self.nanosecondPrecision(record.statistics.p99),
                    min: Self.nanosecondPrecision(record.statistics.min),
                    max: Self.nanosecondPrecision(record.statistics.max))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value is a string, an integer or a finite double: encoding cannot fail.
        return Array((try? encoder.encode(file)) ?? Data("{}".utf8)) + [UInt8(ascii: "\n")]
    }

    /// `microseconds` rounded to the nanosecond, the clock's resolution (`248.8215`, not `268.52630000000005`).
    private static func nanosecondPrecision(_ microseconds: Double) -> Double {
        (microseconds * 1000).rounded() / 1000
    }

    /// Reads the baseline at `path`.
    static func load(_ path: String) throws(BenchBaselineError) -> BenchBaseline {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path, upTo: maximumFileBytes) } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        if bytes.count > maximumFileBytes {
            throw .malformed(path: path, reason: "the file is larger than \(maximumFileBytes / 1_048_576) MiB")
        }
        return try decode(bytes, path: path)
    }

    /// Reads a baseline from its bytes; `path` names it in errors.
    static func decode(_ bytes: [UInt8], path: String) throws(BenchBaselineError) -> BenchBaseline {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        // The schema first, so a file of another version is named as such rather than as malformed.
        let header: Header
        do { header = try decoder.decode(Header.self, from: data) } catch {
            throw .malformed(path: path, reason: Self.describe(error))
        }
        guard header.schema == schema else { throw .unsupportedSchema(path: path, schema: header.schema) }
        let file: File
        do { file = try decoder.decode(File.self, from: data) } catch {
            throw .malformed(path: path, reason: Self.describe(error))
        }
        var seen = Set<BenchKey>()
        var records: [BenchRecord] = []
        for (index, entry) in file.benchmarks.enumerated() {
            let record = entry.record
            guard entry.samples >= 1 else {
                throw .malformed(path: path, reason: "benchmarks[\(index)].samples must be at least 1")
            }
            for (name, value) in [
                ("p50_us", entry.p50), ("p90_us", entry.p90), ("p99_us", entry.p99), ("min_us", entry.min),
                ("max_us", entry.max),
            ]
            where !(value.isFinite && value > 0) {
                throw .malformed(
                    path: path, reason: "benchmarks[\(index)].\(name) must be a positive number of microseconds")
            }
            guard seen.insert(record.key).inserted else {
                throw .malformed(path: path, reason: "benchmarks[\(index)] repeats \(record.key.description)")
            }
            records.append(record)
        }
        return BenchBaseline(created: file.created, machine: file.machine, records: records)
    }

    /// Larger files are refused rather than read (a baseline is a few KB).
    static let maximumFileBytes = 16 * 1_048_576

    /// `missing "p50_us" at benchmarks[0]`, `benchmarks[2].samples is not a number`.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func place(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the file is not valid JSON" : "\(place(context.codingPath)) is invalid"
        case .keyNotFound(let key, let context):
            let parent = place(context.codingPath)
            return "missing \"\(key.stringValue)\"" + (parent.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let what =
                type == String.self
                ? "a string"
                : type == Int.self
                    ? "an integer"
                    : type == Double.self
                        ? "a number"
                        : String(describing: type).hasPrefix("Array") ? "a list" : "an object"
            return context.codingPath.isEmpty
                ? "the file is not a JSON object" : "\(place(context.codingPath)) is not \(what)"
        @unknown default:
            return "\(error)"
        }
    }

    private struct Header: Decodable { let schema: String }

    private struct File: Codable {
        let schema: String
        let created: String
        let machine: BenchMachine
        let benchmarks: [Entry]
    }

    private struct Entry: Codable {
        let benchmark: String
        let input: String
        let options: [String: String]
        let inputBytes: Int?
        let inputHash: String?
        let samples: Int
        let p50, p90, p99, min, max: Double

        enum CodingKeys: String, CodingKey {
            case benchmark, input, options, samples
            case inputBytes = "input_bytes"
            case inputHash = "input_sha256"
            case p50 = "p50_us", p90 = "p90_us", p99 = "p99_us", min = "min_us", max = "max_us"
        }

        var record: BenchRecord {
            BenchRecord(
                key: BenchKey(benchmark: benchmark, input: input, options: options),
                statistics: BenchStatistics(samples: samples, p50: p50, p90: p90, p99: p99, min: min, max: max),
                inputBytes: inputBytes, inputHash: inputHash)
        }
    }
}

/// A baseline file that cannot be used: a run-time failure (exit status 1), not bad usage.
enum BenchBaselineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read (the system's reason).
    case unreadable(path: String, reason: String)
    /// The file is not a baseline: not JSON, a missing or mistyped field, an impossible value.
    case malformed(path: String, reason: String)
    /// A baseline of another format version.
    case unsupportedSchema(path: String, schema: String)

    var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "could not read the baseline \(path): \(reason)"
        case .malformed(let path, let reason):
            "\(path) is not a rendition bench baseline: \(reason)"
        case .unsupportedSchema(let path, let schema):
            "\(path) is a baseline of schema \"\(schema)\"; this rendition reads \"\(BenchBaseline.schema)\" (save the baseline again with --save-baseline)"
        }
    }
}
